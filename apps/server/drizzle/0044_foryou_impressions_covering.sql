DROP INDEX "foryou_impressions_user_idx";--> statement-breakpoint
CREATE INDEX "foryou_impressions_user_idx" ON "foryou_impressions" USING btree ("user_id","served_at" DESC NULLS LAST,"drama_id");