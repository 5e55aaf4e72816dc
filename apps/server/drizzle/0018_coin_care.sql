CREATE TABLE "auto_unlocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"drama_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"unlock_id" uuid NOT NULL,
	"coins" integer NOT NULL,
	"unlocked_at" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone,
	"refunded" jsonb,
	CONSTRAINT "auto_unlocks_coins_check" CHECK ("auto_unlocks"."coins" > 0)
);
--> statement-breakpoint
CREATE TABLE "coin_expiry_reminders" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"dismissed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coin_expiry_reminders_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "coin_validity_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "coin_validity_settings_one_row" CHECK ("coin_validity_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "wallet_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"auto_unlock" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coin_lots" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "auto_unlocks" ADD CONSTRAINT "auto_unlocks_user_id_wallets_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."wallets"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_unlocks" ADD CONSTRAINT "auto_unlocks_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_expiry_reminders" ADD CONSTRAINT "coin_expiry_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_preferences" ADD CONSTRAINT "wallet_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_unlocks_unlock_key" ON "auto_unlocks" USING btree ("unlock_id");--> statement-breakpoint
CREATE INDEX "auto_unlocks_user_episode_idx" ON "auto_unlocks" USING btree ("user_id","drama_id","episode_number");--> statement-breakpoint
ALTER TABLE "coin_lots" ADD CONSTRAINT "coin_lots_channel_check" CHECK ("coin_lots"."channel" is null or ("coin_lots"."source" = 'purchase' and "coin_lots"."channel" in ('web', 'app_store', 'google_play')));--> statement-breakpoint
-- Coin validity per source (docs/decisions/1121-coin-validity-per-source.md). wallet_grant gains
-- the purchase channel (web, app_store, google_play) and p_valid_days 0 for coins that do not
-- expire (stored as 9999-12-31, packages/rules NO_EXPIRY_AT, so "valid while expires_at > now" and
-- the spend order need no special case). The 8-argument form stays for callers without a channel.
CREATE OR REPLACE FUNCTION wallet_grant(
  p_user uuid,
  p_kind text,
  p_amount integer,
  p_source text,
  p_source_ref text,
  p_key text,
  p_now timestamptz,
  p_valid_days integer,
  p_channel text
) RETURNS TABLE (
  r_lot uuid,
  r_created boolean,
  r_source_ref text,
  r_granted_at timestamptz,
  r_expires_at timestamptz
)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_method text;
  v_lot coin_lots%ROWTYPE;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'amount: must be a positive integer' USING ERRCODE = 'WA400';
  END IF;
  IF p_key IS NULL OR p_key = '' OR length(p_key) > 200 THEN
    RAISE EXCEPTION 'idempotencyKey: required, at most 200 characters' USING ERRCODE = 'WA400';
  END IF;
  IF (p_kind = 'paid' AND p_source NOT IN ('purchase', 'admin'))
      OR (p_kind = 'bonus' AND p_source = 'purchase') THEN
    RAISE EXCEPTION 'kind: % coins do not come from %', p_kind, p_source USING ERRCODE = 'WA400';
  END IF;
  IF p_valid_days IS NULL OR p_valid_days < 0 OR p_valid_days > 3650 THEN
    RAISE EXCEPTION 'validDays: must be 0 (no expiry) or a whole number of days from 1 to 3650' USING ERRCODE = 'WA400';
  END IF;
  IF p_channel IS NOT NULL AND p_source <> 'purchase' THEN
    RAISE EXCEPTION 'channel: only purchases have one' USING ERRCODE = 'WA400';
  END IF;
  v_method := account_auth_method(p_user);
  IF v_method IS NULL THEN
    RAISE EXCEPTION 'User not found' USING ERRCODE = 'WA404';
  END IF;
  IF v_method = 'guest' THEN
    RAISE EXCEPTION 'Sign in to hold coins' USING ERRCODE = 'WA403';
  END IF;
  -- lock the wallet row (a row lock writes no new row version); create it on the first grant
  PERFORM 1 FROM wallets WHERE user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO wallets (user_id, created_at) VALUES (p_user, p_now) ON CONFLICT DO NOTHING;
    PERFORM 1 FROM wallets WHERE user_id = p_user FOR UPDATE;
  END IF;
  INSERT INTO coin_lots (user_id, kind, amount, remaining, source, source_ref, granted_at,
      expires_at, idempotency_key, channel)
    VALUES (p_user, p_kind, p_amount, p_amount, p_source, p_source_ref, p_now,
      CASE WHEN p_valid_days = 0 THEN timestamptz '9999-12-31 00:00:00+00'
        ELSE p_now + p_valid_days * interval '24 hours' END, p_key, p_channel)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING * INTO v_lot;
  IF FOUND THEN
    r_created := true;
  ELSE
    -- a new snapshot (VOLATILE): sees the first grant, also one committed while we waited on it
    SELECT * INTO v_lot FROM coin_lots WHERE idempotency_key = p_key;
    IF NOT FOUND OR v_lot.user_id <> p_user OR v_lot.kind <> p_kind
        OR v_lot.amount <> p_amount OR v_lot.source <> p_source THEN
      RAISE EXCEPTION 'This idempotency key was used for a different grant' USING ERRCODE = 'WA409';
    END IF;
    r_created := false;
  END IF;
  r_lot := v_lot.id;
  r_source_ref := v_lot.source_ref;
  r_granted_at := v_lot.granted_at;
  r_expires_at := v_lot.expires_at;
  RETURN NEXT;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_grant(
  p_user uuid, p_kind text, p_amount integer, p_source text, p_source_ref text, p_key text,
  p_now timestamptz, p_valid_days integer
) RETURNS TABLE (
  r_lot uuid, r_created boolean, r_source_ref text, r_granted_at timestamptz, r_expires_at timestamptz
)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN QUERY SELECT * FROM wallet_grant(p_user, p_kind, p_amount, p_source, p_source_ref, p_key,
    p_now, p_valid_days, NULL::text);
END;
$$;
--> statement-breakpoint
-- payments: payment_credit as in 0014, with the channel of the order's gateway for the paid lot
-- (the validity days of that channel come from the wallet's settings, through p_paid_days).
DROP FUNCTION IF EXISTS payment_credit(uuid, timestamptz, text, text, integer, text, jsonb, boolean,
  integer, integer, integer, integer);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_credit(
  p_order uuid,
  p_now timestamptz,
  p_provider text,
  p_txn text,
  p_amount integer,
  p_currency text,
  p_detail jsonb,
  p_credit boolean,
  p_bonus_first integer,
  p_bonus_repeat integer,
  p_paid_days integer,
  p_bonus_days integer,
  p_channel text
) RETURNS TABLE (
  r_outcome text,
  r_already_credited boolean,
  r_paid integer,
  r_bonus integer,
  r_order jsonb
)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_order payment_orders%ROWTYPE;
  v_recorded boolean := false;
  v_holder uuid;
  v_bonus integer;
  v_paid_lot uuid;
  v_created boolean;
BEGIN
  r_already_credited := false;
  r_paid := 0;
  r_bonus := 0;
  SELECT * INTO v_order FROM payment_orders WHERE id = p_order FOR UPDATE;
  IF NOT FOUND THEN
    r_outcome := 'not_found';
    RETURN NEXT;
    RETURN;
  END IF;

  IF p_provider IS NOT NULL THEN
    IF v_order.gateway <> p_provider THEN
      r_outcome := 'gateway_mismatch';
    ELSIF v_order.state IN ('paid', 'credited', 'refunded') THEN
      IF v_order.provider_txn_id IS DISTINCT FROM p_txn THEN
        r_outcome := 'already_used';
      END IF;
    ELSIF p_currency IS DISTINCT FROM v_order.currency
        OR p_amount IS DISTINCT FROM v_order.amount_minor THEN
      r_outcome := 'amount_mismatch';
    ELSE
      -- a payment the provider took is recorded even on a failed/canceled order: the money arrived
      INSERT INTO payment_order_transitions (order_id, from_state, to_state, at, provider,
          provider_txn_id, detail)
        VALUES (p_order, v_order.state, 'paid', p_now, p_provider, p_txn, p_detail);
      -- the row itself is written once, below: as paid, or as credited when crediting follows
      v_order.state := 'paid';
      v_order.provider_txn_id := p_txn;
      v_recorded := true;
    END IF;
    IF r_outcome IS NOT NULL THEN
      r_order := to_jsonb(v_order);
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;

  IF NOT p_credit THEN
    IF v_recorded THEN
      UPDATE payment_orders SET state = 'paid', provider_txn_id = p_txn, updated_at = p_now
        WHERE id = p_order RETURNING * INTO v_order;
    END IF;
    r_outcome := 'paid';
  ELSIF v_order.state IN ('credited', 'refunded') THEN
    r_outcome := 'credited';
    r_already_credited := true;
  ELSIF v_order.state <> 'paid' THEN
    r_outcome := 'not_paid';
  ELSE
    v_bonus := v_order.credited_bonus;
    IF v_bonus IS NULL THEN
      INSERT INTO payment_first_charges (user_id, gods_code, order_id, at)
        VALUES (v_order.user_id, v_order.gods_code, v_order.id, p_now)
        ON CONFLICT DO NOTHING;
      SELECT order_id INTO v_holder FROM payment_first_charges
        WHERE user_id = v_order.user_id AND gods_code = v_order.gods_code;
      v_bonus := CASE WHEN v_holder = v_order.id THEN p_bonus_first ELSE p_bonus_repeat END;
    END IF;
    SELECT g.r_lot, g.r_created INTO v_paid_lot, v_created
      FROM wallet_grant(v_order.user_id, 'paid', v_order.paid_coin, 'purchase', v_order.id::text,
        'payment:' || v_order.id || ':paid', p_now, p_paid_days, p_channel) g;
    IF v_bonus > 0 THEN
      PERFORM wallet_grant(v_order.user_id, 'bonus', v_bonus, 'purchase_bonus', v_order.id::text,
        'payment:' || v_order.id || ':bonus', p_now, p_bonus_days, NULL);
    END IF;
    UPDATE payment_orders SET state = 'credited', provider_txn_id = v_order.provider_txn_id,
        credited_bonus = v_bonus, updated_at = p_now
      WHERE id = p_order RETURNING * INTO v_order;
    INSERT INTO payment_order_transitions (order_id, from_state, to_state, at, provider,
        provider_txn_id, detail)
      VALUES (p_order, 'paid', 'credited', p_now, v_order.gateway, v_order.provider_txn_id,
        jsonb_build_object('paid_coin', v_order.paid_coin, 'bons_coin', v_bonus, 'lot', v_paid_lot));
    r_outcome := 'credited';
    r_already_credited := NOT v_created;
  END IF;
  IF r_outcome = 'credited' THEN
    SELECT b.r_paid, b.r_bonus INTO r_paid, r_bonus FROM wallet_balances(v_order.user_id, p_now) b;
  END IF;
  r_order := to_jsonb(v_order);
  RETURN NEXT;
END;
$$;
