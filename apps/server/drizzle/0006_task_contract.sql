-- The task contract (ADR 027): a trial's task-specific fields move into trials.fields and a
-- result's task-specific scores into test_results.scores (scoring version 1), so every task
-- shares the same tables. Every stored Stroop value moves across; migrate-0006.test.ts compares them.
ALTER TABLE "trials" DROP CONSTRAINT "trials_phase_check";--> statement-breakpoint
DROP INDEX "trials_result_phase_number_key";--> statement-breakpoint
DROP INDEX "trials_report_idx";--> statement-breakpoint
ALTER TABLE "trials" ALTER COLUMN "response" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "trials" ALTER COLUMN "reaction_time" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "trials" ALTER COLUMN "is_correct" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "scores" jsonb;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "scoring_version" integer;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "block" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "input_modality" text DEFAULT 'keyboard' NOT NULL;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "report_cell" text;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The double precision scores reach jsonb through their text form, which keeps every digit only
-- while extra_float_digits is above 0: a database or role set to 0 (the default before
-- PostgreSQL 12) would round them to 15 digits. Set for this transaction only.
SET LOCAL extra_float_digits = 3;--> statement-breakpoint
UPDATE "trials" SET
  "fields" = jsonb_build_object(
    'cueWord', "cue_word",
    'stimulusWord', "stimulus_word",
    'stimulusColor', "stimulus_color",
    'isSwitch', "is_switch",
    'isCongruent', "is_congruent"),
  "report_cell" = CASE WHEN "phase" = 'test' THEN
    (CASE WHEN "is_switch" THEN 'switch' ELSE 'noswitch' END) || ', ' ||
    (CASE WHEN "cue_word" = 'Word' THEN 'word' ELSE 'color' END)
  END;--> statement-breakpoint
UPDATE "test_results" SET
  "scores" = jsonb_build_object(
    'colorNamingAccuracy', "color_naming_accuracy",
    'wordReadingAccuracy', "word_reading_accuracy",
    'interferenceEffect', "interference_effect",
    'metrics', "metrics"),
  "scoring_version" = 1
WHERE "overall_score" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "trials_result_position_key" ON "trials" USING btree ("result_id","phase","block","trial_number");--> statement-breakpoint
CREATE INDEX "trials_report_idx" ON "trials" USING btree ("phase","report_cell","is_correct","reaction_time","result_id");--> statement-breakpoint
ALTER TABLE "test_results" DROP COLUMN "color_naming_accuracy";--> statement-breakpoint
ALTER TABLE "test_results" DROP COLUMN "word_reading_accuracy";--> statement-breakpoint
ALTER TABLE "test_results" DROP COLUMN "interference_effect";--> statement-breakpoint
ALTER TABLE "test_results" DROP COLUMN "metrics";--> statement-breakpoint
ALTER TABLE "trials" DROP COLUMN "cue_word";--> statement-breakpoint
ALTER TABLE "trials" DROP COLUMN "stimulus_word";--> statement-breakpoint
ALTER TABLE "trials" DROP COLUMN "stimulus_color";--> statement-breakpoint
ALTER TABLE "trials" DROP COLUMN "is_switch";--> statement-breakpoint
ALTER TABLE "trials" DROP COLUMN "is_congruent";--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_input_modality_check" CHECK ("trials"."input_modality" in ('keyboard', 'touch', 'mouse'));
