CREATE TABLE "user_suspensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	CONSTRAINT "user_suspensions_reason_check" CHECK (char_length("user_suspensions"."reason") between 2 and 500),
	CONSTRAINT "user_suspensions_ends_check" CHECK ("user_suspensions"."ends_at" is null or "user_suspensions"."ends_at" > "user_suspensions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "canned_replies_lang_check" CHECK ("canned_replies"."lang" in ('ko', 'en', 'ja')),
	CONSTRAINT "canned_replies_title_check" CHECK (char_length("canned_replies"."title") between 1 and 100),
	CONSTRAINT "canned_replies_body_check" CHECK (char_length("canned_replies"."body") between 1 and 4000)
);
--> statement-breakpoint
CREATE TABLE "viewer_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "viewer_notes_text_check" CHECK (char_length("viewer_notes"."text") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "assigned_to" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "answer_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_suspensions" ADD CONSTRAINT "user_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_notes" ADD CONSTRAINT "viewer_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_suspensions_open_key" ON "user_suspensions" USING btree ("user_id") WHERE "user_suspensions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "canned_replies_lang_idx" ON "canned_replies" USING btree ("lang","title");--> statement-breakpoint
CREATE INDEX "viewer_notes_user_idx" ON "viewer_notes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "inquiries_assigned_idx" ON "inquiries" USING btree ("assigned_to","status");