CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "error_logs" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"error_type" text NOT NULL,
	"error_message" text NOT NULL,
	"user_id" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_results" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text,
	"test_type" text NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"overall_score" integer,
	"total_trials" integer,
	"correct_trials" integer,
	"average_reaction_time" double precision,
	"color_naming_accuracy" double precision,
	"word_reading_accuracy" double precision,
	"interference_effect" double precision,
	"metrics" jsonb,
	"is_mock" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_sessions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"test_type" text NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"device_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"measurement" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seed" text
);
--> statement-breakpoint
CREATE TABLE "trials" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"result_id" text NOT NULL,
	"trial_number" integer NOT NULL,
	"phase" text NOT NULL,
	"cue_word" text NOT NULL,
	"stimulus_word" text NOT NULL,
	"stimulus_color" text NOT NULL,
	"response" text NOT NULL,
	"reaction_time" double precision NOT NULL,
	"is_correct" boolean NOT NULL,
	"is_switch" boolean NOT NULL,
	"is_congruent" boolean,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"timing" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trials_phase_check" CHECK ("trials"."phase" in ('sample', 'practice', 'test'))
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"date_of_birth" date,
	"gender" text,
	"phone_number" text,
	"address" text,
	"timezone" text,
	"language" text,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'admin')),
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_logs" ADD CONSTRAINT "error_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_session_id_test_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."test_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_sessions" ADD CONSTRAINT "test_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_result_id_test_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."test_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_id_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "error_logs_timestamp_idx" ON "error_logs" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "test_results_user_start_idx" ON "test_results" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE INDEX "test_sessions_user_id_idx" ON "test_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trials_result_phase_number_key" ON "trials" USING btree ("result_id","phase","trial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");