CREATE TABLE "coin_allocations" (
	"unlock_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "coin_allocations_unlock_id_lot_id_pk" PRIMARY KEY("unlock_id","lot_id"),
	CONSTRAINT "coin_allocations_amount_check" CHECK ("coin_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "coin_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"source" text NOT NULL,
	"source_ref" text,
	"granted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"idempotency_key" text NOT NULL,
	CONSTRAINT "coin_lots_kind_check" CHECK ("coin_lots"."kind" in ('paid', 'bonus')),
	CONSTRAINT "coin_lots_source_check" CHECK ("coin_lots"."source" in ('purchase', 'purchase_bonus', 'mission', 'attendance', 'event', 'advertisement', 'admin')),
	CONSTRAINT "coin_lots_amount_check" CHECK ("coin_lots"."amount" > 0),
	CONSTRAINT "coin_lots_remaining_check" CHECK ("coin_lots"."remaining" >= 0 and "coin_lots"."remaining" <= "coin_lots"."amount"),
	CONSTRAINT "coin_lots_validity_check" CHECK ("coin_lots"."expires_at" > "coin_lots"."granted_at")
);
--> statement-breakpoint
CREATE TABLE "coin_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL,
	"idempotency_key" text NOT NULL,
	CONSTRAINT "coin_refunds_amount_check" CHECK ("coin_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "coin_unlocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"drama_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"title_key" text NOT NULL,
	"coins" integer NOT NULL,
	"unlocked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coin_unlocks_coins_check" CHECK ("coin_unlocks"."coins" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coin_allocations" ADD CONSTRAINT "coin_allocations_unlock_id_coin_unlocks_id_fk" FOREIGN KEY ("unlock_id") REFERENCES "public"."coin_unlocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_allocations" ADD CONSTRAINT "coin_allocations_lot_id_coin_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."coin_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_lots" ADD CONSTRAINT "coin_lots_user_id_wallets_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."wallets"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_refunds" ADD CONSTRAINT "coin_refunds_user_id_wallets_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."wallets"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_refunds" ADD CONSTRAINT "coin_refunds_lot_id_coin_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."coin_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_unlocks" ADD CONSTRAINT "coin_unlocks_user_id_wallets_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."wallets"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_unlocks" ADD CONSTRAINT "coin_unlocks_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_allocations_lot_idx" ON "coin_allocations" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_lots_idempotency_key_key" ON "coin_lots" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "coin_lots_user_expiry_idx" ON "coin_lots" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "coin_lots_user_granted_idx" ON "coin_lots" USING btree ("user_id","granted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_refunds_idempotency_key_key" ON "coin_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "coin_refunds_lot_idx" ON "coin_refunds" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_unlocks_user_episode_key" ON "coin_unlocks" USING btree ("user_id","drama_id","episode_number");--> statement-breakpoint
CREATE INDEX "coin_unlocks_user_time_idx" ON "coin_unlocks" USING btree ("user_id","unlocked_at");