CREATE TABLE "result_scores" (
	"result_id" text NOT NULL,
	"scoring_version" integer NOT NULL,
	"overall_score" integer,
	"total_trials" integer,
	"correct_trials" integer,
	"average_reaction_time" double precision,
	"scores" jsonb,
	"report_cells" jsonb,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_scores_result_id_scoring_version_pk" PRIMARY KEY("result_id","scoring_version")
);
--> statement-breakpoint
DROP INDEX "trials_report_idx";--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "report_cells" jsonb;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "exclusions" text[];--> statement-breakpoint
ALTER TABLE "result_scores" ADD CONSTRAINT "result_scores_result_id_test_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."test_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every result scored before keeps its scores on record under the version that computed them;
-- the server rescores finished runs under their task's current version (services/results/rescore.ts).
INSERT INTO "result_scores" ("result_id", "scoring_version", "overall_score", "total_trials", "correct_trials", "average_reaction_time", "scores", "scored_at")
SELECT "id", "scoring_version", "overall_score", "total_trials", "correct_trials", "average_reaction_time", "scores", coalesce("end_time", now())
FROM "test_results" WHERE "scoring_version" IS NOT NULL;
