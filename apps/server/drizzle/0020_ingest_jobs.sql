CREATE TABLE "ingest_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"drama_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"source_key" text NOT NULL,
	"source_name" text NOT NULL,
	"source_bytes" bigint NOT NULL,
	"duration_seconds" real NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"has_audio" boolean DEFAULT true NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_after" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"worker_id" text,
	"percent" integer DEFAULT 0 NOT NULL,
	"eta_seconds" integer,
	"media_prefix" text,
	"poster_key" text,
	"error" text,
	"operator_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "ingest_jobs_status_check" CHECK ("ingest_jobs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "ingest_jobs_numbers_check" CHECK ("ingest_jobs"."percent" between 0 and 100 and "ingest_jobs"."attempts" >= 0 and "ingest_jobs"."max_attempts" >= 1 and "ingest_jobs"."episode_number" >= 1)
);
--> statement-breakpoint
CREATE INDEX "ingest_jobs_episode_idx" ON "ingest_jobs" USING btree ("drama_id","episode_number","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ingest_jobs_due_idx" ON "ingest_jobs" USING btree ("run_after","id") WHERE "ingest_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "ingest_jobs_one_live_per_episode" ON "ingest_jobs" USING btree ("drama_id","episode_number") WHERE "ingest_jobs"."status" in ('queued', 'running');