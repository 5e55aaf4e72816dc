ALTER TABLE "audit_log" ADD COLUMN "actor" text DEFAULT 'operator' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_agent" text;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor","id" DESC NULLS LAST);--> statement-breakpoint
-- Entries written before actors had names: no operator meant the CLI, except the worker's
-- finished transcodes and the invites' own rules (decision 1570). The append-only triggers are
-- off for this one statement of the migration only.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_delete";--> statement-breakpoint
UPDATE "audit_log" SET "actor" = CASE
  WHEN "action" = 'episode.video_ready' THEN 'worker'
  WHEN "action" LIKE 'invite.%' THEN 'system'
  ELSE 'cli' END
WHERE "operator_id" IS NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_delete";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_check" CHECK ("audit_log"."actor" in ('operator', 'cli', 'worker', 'system', 'anonymous') and ("audit_log"."actor" = 'operator') = ("audit_log"."operator_id" is not null));