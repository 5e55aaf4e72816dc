ALTER TABLE "vip_periods" ADD COLUMN "amount_minor" integer;--> statement-breakpoint
ALTER TABLE "vip_periods" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "vip_periods" ADD CONSTRAINT "vip_periods_amount_check" CHECK (("vip_periods"."amount_minor" is null) = ("vip_periods"."currency" is null) and coalesce("vip_periods"."amount_minor", 0) >= 0);