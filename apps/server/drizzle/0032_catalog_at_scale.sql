ALTER TABLE "dramas" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dramas" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dramas" ADD COLUMN "title_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "dramas" ADD COLUMN "title_grams" text GENERATED ALWAYS AS ('Q' || regexp_replace("dramas"."title_search", '(.)', '\1Q', 'g')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "dramas_title_search_trgm_idx" ON "dramas" USING gin ("title_search" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "dramas_title_grams_trgm_idx" ON "dramas" USING gin ("title_grams" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "dramas_publish_at_idx" ON "dramas" USING btree ("publish_at") WHERE "dramas"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "dramas_archived_idx" ON "dramas" USING btree ("archived_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "dramas"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX "ingest_jobs_status_idx" ON "ingest_jobs" USING btree ("status","id" DESC NULLS LAST);