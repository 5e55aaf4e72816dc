CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auth_method" text NOT NULL,
	"guest_id" uuid,
	"provider_subject" text,
	"nickname" text NOT NULL,
	"email" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_auth_method_check" CHECK ("users"."auth_method" in ('guest', 'google', 'kakao', 'facebook', 'apple')),
	CONSTRAINT "users_lang_check" CHECK ("users"."lang" in ('ko', 'en', 'ja'))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"lang_key" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drama_categories" (
	"drama_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "drama_categories_drama_id_category_id_pk" PRIMARY KEY("drama_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "dramas" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_key" text NOT NULL,
	"description_key" text NOT NULL,
	"poster_vertical_path" text NOT NULL,
	"poster_horizontal_path" text NOT NULL,
	"age_rate" text DEFAULT 'all' NOT NULL,
	"rating_criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bookmark_count" integer DEFAULT 0 NOT NULL,
	"episode_count" integer DEFAULT 0 NOT NULL,
	"view_count" bigint DEFAULT 0 NOT NULL,
	"exclusive" boolean DEFAULT false NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"web_tag" text,
	"aos_tag" text,
	"ios_tag" text,
	CONSTRAINT "dramas_counts_check" CHECK ("dramas"."bookmark_count" >= 0 and "dramas"."view_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "episodes" (
	"drama_id" integer NOT NULL,
	"number" integer NOT NULL,
	"coin" integer DEFAULT 0 NOT NULL,
	"duration_seconds" real DEFAULT 0 NOT NULL,
	"media_prefix" text NOT NULL,
	CONSTRAINT "episodes_drama_id_number_pk" PRIMARY KEY("drama_id","number"),
	CONSTRAINT "episodes_number_check" CHECK ("episodes"."number" >= 1),
	CONSTRAINT "episodes_coin_check" CHECK ("episodes"."coin" >= 0)
);
--> statement-breakpoint
CREATE TABLE "episode_views" (
	"user_id" uuid NOT NULL,
	"drama_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"last_viewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "episode_views_user_id_drama_id_episode_number_pk" PRIMARY KEY("user_id","drama_id","episode_number")
);
--> statement-breakpoint
CREATE TABLE "watch_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"drama_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dictionary_entries" (
	"lang" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "dictionary_entries_lang_key_pk" PRIMARY KEY("lang","key")
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drama_categories" ADD CONSTRAINT "drama_categories_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drama_categories" ADD CONSTRAINT "drama_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_views" ADD CONSTRAINT "episode_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_views" ADD CONSTRAINT "episode_views_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_logs" ADD CONSTRAINT "watch_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_logs" ADD CONSTRAINT "watch_logs_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_id_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_guest_id_key" ON "users" USING btree ("guest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_provider_subject_key" ON "users" USING btree ("auth_method","provider_subject") WHERE "users"."provider_subject" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_lang_key_key" ON "categories" USING btree ("lang_key");--> statement-breakpoint
CREATE INDEX "drama_categories_category_idx" ON "drama_categories" USING btree ("category_id","drama_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dramas_slug_key" ON "dramas" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "dramas_registered_at_idx" ON "dramas" USING btree ("registered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dramas_view_count_idx" ON "dramas" USING btree ("view_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "episode_views_recent_idx" ON "episode_views" USING btree ("user_id","last_viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "watch_logs_user_idx" ON "watch_logs" USING btree ("user_id","started_at" DESC NULLS LAST);