CREATE TABLE "study_assignments" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"participant_id" text NOT NULL,
	"study_id" text NOT NULL,
	"version_id" text NOT NULL,
	"cell_key" text NOT NULL,
	"counts" jsonb NOT NULL,
	"full_arms" text[] DEFAULT '{}'::text[] NOT NULL,
	"rule" text NOT NULL,
	"seed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "refill" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "active_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "study_participants" ADD COLUMN "cell_key" text DEFAULT 'arm=-|row=-' NOT NULL;--> statement-breakpoint
ALTER TABLE "study_participants" ADD COLUMN "arm" text;--> statement-breakpoint
ALTER TABLE "study_participants" ADD COLUMN "order_row" integer;--> statement-breakpoint
ALTER TABLE "study_participants" ADD COLUMN "factor_levels" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "study_participants" ADD COLUMN "step_order" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "study_assignments" ADD CONSTRAINT "study_assignments_participant_id_study_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."study_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_assignments" ADD CONSTRAINT "study_assignments_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_assignments" ADD CONSTRAINT "study_assignments_version_id_study_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."study_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "study_assignments_participant_key" ON "study_assignments" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "study_assignments_study_idx" ON "study_assignments" USING btree ("study_id","created_at");--> statement-breakpoint
CREATE INDEX "study_participants_version_cell_idx" ON "study_participants" USING btree ("version_id","cell_key");