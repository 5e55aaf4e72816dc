-- A cheaper payment confirmation in the database (docs/decisions/0711-payment-confirmation-1000.md).
-- Same rows, same unique keys, same outcomes as payment_credit in 0018; fewer statements to write
-- them: the wallet grants a purchase's paid and bonus lots in one call (one member check, one
-- wallet lock, one INSERT of both lots, the balances in the same call), both transitions of a
-- confirmation are one INSERT, and the first-charge claim answers its holder through RETURNING.

-- wallet: the lots of one purchase (paid, and bonus when p_bonus > 0), in the caller's
-- transaction, with the valid balances right after. The checks, the lock and the idempotency are
-- wallet_grant's (0018): a key already used answers its first lot (r_created false) or WA409 when
-- it was used for a different grant; refusals raise WA400/WA403/WA404.
CREATE OR REPLACE FUNCTION wallet_grant_purchase(
  p_user uuid,
  p_source_ref text,
  p_paid integer,
  p_paid_key text,
  p_paid_days integer,
  p_bonus integer,
  p_bonus_key text,
  p_bonus_days integer,
  p_channel text,
  p_now timestamptz,
  OUT r_lot uuid,
  OUT r_created boolean,
  OUT r_paid integer,
  OUT r_bonus integer
)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_method text;
  v_inserted integer;
BEGIN
  IF p_paid IS NULL OR p_paid <= 0 OR p_bonus IS NULL OR p_bonus < 0 THEN
    RAISE EXCEPTION 'amount: must be a positive integer' USING ERRCODE = 'WA400';
  END IF;
  IF p_paid_key IS NULL OR p_paid_key = '' OR length(p_paid_key) > 200
      OR (p_bonus > 0 AND (p_bonus_key IS NULL OR p_bonus_key = '' OR length(p_bonus_key) > 200)) THEN
    RAISE EXCEPTION 'idempotencyKey: required, at most 200 characters' USING ERRCODE = 'WA400';
  END IF;
  IF p_paid_days IS NULL OR p_paid_days < 0 OR p_paid_days > 3650
      OR p_bonus_days IS NULL OR p_bonus_days < 0 OR p_bonus_days > 3650 THEN
    RAISE EXCEPTION 'validDays: must be 0 (no expiry) or a whole number of days from 1 to 3650' USING ERRCODE = 'WA400';
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
  WITH added AS (
    INSERT INTO coin_lots (user_id, kind, amount, remaining, source, source_ref, granted_at,
        expires_at, idempotency_key, channel)
      SELECT p_user, l.kind, l.amount, l.amount, l.source, p_source_ref, p_now,
          CASE WHEN l.days = 0 THEN timestamptz '9999-12-31 00:00:00+00'
            ELSE p_now + l.days * interval '24 hours' END, l.key, l.channel
        FROM (VALUES ('paid', p_paid, 'purchase', p_paid_days, p_paid_key, p_channel),
                     ('bonus', p_bonus, 'purchase_bonus', p_bonus_days, p_bonus_key, NULL::text))
          AS l (kind, amount, source, days, key, channel)
        WHERE l.amount > 0
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, kind
  )
  SELECT count(*)::integer, (array_agg(id) FILTER (WHERE kind = 'paid'))[1]
    INTO v_inserted, r_lot FROM added;
  IF v_inserted = (CASE WHEN p_bonus > 0 THEN 2 ELSE 1 END) THEN
    r_created := true;
  ELSE
    -- a key seen before (a grant made outside this call): wallet_grant answers the first lot or
    -- refuses a different grant under that key, one lot at a time, as it always did
    SELECT g.r_lot, g.r_created INTO r_lot, r_created
      FROM wallet_grant(p_user, 'paid', p_paid, 'purchase', p_source_ref, p_paid_key, p_now,
        p_paid_days, p_channel) g;
    IF p_bonus > 0 THEN
      PERFORM wallet_grant(p_user, 'bonus', p_bonus, 'purchase_bonus', p_source_ref, p_bonus_key,
        p_now, p_bonus_days, NULL);
    END IF;
  END IF;
  SELECT coalesce(sum(remaining) FILTER (WHERE kind = 'paid'), 0)::integer,
         coalesce(sum(remaining) FILTER (WHERE kind = 'bonus'), 0)::integer
    INTO r_paid, r_bonus
    FROM coin_lots WHERE user_id = p_user AND expires_at > p_now;
