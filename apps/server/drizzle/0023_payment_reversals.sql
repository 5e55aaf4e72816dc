CREATE TABLE "payment_reversals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"provider_txn_id" text NOT NULL,
	"kind" text NOT NULL,
	"event_ref" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"order_id" uuid,
	"applied_at" timestamp with time zone,
	"detail" jsonb,
	CONSTRAINT "payment_reversals_gateway_check" CHECK ("payment_reversals"."gateway" in ('T', 'S', 'P', 'G', 'A')),
	CONSTRAINT "payment_reversals_kind_check" CHECK ("payment_reversals"."kind" in ('refund', 'revoke', 'dispute_opened', 'dispute_lost', 'dispute_won', 'refund_reversed'))
);
--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reversals_txn_kind_key" ON "payment_reversals" USING btree ("gateway","provider_txn_id","kind");--> statement-breakpoint
CREATE INDEX "payment_reversals_kept_idx" ON "payment_reversals" USING btree ("received_at") WHERE "payment_reversals"."applied_at" is null;
--> statement-breakpoint

-- Provider reversals (payments.tables.ts paymentReversals; docs/payments.md "Event model").

-- the transaction-scoped advisory lock that orders a payment's reversal reports against its credit
CREATE OR REPLACE FUNCTION payment_reversal_lock(p_gateway text, p_txn text) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtextextended('payment_reversal:' || p_gateway || ':' || p_txn, 0)
$$;
--> statement-breakpoint

-- whether the reports kept for a payment take its money back; it depends on which kinds were
-- reported, never on their order: a revocation always does, a refund unless Apple reversed it, a
-- lost dispute unless it was then won; an opened dispute alone does not
CREATE OR REPLACE FUNCTION payment_reversed(p_gateway text, p_txn text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(bool_or(kind = 'revoke'), false)
    OR (coalesce(bool_or(kind = 'refund'), false)
        AND NOT coalesce(bool_or(kind = 'refund_reversed'), false))
    OR (coalesce(bool_or(kind = 'dispute_lost'), false)
        AND NOT coalesce(bool_or(kind = 'dispute_won'), false))
  FROM payment_reversals WHERE gateway = p_gateway AND provider_txn_id = p_txn
$$;
--> statement-breakpoint

-- payment_credit as in 0022, and: it takes the payment's reversal lock first, and a payment with
-- reversals kept against it is refunded instead of credited (outcome 'reversed')
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
  v_gateway text;
  v_lock_txn text;
BEGIN
  r_already_credited := false;
  r_paid := 0;
  r_bonus := 0;
  -- the payment's reversal lock before the order's row lock (payment_reversal_lock): a reversal
  -- reported now either is seen below or sees this order's payment once this commits
  SELECT gateway, provider_txn_id INTO v_gateway, v_lock_txn FROM payment_orders WHERE id = p_order;
  IF p_provider IS NOT NULL THEN
    v_lock_txn := p_txn;
  END IF;
  IF v_gateway IS NOT NULL AND v_lock_txn IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(payment_reversal_lock(v_gateway, v_lock_txn));
  END IF;
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
  ELSIF payment_reversed(v_order.gateway, v_order.provider_txn_id) THEN
    -- a refund, void, revocation or lost dispute reported before the payment wins: the order is
    -- refunded with no coins granted, and the kept reports are applied to it
    UPDATE payment_orders SET state = 'refunded', provider_txn_id = v_order.provider_txn_id,
        updated_at = p_now
      WHERE id = p_order RETURNING * INTO v_order;
    INSERT INTO payment_order_transitions (order_id, from_state, to_state, at, provider,
        provider_txn_id, detail)
      SELECT p_order, t.from_state, t.to_state, p_now, t.provider, v_order.provider_txn_id, t.detail
        FROM (VALUES (1, v_from, 'paid', p_provider, p_detail),
                     (2, 'paid', 'refunded', v_order.gateway,
                      jsonb_build_object('reversal', true, 'refunded_coin', 0,
                        'before_credit', true)))
          AS t (n, from_state, to_state, provider, detail)
        WHERE t.n = 2 OR v_recorded
        ORDER BY t.n;
    UPDATE payment_reversals SET order_id = p_order, applied_at = p_now
      WHERE gateway = v_order.gateway AND provider_txn_id = v_order.provider_txn_id
        AND applied_at IS NULL;
    r_outcome := 'reversed';
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
    -- reports that take nothing back (a dispute opened or won, a reversed refund) join the order
    UPDATE payment_reversals SET order_id = p_order, applied_at = p_now
      WHERE gateway = v_order.gateway AND provider_txn_id = v_order.provider_txn_id
        AND applied_at IS NULL;
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
  IF r_outcome IN ('credited', 'reversed') THEN
    SELECT b.r_paid, b.r_bonus INTO r_paid, r_bonus FROM wallet_balances(v_order.user_id, p_now) b;
  END IF;
  r_order := to_jsonb(v_order);
  RETURN NEXT;
END;
$$;
