CREATE TABLE "push_daily_counts" (
	"subscription_id" uuid NOT NULL,
	"day" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "push_daily_counts_subscription_id_day_pk" PRIMARY KEY("subscription_id","day")
);
--> statement-breakpoint
CREATE TABLE "push_sends" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"day" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"payload" jsonb NOT NULL,
	"run_after" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	CONSTRAINT "push_sends_status_check" CHECK ("push_sends"."status" in ('queued', 'sending', 'sent', 'dropped', 'capped'))
);
--> statement-breakpoint
CREATE TABLE "push_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"kinds" jsonb NOT NULL,
	"daily_limit" integer NOT NULL,
	"quiet_start" integer NOT NULL,
	"quiet_end" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_settings_one_row" CHECK ("push_settings"."id" = 1),
	CONSTRAINT "push_settings_limit_check" CHECK ("push_settings"."daily_limit" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text,
	"auth" text,
	"user_id" uuid,
	"auth_method" text,
	"lang" text NOT NULL,
	"kinds" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"quiet_start" integer NOT NULL,
	"quiet_end" integer NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_channel_check" CHECK ("push_subscriptions"."channel" in ('web', 'fcm', 'apns')),
	CONSTRAINT "push_subscriptions_quiet_check" CHECK ("push_subscriptions"."quiet_start" between 0 and 1439 and "push_subscriptions"."quiet_end" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "push_unsubscribes" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "push_sends_once_key" ON "push_sends" USING btree ("subscription_id","kind","subject","day");--> statement-breakpoint
CREATE INDEX "push_sends_due_idx" ON "push_sends" USING btree ("run_after") WHERE "push_sends"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_unsubscribe_key" ON "push_subscriptions" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");