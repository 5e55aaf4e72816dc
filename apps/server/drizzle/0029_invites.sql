CREATE TABLE "invite_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_landings" (
	"day" text PRIMARY KEY NOT NULL,
	"opened" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "invite_settings_single_row" CHECK ("invite_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invite_signups" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"device_id" text,
	"address" text,
	"joined_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inviter_id" uuid NOT NULL,
	"invitee_id" uuid NOT NULL,
	"code" text NOT NULL,
	"device_id" text,
	"address" text,
	"state" text NOT NULL,
	"refusal" text,
	"inviter_coin" integer DEFAULT 0 NOT NULL,
	"invitee_coin" integer DEFAULT 0 NOT NULL,
	"inviter_capped" boolean DEFAULT false NOT NULL,
	"reward_day" text,
	"created_at" timestamp with time zone NOT NULL,
	"qualified_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "invites_state_check" CHECK ("invites"."state" in ('pending', 'rewarded', 'held', 'rejected', 'refused')),
	CONSTRAINT "invites_refusal_check" CHECK (("invites"."state" = 'refused') = ("invites"."refusal" is not null) and ("invites"."refusal" is null or "invites"."refusal" in ('self', 'same_device', 'device_used'))),
	CONSTRAINT "invites_coins_check" CHECK ("invites"."inviter_coin" >= 0 and "invites"."invitee_coin" >= 0),
	CONSTRAINT "invites_not_self_check" CHECK ("invites"."inviter_id" <> "invites"."invitee_id" or "invites"."state" = 'refused')
);
--> statement-breakpoint
ALTER TABLE "coin_lots" DROP CONSTRAINT "coin_lots_source_check";--> statement-breakpoint
ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_signups" ADD CONSTRAINT "invite_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invite_codes_code_key" ON "invite_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "invite_signups_address_idx" ON "invite_signups" USING btree ("address","joined_at");--> statement-breakpoint
CREATE INDEX "invite_signups_device_idx" ON "invite_signups" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_invitee_key" ON "invites" USING btree ("invitee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_device_key" ON "invites" USING btree ("device_id") WHERE "invites"."device_id" is not null and "invites"."state" <> 'refused';--> statement-breakpoint
CREATE INDEX "invites_inviter_idx" ON "invites" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "invites_inviter_day_idx" ON "invites" USING btree ("inviter_id","reward_day");--> statement-breakpoint
CREATE INDEX "invites_state_idx" ON "invites" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "coin_lots" ADD CONSTRAINT "coin_lots_source_check" CHECK ("coin_lots"."source" in ('purchase', 'purchase_bonus', 'mission', 'attendance', 'event', 'advertisement', 'admin', 'invite'));