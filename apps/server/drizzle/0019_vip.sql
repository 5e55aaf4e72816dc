CREATE TABLE "vip_notifications" (
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"subscription_id" uuid,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "vip_periods_dates_check" CHECK ("vip_periods"."ends_at" > "vip_periods"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "vip_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"gateway" text NOT NULL,
	"provider_subscription_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"paid_until" timestamp with time zone,
	"grace_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "vip_subscriptions_status_check" CHECK ("vip_subscriptions"."status" in ('pending', 'active', 'grace', 'expired', 'refunded')),
	CONSTRAINT "vip_subscriptions_gateway_check" CHECK ("vip_subscriptions"."gateway" in ('S', 'P', 'G', 'A'))
);
--> statement-breakpoint
CREATE TABLE "vip_unlocks" (
	"user_id" uuid NOT NULL,
	"drama_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"subscription_id" uuid NOT NULL,
	"unlocked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vip_notifications" ADD CONSTRAINT "vip_notifications_subscription_id_vip_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."vip_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_periods" ADD CONSTRAINT "vip_periods_subscription_id_vip_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."vip_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_subscriptions" ADD CONSTRAINT "vip_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_unlocks" ADD CONSTRAINT "vip_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_unlocks" ADD CONSTRAINT "vip_unlocks_subscription_id_vip_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."vip_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vip_notifications_uq" ON "vip_notifications" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_periods_key_uq" ON "vip_periods" USING btree ("subscription_id","period_key");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_subscriptions_provider_uq" ON "vip_subscriptions" USING btree ("gateway","provider_subscription_id");--> statement-breakpoint
CREATE INDEX "vip_subscriptions_user_idx" ON "vip_subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_unlocks_uq" ON "vip_unlocks" USING btree ("user_id","drama_id","episode_number","subscription_id");