CREATE TABLE "study_participant_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"participant_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_participants" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"study_id" text NOT NULL,
	"version_id" text NOT NULL,
	"code_id" text,
	"state" text DEFAULT 'started' NOT NULL,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"consent_hash" text,
	"consented_at" timestamp with time zone,
	"demographics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_preview" boolean DEFAULT false NOT NULL,
	"excluded" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "study_participants_state_check" CHECK ("study_participants"."state" in ('started', 'consented', 'declined', 'completed', 'abandoned'))
);
--> statement-breakpoint
ALTER TABLE "test_results" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "test_sessions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "participant_id" text;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "owner_id" text GENERATED ALWAYS AS (coalesce(user_id, participant_id)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "study_step" integer;--> statement-breakpoint
ALTER TABLE "test_sessions" ADD COLUMN "participant_id" text;--> statement-breakpoint
ALTER TABLE "study_participant_tokens" ADD CONSTRAINT "study_participant_tokens_participant_id_study_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."study_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_participants" ADD CONSTRAINT "study_participants_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_participants" ADD CONSTRAINT "study_participants_version_id_study_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."study_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_participants" ADD CONSTRAINT "study_participants_code_id_study_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."study_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_participant_tokens_participant_idx" ON "study_participant_tokens" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "study_participants_study_started_idx" ON "study_participants" USING btree ("study_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "study_participants_code_key" ON "study_participants" USING btree ("code_id");--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_participant_id_study_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."study_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_sessions" ADD CONSTRAINT "test_sessions_participant_id_study_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."study_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_results_owner_start_idx" ON "test_results" USING btree ("owner_id","start_time");--> statement-breakpoint
CREATE INDEX "test_sessions_participant_id_idx" ON "test_sessions" USING btree ("participant_id");--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_one_owner" CHECK (("test_results"."user_id" is null) <> ("test_results"."participant_id" is null));--> statement-breakpoint
ALTER TABLE "test_sessions" ADD CONSTRAINT "test_sessions_one_owner" CHECK (("test_sessions"."user_id" is null) <> ("test_sessions"."participant_id" is null));