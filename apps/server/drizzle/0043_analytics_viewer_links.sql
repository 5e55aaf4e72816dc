CREATE INDEX "analytics_drama_reach_user_idx" ON "analytics_drama_reach" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analytics_events_user_idx" ON "analytics_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analytics_orders_user_idx" ON "analytics_orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analytics_reach_user_idx" ON "analytics_reach" USING btree ("user_id");--> statement-breakpoint
-- A money fact about a member who withdrew (a refund of their order or pass arriving later) is
-- written under a random id of its own, never theirs (decision 1609): the rollups find the order
-- by its ref, so the figures stay right.
CREATE OR REPLACE FUNCTION analytics_viewer_id(viewer uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = viewer
      AND u.deleted_at IS NOT NULL AND u.auth_method <> 'guest')
    THEN gen_random_uuid() ELSE viewer END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_order_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_events (kind, source_key, occurred_at, user_id, method, amount, currency, ref)
  SELECT CASE WHEN NEW.to_state = 'credited' THEN 'purchase' ELSE 'refund' END,
    'order:' || NEW.id, NEW.at, analytics_viewer_id(o.user_id), o.gateway, o.amount_minor,
    o.currency, o.id::text
  FROM payment_orders o WHERE o.id = NEW.order_id
  ON CONFLICT (source_key) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_vip_period() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_events (kind, source_key, occurred_at, user_id, method, amount, currency, ref)
  SELECT CASE WHEN TG_OP = 'INSERT' THEN 'vip_charge' ELSE 'vip_refund' END,
    CASE WHEN TG_OP = 'INSERT' THEN 'vip:' ELSE 'vip_refund:' END || NEW.id,
    CASE WHEN TG_OP = 'INSERT' THEN NEW.recorded_at ELSE NEW.refunded_at END,
    analytics_viewer_id(s.user_id), s.gateway, NEW.amount_minor, NEW.currency, 'vip:' || NEW.id
  FROM vip_subscriptions s WHERE s.id = NEW.subscription_id
  ON CONFLICT (source_key) DO NOTHING;
  RETURN NULL;
END
$$;
