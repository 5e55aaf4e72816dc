CREATE TABLE "ad_network_callbacks" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"ad_view_id" uuid,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_unlocks" (
	"user_id" uuid NOT NULL,
	"drama_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"ad_view_id" uuid NOT NULL,
	"day" text NOT NULL,
	"unlocked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ad_unlocks_user_id_drama_id_episode_number_pk" PRIMARY KEY("user_id","drama_id","episode_number")
);
--> statement-breakpoint
CREATE TABLE "ad_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"platform" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	CONSTRAINT "ad_views_type_check" CHECK ("ad_views"."type" in ('unlock', 'mission')),
	CONSTRAINT "ad_views_platform_check" CHECK ("ad_views"."platform" in ('web', 'aos', 'ios'))
);
--> statement-breakpoint
CREATE TABLE "attendance_rewards" (
	"day" integer PRIMARY KEY NOT NULL,
	"coin" integer NOT NULL,
	CONSTRAINT "attendance_rewards_day_check" CHECK ("attendance_rewards"."day" between 1 and 7),
	CONSTRAINT "attendance_rewards_coin_check" CHECK ("attendance_rewards"."coin" >= 0)
);
--> statement-breakpoint
CREATE TABLE "attendances" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"cnsc_atdn" integer NOT NULL,
	"reward" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"granted_at" timestamp with time zone,
	CONSTRAINT "attendances_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "attendances_cnsc_check" CHECK ("attendances"."cnsc_atdn" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "event_user_states" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_ad_unlock_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mission_progress" (
	"user_id" uuid NOT NULL,
	"mission_id" text NOT NULL,
	"period" text NOT NULL,
	"count" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mission_progress_user_id_mission_id_period_pk" PRIMARY KEY("user_id","mission_id","period"),
	CONSTRAINT "mission_progress_count_check" CHECK ("mission_progress"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mission_reports" (
	"user_id" uuid NOT NULL,
	"mission_id" text NOT NULL,
	"period" text NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mission_reports_user_id_mission_id_period_ref_pk" PRIMARY KEY("user_id","mission_id","period","ref")
);
--> statement-breakpoint
CREATE TABLE "mission_rewards" (
	"user_id" uuid NOT NULL,
	"mission_id" text NOT NULL,
	"period" text NOT NULL,
	"step" integer NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"granted_at" timestamp with time zone,
	CONSTRAINT "mission_rewards_user_id_mission_id_period_step_pk" PRIMARY KEY("user_id","mission_id","period","step"),
	CONSTRAINT "mission_rewards_step_check" CHECK ("mission_rewards"."step" >= 1)
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" text PRIMARY KEY NOT NULL,
	"name_key" text NOT NULL,
	"reward" integer NOT NULL,
	"condition" integer NOT NULL,
	"reward_count" integer NOT NULL,
	"period" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "missions_id_check" CHECK ("missions"."id" in ('watch_ad', 'watch_ep', 'share_ep', 'connect_sns')),
	CONSTRAINT "missions_period_check" CHECK ("missions"."period" in ('D', 'O')),
	CONSTRAINT "missions_numbers_check" CHECK ("missions"."reward" >= 0 and "missions"."condition" >= 1 and "missions"."reward_count" >= 1)
);
--> statement-breakpoint
ALTER TABLE "ad_network_callbacks" ADD CONSTRAINT "ad_network_callbacks_ad_view_id_ad_views_id_fk" FOREIGN KEY ("ad_view_id") REFERENCES "public"."ad_views"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_unlocks" ADD CONSTRAINT "ad_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_unlocks" ADD CONSTRAINT "ad_unlocks_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_unlocks" ADD CONSTRAINT "ad_unlocks_ad_view_id_ad_views_id_fk" FOREIGN KEY ("ad_view_id") REFERENCES "public"."ad_views"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_views" ADD CONSTRAINT "ad_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_user_states" ADD CONSTRAINT "event_user_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_progress" ADD CONSTRAINT "mission_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_progress" ADD CONSTRAINT "mission_progress_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_reports" ADD CONSTRAINT "mission_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_reports" ADD CONSTRAINT "mission_reports_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_rewards" ADD CONSTRAINT "mission_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_rewards" ADD CONSTRAINT "mission_rewards_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_unlocks_ad_view_key" ON "ad_unlocks" USING btree ("ad_view_id");--> statement-breakpoint
CREATE INDEX "ad_unlocks_user_day_idx" ON "ad_unlocks" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "ad_views_user_opened_idx" ON "ad_views" USING btree ("user_id","opened_at");--> statement-breakpoint
CREATE INDEX "mission_rewards_pending_idx" ON "mission_rewards" USING btree ("user_id") WHERE "mission_rewards"."granted_at" is null;