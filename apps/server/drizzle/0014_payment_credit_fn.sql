-- A payment confirmation in one statement (docs/decisions/0710-payment-confirmation-speed.md).
-- Each module's function is that module's API in SQL, as its service is in TypeScript: payments
-- calls the wallet's wallet_grant and wallet_balances, the wallet calls auth's
-- account_auth_method; no function writes another module's tables.

-- auth: the sign-in method of a live (not withdrawn) user, NULL when there is none. PL/pgSQL,
-- not LANGUAGE sql, so its plan is cached in the session (a SQL function called from PL/pgSQL is
-- parsed and planned again at every call).
CREATE OR REPLACE FUNCTION account_auth_method(p_user uuid) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT auth_method FROM users WHERE id = p_user AND deleted_at IS NULL);
END;
$$;
--> statement-breakpoint

-- wallet: valid balances by kind at p_now (PL/pgSQL for the cached plan, as above).
CREATE OR REPLACE FUNCTION wallet_balances(p_user uuid, p_now timestamptz)
RETURNS TABLE (r_paid integer, r_bonus integer)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT coalesce(sum(remaining) FILTER (WHERE kind = 'paid'), 0)::integer,
           coalesce(sum(remaining) FILTER (WHERE kind = 'bonus'), 0)::integer
      FROM coin_lots WHERE user_id = p_user AND expires_at > p_now;
END;
$$;
--> statement-breakpoint

-- wallet: a grant of coins as a new lot (docs/decisions/0202), in the caller's transaction. Opens
-- and locks the user's wallet row, inserts the lot under its idempotency key; the same key again
-- answers the first lot with r_created false. Refusals raise, so the caller's transaction rolls
-- back: WA404 no such live user, WA403 a guest (spec §6), WA409 the key was used for a different
-- grant, WA400 a request the wallet never grants (wallet.service.ts maps them to result codes).
CREATE OR REPLACE FUNCTION wallet_grant(
  p_user uuid,
  p_kind text,
  p_amount integer,
  p_source text,
  p_source_ref text,
  p_key text,
  p_now timestamptz,
  p_valid_days integer
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
  IF p_valid_days IS NULL OR p_valid_days < 1 OR p_valid_days > 3650 THEN
    RAISE EXCEPTION 'validDays: must be a whole number of days from 1 to 3650' USING ERRCODE = 'WA400';
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
      expires_at, idempotency_key)
    VALUES (p_user, p_kind, p_amount, p_amount, p_source, p_source_ref, p_now,
      p_now + p_valid_days * interval '24 hours', p_key)
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

-- payments: record a provider's payment and/or credit the order, in one transaction under the
-- order's row lock (payments.service.ts describes the steps and the states).
--   p_provider NULL: credit only (the sweep, a paid order's next confirm). Else record the
--   payment first: the gateway must be the order's, a paid order only accepts its own payment
--   again, the amount and currency must be the order's; a provider payment already on another
--   order fails on the unique (gateway, provider_txn_id) index (23505).
--   p_credit false: record only. Crediting decides the bonus once (the first-charge claim is
--   unique per user and pack; p_bonus_first / p_bonus_repeat come from packages/rules), grants the
--   paid and bonus lots through wallet_grant under the keys payment:{id}:paid and :bonus, and
--   moves paid -> credited. Every move writes its transition.
-- r_outcome: 'credited' (r_already_credited: a call before did it), 'paid' (recorded only),
-- 'not_found', 'gateway_mismatch', 'already_used', 'amount_mismatch', 'not_paid'.
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
  p_bonus_days integer
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
        'payment:' || v_order.id || ':paid', p_now, p_paid_days) g;
    IF v_bonus > 0 THEN
      PERFORM wallet_grant(v_order.user_id, 'bonus', v_bonus, 'purchase_bonus', v_order.id::text,
        'payment:' || v_order.id || ':bonus', p_now, p_bonus_days);
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
