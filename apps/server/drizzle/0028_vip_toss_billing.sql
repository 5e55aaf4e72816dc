CREATE TABLE "vip_toss_billing" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"customer_key" text NOT NULL,
	"auth_key" text,
	"billing_key" text,
	"card_company" text,
	"card_number" text,
	"issued_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_toss_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"period_number" integer NOT NULL,
	"attempt" integer NOT NULL,
	"order_id" text NOT NULL,
	"auth_key" text,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"lease_until" timestamp with time zone,
	"payment_key" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vip_toss_charges_status_check" CHECK ("vip_toss_charges"."status" in ('charging', 'done', 'declined')),
	CONSTRAINT "vip_toss_charges_numbers_check" CHECK ("vip_toss_charges"."period_number" >= 1 and "vip_toss_charges"."attempt" >= 1),
	CONSTRAINT "vip_toss_charges_amount_check" CHECK ("vip_toss_charges"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "vip_subscriptions" DROP CONSTRAINT "vip_subscriptions_gateway_check";--> statement-breakpoint
ALTER TABLE "vip_toss_billing" ADD CONSTRAINT "vip_toss_billing_subscription_id_vip_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."vip_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_toss_charges" ADD CONSTRAINT "vip_toss_charges_subscription_id_vip_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."vip_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vip_toss_billing_customer_uq" ON "vip_toss_billing" USING btree ("customer_key");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_toss_billing_auth_uq" ON "vip_toss_billing" USING btree ("auth_key");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_toss_charges_attempt_uq" ON "vip_toss_charges" USING btree ("subscription_id","period_number","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_toss_charges_order_uq" ON "vip_toss_charges" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_toss_charges_payment_uq" ON "vip_toss_charges" USING btree ("payment_key");--> statement-breakpoint
CREATE INDEX "vip_toss_charges_status_idx" ON "vip_toss_charges" USING btree ("status","lease_until");--> statement-breakpoint
ALTER TABLE "vip_subscriptions" ADD CONSTRAINT "vip_subscriptions_gateway_check" CHECK ("vip_subscriptions"."gateway" in ('T', 'S', 'P', 'G', 'A'));