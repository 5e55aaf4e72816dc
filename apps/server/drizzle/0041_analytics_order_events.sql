-- Purchases and refunds reach the analytics event log in the transaction that moves the order
-- (decision 1600): a trigger on the order transitions, so the payment path (one statement,
-- decisions 0710/0711) gains no round trip. The key is the transition: a replayed confirmation
-- writes no transition, hence no event.
CREATE FUNCTION analytics_order_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_events (kind, source_key, occurred_at, user_id, method, amount, currency, ref)
  SELECT CASE WHEN NEW.to_state = 'credited' THEN 'purchase' ELSE 'refund' END,
    'order:' || NEW.id, NEW.at, o.user_id, o.gateway, o.amount_minor, o.currency, o.id::text
  FROM payment_orders o WHERE o.id = NEW.order_id
  ON CONFLICT (source_key) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER analytics_order_transition AFTER INSERT ON payment_order_transitions
  FOR EACH ROW WHEN (NEW.to_state IN ('credited', 'refunded'))
  EXECUTE FUNCTION analytics_order_transition();
