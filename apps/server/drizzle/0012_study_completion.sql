ALTER TABLE "studies" ADD COLUMN "completion_code" text;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "show_scores" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "study_participants" ADD COLUMN "completion_code" text;