END;
$$;
--> statement-breakpoint

-- payments: payment_credit as in 0018 (same arguments, outcomes and rows), written with fewer
-- statements; payments.service.ts describes the steps and the states.
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
  v_from text;
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
      -- a payment the provider took is recorded even on a failed/canceled order: the money
      -- arrived. Its transition is written below, with the credit's when crediting follows.
      v_from := v_order.state;
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
      INSERT INTO payment_order_transitions (order_id, from_state, to_state, at, provider,
          provider_txn_id, detail)
        VALUES (p_order, v_from, 'paid', p_now, p_provider, p_txn, p_detail);
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
      -- the first-charge claim (unique per user and pack): this order holds it when it inserted it
      -- (a claim by this order in an earlier transaction would have set credited_bonus with it)
      INSERT INTO payment_first_charges (user_id, gods_code, order_id, at)
        VALUES (v_order.user_id, v_order.gods_code, v_order.id, p_now)
        ON CONFLICT DO NOTHING
        RETURNING order_id INTO v_holder;
      IF v_holder IS NULL AND p_bonus_first <> p_bonus_repeat THEN
        -- someone holds it; only when the bonus depends on who: a claim made before 0014, when
        -- the claim and credited_bonus were separate steps, may be this order's own
        SELECT order_id INTO v_holder FROM payment_first_charges
          WHERE user_id = v_order.user_id AND gods_code = v_order.gods_code;
      END IF;
      v_bonus := CASE WHEN v_holder = v_order.id THEN p_bonus_first ELSE p_bonus_repeat END;
    END IF;
    SELECT g.r_lot, g.r_created, g.r_paid, g.r_bonus INTO v_paid_lot, v_created, r_paid, r_bonus
      FROM wallet_grant_purchase(v_order.user_id, v_order.id::text, v_order.paid_coin,
        'payment:' || v_order.id || ':paid', p_paid_days, v_bonus,
        'payment:' || v_order.id || ':bonus', p_bonus_days, p_channel, p_now) g;
    UPDATE payment_orders SET state = 'credited', provider_txn_id = v_order.provider_txn_id,
        credited_bonus = v_bonus, updated_at = p_now
      WHERE id = p_order RETURNING * INTO v_order;
    -- both moves of a confirmation (registered -> paid -> credited) in one statement, in order
    INSERT INTO payment_order_transitions (order_id, from_state, to_state, at, provider,
        provider_txn_id, detail)
      SELECT p_order, t.from_state, t.to_state, p_now, t.provider, v_order.provider_txn_id, t.detail
        FROM (VALUES (1, v_from, 'paid', p_provider, p_detail),
                     (2, 'paid', 'credited', v_order.gateway,
                      jsonb_build_object('paid_coin', v_order.paid_coin, 'bons_coin', v_bonus,
                        'lot', v_paid_lot)))
          AS t (n, from_state, to_state, provider, detail)
        WHERE t.n = 2 OR v_recorded
        ORDER BY t.n;
    r_outcome := 'credited';
    r_already_credited := NOT v_created;
    r_order := to_jsonb(v_order);
    RETURN NEXT;
    RETURN;
  END IF;
  IF r_outcome = 'credited' THEN
    SELECT b.r_paid, b.r_bonus INTO r_paid, r_bonus FROM wallet_balances(v_order.user_id, p_now) b;
  END IF;
  r_order := to_jsonb(v_order);
  RETURN NEXT;
END;
$$;
