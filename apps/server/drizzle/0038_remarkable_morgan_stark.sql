CREATE TABLE "experiment_exposures" (
	"experiment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"variant" integer NOT NULL,
	"first_exposed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "experiment_exposures_experiment_id_user_id_pk" PRIMARY KEY("experiment_id","user_id"),
	CONSTRAINT "experiment_exposures_variant_check" CHECK ("experiment_exposures"."variant" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"drama_id" integer,
	"gods_code" text,
	"variants" jsonb NOT NULL,
	"split" jsonb NOT NULL,
	"salt" text NOT NULL,
	"status" text NOT NULL,
	"shipped_variant" integer,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "experiments_kind_check" CHECK ("experiments"."kind" in ('paywall_position', 'coin_pack', 'first_charge_bonus')),
	CONSTRAINT "experiments_status_check" CHECK ("experiments"."status" in ('draft', 'running', 'stopped', 'shipped')),
	CONSTRAINT "experiments_target_check" CHECK (("experiments"."kind" = 'paywall_position' and "experiments"."drama_id" is not null and "experiments"."gods_code" is null) or ("experiments"."kind" <> 'paywall_position' and "experiments"."gods_code" is not null and "experiments"."drama_id" is null)),
	CONSTRAINT "experiments_shipped_check" CHECK (("experiments"."status" = 'shipped') = ("experiments"."shipped_variant" is not null))
);
--> statement-breakpoint
ALTER TABLE "experiment_exposures" ADD CONSTRAINT "experiment_exposures_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "experiment_exposures_user_idx" ON "experiment_exposures" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_running_target_key" ON "experiments" USING btree ("target") WHERE "experiments"."status" = 'running';--> statement-breakpoint
CREATE INDEX "experiments_target_idx" ON "experiments" USING btree ("target");