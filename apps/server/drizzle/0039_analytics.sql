CREATE TABLE "analytics_cohort_returns" (
	"kind" text NOT NULL,
	"cohort_day" date NOT NULL,
	"acquisition" text NOT NULL,
	"unit" text NOT NULL,
	"n" integer NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_cohort_returns_kind_cohort_day_acquisition_unit_n_pk" PRIMARY KEY("kind","cohort_day","acquisition","unit","n")
);
--> statement-breakpoint
CREATE TABLE "analytics_cohort_revenue" (
	"cohort_day" date NOT NULL,
	"acquisition" text NOT NULL,
	"currency" text NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_cohort_revenue_cohort_day_acquisition_currency_pk" PRIMARY KEY("cohort_day","acquisition","currency")
);
--> statement-breakpoint
CREATE TABLE "analytics_cohorts" (
	"kind" text NOT NULL,
	"cohort_day" date NOT NULL,
	"acquisition" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"payers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_cohorts_kind_cohort_day_acquisition_pk" PRIMARY KEY("kind","cohort_day","acquisition")
);
--> statement-breakpoint
CREATE TABLE "analytics_drama_days" (
	"drama_id" integer NOT NULL,
	"day" date NOT NULL,
	"starts" integer DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"paywall_shown" integer DEFAULT 0 NOT NULL,
	"conv_coin" integer DEFAULT 0 NOT NULL,
	"conv_ad" integer DEFAULT 0 NOT NULL,
	"conv_vip" integer DEFAULT 0 NOT NULL,
	"conv_auto" integer DEFAULT 0 NOT NULL,
	"left_count" integer DEFAULT 0 NOT NULL,
	"coins_spent" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_drama_days_drama_id_day_pk" PRIMARY KEY("drama_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_drama_reach" (
	"drama_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"first_day" date NOT NULL,
	CONSTRAINT "analytics_drama_reach_drama_id_user_id_pk" PRIMARY KEY("drama_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_episode_days" (
	"drama_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"day" date NOT NULL,
	"starts" integer DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"paywall_shown" integer DEFAULT 0 NOT NULL,
	"conv_coin" integer DEFAULT 0 NOT NULL,
	"conv_ad" integer DEFAULT 0 NOT NULL,
	"conv_vip" integer DEFAULT 0 NOT NULL,
	"conv_auto" integer DEFAULT 0 NOT NULL,
	"left_count" integer DEFAULT 0 NOT NULL,
	"coins_spent" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_episode_days_drama_id_episode_number_day_pk" PRIMARY KEY("drama_id","episode_number","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_episode_revenue" (
	"drama_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_episode_revenue_drama_id_episode_number_day_currency_pk" PRIMARY KEY("drama_id","episode_number","day","currency")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"drama_id" integer,
	"episode_number" integer,
	"method" text,
	"coins" integer,
	"amount" bigint,
	"currency" text,
	"ref" text,
	CONSTRAINT "analytics_events_source_key_unique" UNIQUE("source_key"),
	CONSTRAINT "analytics_events_kind_check" CHECK ("analytics_events"."kind" in ('sign_up', 'episode_start', 'episode_complete', 'paywall_shown', 'unlock', 'unlock_undone', 'purchase', 'refund', 'share'))
);
--> statement-breakpoint
CREATE TABLE "analytics_orders" (
	"ref" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"drama_id" integer,
	"episode_number" integer,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"refunded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_reach" (
	"drama_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"started_day" date,
	"completed_day" date,
	"paywall_at" timestamp with time zone,
	"paywall_day" date,
	"outcome" text,
	CONSTRAINT "analytics_reach_drama_id_episode_number_user_id_pk" PRIMARY KEY("drama_id","episode_number","user_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_event_id" bigint NOT NULL,
	"rolled_up_to" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_viewer_returns" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"unit" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_viewer_returns_user_id_kind_unit_n_pk" PRIMARY KEY("user_id","kind","unit","n")
);
--> statement-breakpoint
CREATE TABLE "analytics_viewers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"signup_day" date,
	"acquisition" text,
	"first_paid_day" date
);
--> statement-breakpoint
CREATE INDEX "analytics_drama_days_day_idx" ON "analytics_drama_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_episode_revenue_day_idx" ON "analytics_episode_revenue" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_events_paywall_idx" ON "analytics_events" USING btree ("user_id","occurred_at") WHERE "analytics_events"."kind" in ('paywall_shown', 'unlock');--> statement-breakpoint
CREATE INDEX "analytics_reach_pending_idx" ON "analytics_reach" USING btree ("paywall_at") WHERE "analytics_reach"."outcome" = 'pending';