CREATE TABLE "auto_bookmarks" (
	"user_id" uuid NOT NULL,
	"drama_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auto_bookmarks_user_id_drama_id_pk" PRIMARY KEY("user_id","drama_id")
);
--> statement-breakpoint
CREATE TABLE "bookmarks" (
	"user_id" uuid NOT NULL,
	"drama_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bookmarks_user_id_drama_id_pk" PRIMARY KEY("user_id","drama_id")
);
--> statement-breakpoint
CREATE TABLE "watch_positions" (
	"user_id" uuid NOT NULL,
	"drama_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"position_seconds" integer NOT NULL,
	"duration_seconds" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watch_positions_user_id_drama_id_episode_number_pk" PRIMARY KEY("user_id","drama_id","episode_number"),
	CONSTRAINT "watch_positions_seconds_check" CHECK ("watch_positions"."position_seconds" >= 0 and "watch_positions"."duration_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "auto_bookmarks" ADD CONSTRAINT "auto_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_bookmarks" ADD CONSTRAINT "auto_bookmarks_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_positions" ADD CONSTRAINT "watch_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_positions" ADD CONSTRAINT "watch_positions_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookmarks_user_recent_idx" ON "bookmarks" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "watch_positions_user_recent_idx" ON "watch_positions" USING btree ("user_id","updated_at" DESC NULLS LAST);