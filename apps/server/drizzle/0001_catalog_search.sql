ALTER TABLE "dramas" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "dramas_exclusive_idx" ON "dramas" USING btree ("registered_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "dramas"."exclusive";--> statement-breakpoint
CREATE INDEX "dramas_search_text_trgm_idx" ON "dramas" USING gin ("search_text" gin_trgm_ops);