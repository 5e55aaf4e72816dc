CREATE TABLE "vip_plan_prices" (
	"plan" text NOT NULL,
	"krw" integer NOT NULL,
	"usd_cents" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	CONSTRAINT "vip_plan_prices_plan_valid_from_pk" PRIMARY KEY("plan","valid_from"),
	CONSTRAINT "vip_plan_prices_amounts_check" CHECK ("vip_plan_prices"."krw" > 0 and "vip_plan_prices"."usd_cents" > 0)
);
