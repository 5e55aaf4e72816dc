CREATE TABLE "analytics_revenue_days" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"currency" text NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_revenue_days_day_source_currency_pk" PRIMARY KEY("day","source","currency")
);
--> statement-breakpoint
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_kind_check";--> statement-breakpoint
ALTER TABLE "analytics_orders" ADD COLUMN "source" text DEFAULT 'coin_pack' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_kind_check" CHECK ("analytics_events"."kind" in ('sign_up', 'episode_start', 'episode_complete', 'paywall_shown', 'unlock', 'unlock_undone', 'purchase', 'refund', 'vip_charge', 'vip_refund', 'share'));--> statement-breakpoint
-- The orders counted before this migration are the service's coin-pack revenue from the start.
INSERT INTO analytics_revenue_days (day, source, currency, gross, refunds)
SELECT day, 'coin_pack', currency, sum(amount), sum(CASE WHEN refunded THEN amount ELSE 0 END)
FROM analytics_orders GROUP BY day, currency;--> statement-breakpoint
-- VIP charges and their refunds reach the event log in the transaction that records them
-- (decision 1608): every path that charges a pass (Toss, Stripe, PayPal, Google Play, the App
-- Store) records a paid period in vip_periods and marks it refunded there, so a trigger sees them
-- all. The key is the period: a replayed notice inserts no period (its key is unique per pass) and
-- marks nothing refunded twice (only a period not refunded yet is updated), so it writes nothing.
CREATE FUNCTION analytics_vip_period() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_events (kind, source_key, occurred_at, user_id, method, amount, currency, ref)
  SELECT CASE WHEN TG_OP = 'INSERT' THEN 'vip_charge' ELSE 'vip_refund' END,
    CASE WHEN TG_OP = 'INSERT' THEN 'vip:' ELSE 'vip_refund:' END || NEW.id,
    CASE WHEN TG_OP = 'INSERT' THEN NEW.recorded_at ELSE NEW.refunded_at END,
    s.user_id, s.gateway, NEW.amount_minor, NEW.currency, 'vip:' || NEW.id
  FROM vip_subscriptions s WHERE s.id = NEW.subscription_id
  ON CONFLICT (source_key) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER analytics_vip_charge AFTER INSERT ON vip_periods
  FOR EACH ROW EXECUTE FUNCTION analytics_vip_period();--> statement-breakpoint
CREATE TRIGGER analytics_vip_refund AFTER UPDATE OF refunded_at ON vip_periods
  FOR EACH ROW WHEN (OLD.refunded_at IS NULL AND NEW.refunded_at IS NOT NULL)
  EXECUTE FUNCTION analytics_vip_period();
