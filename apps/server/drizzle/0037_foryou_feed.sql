CREATE TABLE "foryou_cowatch" (
	"drama_id" integer NOT NULL,
	"neighbour_id" integer NOT NULL,
	"score" real NOT NULL,
	CONSTRAINT "foryou_cowatch_drama_id_neighbour_id_pk" PRIMARY KEY("drama_id","neighbour_id"),
	CONSTRAINT "foryou_cowatch_score_check" CHECK ("foryou_cowatch"."score" > 0 and "foryou_cowatch"."score" <= 1)
);
--> statement-breakpoint
CREATE TABLE "foryou_dramas" (
	"drama_id" integer PRIMARY KEY NOT NULL,
	"category_ids" jsonb NOT NULL,
	"adult" boolean NOT NULL,
	"popularity" real NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"episode_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "foryou_impressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"drama_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"reason" text NOT NULL,
	"position" integer NOT NULL,
	"served_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "foryou_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"watched_until" timestamp with time zone,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "foryou_lists" (
	"list_id" integer NOT NULL,
	"drama_id" integer NOT NULL,
	"score" real NOT NULL,
	"adult" boolean NOT NULL,
	CONSTRAINT "foryou_lists_list_id_drama_id_pk" PRIMARY KEY("list_id","drama_id")
);
--> statement-breakpoint
CREATE TABLE "foryou_settings" (
	"drama_id" integer PRIMARY KEY NOT NULL,
	"pinned_position" integer,
	"excluded" boolean DEFAULT false NOT NULL,
	"trailer_episode" integer,
	"clip_start_seconds" real DEFAULT 0 NOT NULL,
	"clip_end_seconds" real,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "foryou_settings_check" CHECK (("foryou_settings"."pinned_position" is null or "foryou_settings"."pinned_position" between 1 and 1000)
        and ("foryou_settings"."trailer_episode" is null or "foryou_settings"."trailer_episode" >= 1)
        and "foryou_settings"."clip_start_seconds" >= 0
        and ("foryou_settings"."clip_end_seconds" is null or "foryou_settings"."clip_end_seconds" > "foryou_settings"."clip_start_seconds"))
);
--> statement-breakpoint
CREATE TABLE "foryou_signals" (
	"impression_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"watched_ms" integer,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "foryou_signals_impression_id_kind_pk" PRIMARY KEY("impression_id","kind"),
	CONSTRAINT "foryou_signals_kind_check" CHECK ("foryou_signals"."kind" in ('shown', 'watch', 'skip', 'continue')),
	CONSTRAINT "foryou_signals_watched_check" CHECK ("foryou_signals"."watched_ms" is null or "foryou_signals"."watched_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "foryou_viewer_state" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"taste" jsonb NOT NULL,
	"recent_dramas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"finished_dramas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "foryou_cowatch" ADD CONSTRAINT "foryou_cowatch_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foryou_cowatch" ADD CONSTRAINT "foryou_cowatch_neighbour_id_dramas_id_fk" FOREIGN KEY ("neighbour_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foryou_dramas" ADD CONSTRAINT "foryou_dramas_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foryou_impressions" ADD CONSTRAINT "foryou_impressions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foryou_impressions" ADD CONSTRAINT "foryou_impressions_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foryou_lists" ADD CONSTRAINT "foryou_lists_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foryou_settings" ADD CONSTRAINT "foryou_settings_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foryou_signals" ADD CONSTRAINT "foryou_signals_impression_id_foryou_impressions_id_fk" FOREIGN KEY ("impression_id") REFERENCES "public"."foryou_impressions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foryou_viewer_state" ADD CONSTRAINT "foryou_viewer_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "foryou_impressions_user_idx" ON "foryou_impressions" USING btree ("user_id","served_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "foryou_impressions_served_idx" ON "foryou_impressions" USING btree ("served_at");--> statement-breakpoint
CREATE INDEX "foryou_lists_rank_idx" ON "foryou_lists" USING btree ("list_id","adult","score" DESC NULLS LAST,"drama_id");--> statement-breakpoint
CREATE INDEX "foryou_signals_recorded_idx" ON "foryou_signals" USING btree ("recorded_at","kind");