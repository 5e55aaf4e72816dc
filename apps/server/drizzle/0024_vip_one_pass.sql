CREATE TABLE "vip_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway" text NOT NULL,
	"scope" text NOT NULL,
	"refund_key" text NOT NULL,
	"subscription_id" uuid,
	"reason" text NOT NULL,
	"event_id" text,
	"provider_status" text,
	"provider_refund_id" text,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vip_refunds_scope_check" CHECK ("vip_refunds"."scope" in ('period', 'subscription')),
	CONSTRAINT "vip_refunds_reason_check" CHECK ("vip_refunds"."reason" in ('provider', 'duplicate')),
	CONSTRAINT "vip_refunds_provider_status_check" CHECK ("vip_refunds"."provider_status" is null or "vip_refunds"."provider_status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "vip_subscriptions" ADD COLUMN "checkout_id" text;--> statement-breakpoint
ALTER TABLE "vip_subscriptions" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vip_subscriptions" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vip_subscriptions" ADD COLUMN "renew_on_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vip_subscriptions" ADD COLUMN "renew_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vip_subscriptions" ADD COLUMN "grace_seen_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vip_subscriptions" ADD COLUMN "duplicate_of" uuid;--> statement-breakpoint
ALTER TABLE "vip_refunds" ADD CONSTRAINT "vip_refunds_subscription_id_vip_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."vip_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vip_refunds_key_uq" ON "vip_refunds" USING btree ("gateway","scope","refund_key");--> statement-breakpoint
CREATE INDEX "vip_refunds_subscription_idx" ON "vip_refunds" USING btree ("subscription_id");--> statement-breakpoint
-- passes made before one-pass-per-viewer: older open checkouts of a viewer are closed, and of two
-- live passes the one paid furthest stays live while the others are marked duplicates (an operator
-- refunds them at the provider; docs/payments.md "VIP events")
UPDATE "vip_subscriptions" s SET "status" = 'expired', "closed_at" = now(), "ended_at" = now(), "updated_at" = now()
WHERE s."status" = 'pending' AND EXISTS (
	SELECT 1 FROM "vip_subscriptions" o WHERE o."user_id" = s."user_id" AND o."status" = 'pending'
	AND (o."created_at", o."id") > (s."created_at", s."id"));--> statement-breakpoint
UPDATE "vip_subscriptions" s SET "status" = 'expired', "auto_renew" = false, "ended_at" = now(), "updated_at" = now(),
	"duplicate_of" = (SELECT o."id" FROM "vip_subscriptions" o WHERE o."user_id" = s."user_id" AND o."status" IN ('active', 'grace')
		ORDER BY o."paid_until" DESC NULLS LAST, o."id" DESC LIMIT 1)
WHERE s."status" IN ('active', 'grace') AND EXISTS (
	SELECT 1 FROM "vip_subscriptions" o WHERE o."user_id" = s."user_id" AND o."status" IN ('active', 'grace')
	AND (coalesce(o."paid_until", '-infinity'), o."id") > (coalesce(s."paid_until", '-infinity'), s."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "vip_subscriptions_one_pending_uq" ON "vip_subscriptions" USING btree ("user_id") WHERE "vip_subscriptions"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "vip_subscriptions_one_live_uq" ON "vip_subscriptions" USING btree ("user_id") WHERE "vip_subscriptions"."status" in ('active', 'grace');