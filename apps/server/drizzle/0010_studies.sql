CREATE TABLE "studies" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"owner_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"participant_cap" integer,
	"captured_params" text[] DEFAULT '{}'::text[] NOT NULL,
	"completion_url" text,
	"decline_message" text DEFAULT '' NOT NULL,
	"decline_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studies_state_check" CHECK ("studies"."state" in ('draft', 'open', 'paused', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "study_codes" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"study_id" text NOT NULL,
	"number" integer NOT NULL,
	"code" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "study_collaborators" (
	"study_id" text NOT NULL,
	"user_id" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_collaborators_study_id_user_id_pk" PRIMARY KEY("study_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "study_versions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"study_id" text NOT NULL,
	"number" integer NOT NULL,
	"content" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"first_started_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_codes" ADD CONSTRAINT "study_codes_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_collaborators" ADD CONSTRAINT "study_collaborators_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_collaborators" ADD CONSTRAINT "study_collaborators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_versions" ADD CONSTRAINT "study_versions_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_versions" ADD CONSTRAINT "study_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "studies_code_key" ON "studies" USING btree ("code");--> statement-breakpoint
CREATE INDEX "studies_owner_idx" ON "studies" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_codes_study_code_key" ON "study_codes" USING btree ("study_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "study_codes_study_number_key" ON "study_codes" USING btree ("study_id","number");--> statement-breakpoint
CREATE INDEX "study_collaborators_user_idx" ON "study_collaborators" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_versions_study_number_key" ON "study_versions" USING btree ("study_id","number");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'researcher', 'admin'));