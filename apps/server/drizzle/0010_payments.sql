CREATE TABLE "payment_first_charges" (
	"user_id" uuid NOT NULL,
	"gods_code" text NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_first_charges_user_id_gods_code_pk" PRIMARY KEY("user_id","gods_code")
);
--> statement-breakpoint
CREATE TABLE "payment_goods" (
	"gods_code" text PRIMARY KEY NOT NULL,
	"paid_coin" integer NOT NULL,
	"bons_coin" integer NOT NULL,
	"bons_coin_1st" integer NOT NULL,
	"krw" integer NOT NULL,
	"usd_cents" integer NOT NULL,
	"iap_google" text NOT NULL,
	"iap_apple" text NOT NULL,
	"iap_price_cents" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payment_goods_amounts_check" CHECK ("payment_goods"."paid_coin" > 0 and "payment_goods"."bons_coin" >= 0 and "payment_goods"."bons_coin_1st" >= 0 and "payment_goods"."krw" >= 0 and "payment_goods"."usd_cents" >= 0 and "payment_goods"."iap_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_order_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"provider" text,
	"provider_txn_id" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"gods_code" text NOT NULL,
	"gateway" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"paid_coin" integer NOT NULL,
	"bons_coin" integer NOT NULL,
	"bons_coin_1st" integer NOT NULL,
	"state" text NOT NULL,
	"provider_ref" text,
	"provider_txn_id" text,
	"credited_bonus" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_orders_state_check" CHECK ("payment_orders"."state" in ('registered', 'paid', 'credited', 'failed', 'canceled', 'refunded')),
	CONSTRAINT "payment_orders_gateway_check" CHECK ("payment_orders"."gateway" in ('T', 'S', 'P', 'G', 'A')),
	CONSTRAINT "payment_orders_currency_check" CHECK ("payment_orders"."currency" in ('KRW', 'USD')),
	CONSTRAINT "payment_orders_amount_check" CHECK ("payment_orders"."amount_minor" > 0),
	CONSTRAINT "payment_orders_paid_txn_check" CHECK ("payment_orders"."state" not in ('paid', 'credited') or "payment_orders"."provider_txn_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "payment_first_charges" ADD CONSTRAINT "payment_first_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_first_charges" ADD CONSTRAINT "payment_first_charges_gods_code_payment_goods_gods_code_fk" FOREIGN KEY ("gods_code") REFERENCES "public"."payment_goods"("gods_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_first_charges" ADD CONSTRAINT "payment_first_charges_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_transitions" ADD CONSTRAINT "payment_order_transitions_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_gods_code_payment_goods_gods_code_fk" FOREIGN KEY ("gods_code") REFERENCES "public"."payment_goods"("gods_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_order_transitions_order_idx" ON "payment_order_transitions" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_provider_txn_key" ON "payment_orders" USING btree ("gateway","provider_txn_id") WHERE "payment_orders"."provider_txn_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_provider_ref_key" ON "payment_orders" USING btree ("gateway","provider_ref") WHERE "payment_orders"."provider_ref" is not null;--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_open_idx" ON "payment_orders" USING btree ("state","updated_at") WHERE "payment_orders"."state" in ('registered', 'paid');