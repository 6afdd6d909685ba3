CREATE TABLE "study_export_jobs" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"study_id" text NOT NULL,
	"requested_by" text NOT NULL,
	"kind" text NOT NULL,
	"with_params" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"bytes" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "study_export_jobs_state_check" CHECK ("study_export_jobs"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "study_participant_params" (
	"participant_id" text NOT NULL,
	"study_id" text NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"is_panel_id" boolean DEFAULT false NOT NULL,
	CONSTRAINT "study_participant_params_participant_id_name_pk" PRIMARY KEY("participant_id","name")
);
--> statement-breakpoint
ALTER TABLE "study_participants" DROP CONSTRAINT "study_participants_state_check";--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "panel" text DEFAULT 'generic' NOT NULL;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "panel_id_param" text;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "screen_out_code" text;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "dataset" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "study_participants" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "study_participants" ADD COLUMN "withdrawn_by" text;--> statement-breakpoint
ALTER TABLE "study_export_jobs" ADD CONSTRAINT "study_export_jobs_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_export_jobs" ADD CONSTRAINT "study_export_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_participant_params" ADD CONSTRAINT "study_participant_params_participant_id_study_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."study_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_participant_params" ADD CONSTRAINT "study_participant_params_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_export_jobs_study_idx" ON "study_export_jobs" USING btree ("study_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "study_participant_params_panel_id_key" ON "study_participant_params" USING btree ("study_id","value") WHERE "study_participant_params"."is_panel_id";--> statement-breakpoint
CREATE INDEX "study_participant_params_study_value_idx" ON "study_participant_params" USING btree ("study_id","value");--> statement-breakpoint
ALTER TABLE "study_participants" ADD CONSTRAINT "study_participants_state_check" CHECK ("study_participants"."state" in ('started', 'consented', 'declined', 'completed', 'abandoned', 'stopped', 'withdrawn'));--> statement-breakpoint
INSERT INTO "study_participant_params" ("participant_id", "study_id", "name", "value")
SELECT p."id", p."study_id", kv."key", kv."value"
FROM "study_participants" p, jsonb_each_text(p."params") kv;
