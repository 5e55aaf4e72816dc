CREATE TABLE "age_checks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"birth_year" integer NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "age_checks_birth_year_check" CHECK ("age_checks"."birth_year" between 1900 and 2200)
);
--> statement-breakpoint
CREATE TABLE "identity_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "identity_checks_provider_check" CHECK ("identity_checks"."provider" in ('portone', 'sandbox'))
);
--> statement-breakpoint
ALTER TABLE "age_checks" ADD CONSTRAINT "age_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_checks_user_id_idx" ON "identity_checks" USING btree ("user_id");