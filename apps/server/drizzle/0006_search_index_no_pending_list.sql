DROP INDEX "dramas_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "dramas_search_grams_trgm_idx";--> statement-breakpoint
CREATE INDEX "dramas_search_text_trgm_idx" ON "dramas" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "dramas_search_grams_trgm_idx" ON "dramas" USING gin ("search_grams" gin_trgm_ops) WITH (fastupdate=false);