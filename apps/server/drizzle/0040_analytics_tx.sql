ALTER TABLE "analytics_events" ADD COLUMN "tx_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_rollup_state" ADD COLUMN "last_tx_id" "xid8" NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_events_tx_idx" ON "analytics_events" USING btree ("tx_id","id");