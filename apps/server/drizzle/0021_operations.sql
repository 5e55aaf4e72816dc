CREATE TABLE "playback_quality" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"drama_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"ttff_ms" integer,
	"stall_ms" integer NOT NULL,
	"play_ms" integer NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "playback_quality_numbers_check" CHECK (("playback_quality"."ttff_ms" is null or "playback_quality"."ttff_ms" >= 0) and "playback_quality"."stall_ms" >= 0 and "playback_quality"."play_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coin_revocation_lots" (
	"revocation_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "coin_revocation_lots_revocation_id_lot_id_pk" PRIMARY KEY("revocation_id","lot_id"),
	CONSTRAINT "coin_revocation_lots_amount_check" CHECK ("coin_revocation_lots"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "coin_revocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text NOT NULL,
	"revoked_at" timestamp with time zone NOT NULL,
	"idempotency_key" text NOT NULL,
	CONSTRAINT "coin_revocations_amount_check" CHECK ("coin_revocations"."amount" > 0),
	CONSTRAINT "coin_revocations_reason_check" CHECK (char_length("coin_revocations"."reason") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "economy_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "economy_settings_key_check" CHECK ("economy_settings"."key" in ('ad_limits'))
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "answered_by" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coin_revocation_lots" ADD CONSTRAINT "coin_revocation_lots_revocation_id_coin_revocations_id_fk" FOREIGN KEY ("revocation_id") REFERENCES "public"."coin_revocations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_revocation_lots" ADD CONSTRAINT "coin_revocation_lots_lot_id_coin_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."coin_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_revocations" ADD CONSTRAINT "coin_revocations_user_id_wallets_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."wallets"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playback_quality_time_idx" ON "playback_quality" USING btree ("reported_at");--> statement-breakpoint
CREATE INDEX "coin_revocation_lots_lot_idx" ON "coin_revocation_lots" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_revocations_idempotency_key_key" ON "coin_revocations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "coin_revocations_user_idx" ON "coin_revocations" USING btree ("user_id","revoked_at");--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_answer_check" CHECK (("inquiries"."status" = 'open') = ("inquiries"."answer" is null) or "inquiries"."status" = 'closed');--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_answer_length_check" CHECK ("inquiries"."answer" is null or char_length("inquiries"."answer") between 1 and 4000);