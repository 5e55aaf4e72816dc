CREATE TABLE "experiment_viewers" (
	"experiment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"variant" integer NOT NULL,
	"first_exposed_at" timestamp with time zone NOT NULL,
	"outcomes" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"last_outcome_at" timestamp with time zone,
	CONSTRAINT "experiment_viewers_experiment_id_user_id_pk" PRIMARY KEY("experiment_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "experiment_viewers" ADD CONSTRAINT "experiment_viewers_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The experiment results' rollup (decision 1613): one row per exposed viewer, kept by triggers in
-- the transaction of every write that changes what counts for them, so the results page sums a
-- few columns instead of joining every exposure with every outcome.
--
-- What counts for a viewer, recounted from the owners' rows (the one place that says it): coin
-- unlocks (their coins) and rewarded-ad unlocks (0) of the drama, or the pack's orders paid or
-- credited (won when KRW, else 0), timed from the later of their first exposure and the start
-- to the stop, both ends included. Plans are made at each call (plan_cache_mode): a plan kept for
-- the session from when the tables were nearly empty (a new database, a bulk load) would scan
-- them whole for every later row.
CREATE FUNCTION experiment_viewer_recount(p_experiment uuid, p_user uuid) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  e experiments%ROWTYPE;
  v_from timestamptz;
  v_outcomes integer;
  v_revenue bigint;
  v_last timestamptz;
BEGIN
  SELECT * INTO e FROM experiments WHERE id = p_experiment;
  SELECT greatest(first_exposed_at, coalesce(e.started_at, e.created_at)) INTO v_from
    FROM experiment_viewers WHERE experiment_id = p_experiment AND user_id = p_user;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF e.kind = 'paywall_position' THEN
    SELECT count(*), coalesce(sum(x.coins), 0), max(x.at) INTO v_outcomes, v_revenue, v_last
    FROM (
      SELECT u.coins, u.unlocked_at AS at FROM coin_unlocks u
        WHERE u.user_id = p_user AND u.drama_id = e.drama_id
      UNION ALL
      SELECT 0, a.unlocked_at FROM ad_unlocks a
        WHERE a.user_id = p_user AND a.drama_id = e.drama_id
    ) x
    WHERE x.at >= v_from AND (e.stopped_at IS NULL OR x.at <= e.stopped_at);
  ELSE
    SELECT count(*), coalesce(sum(CASE WHEN o.currency = 'KRW' THEN o.amount_minor ELSE 0 END), 0),
        max(o.created_at)
      INTO v_outcomes, v_revenue, v_last
    FROM payment_orders o
    WHERE o.user_id = p_user AND o.gods_code = e.gods_code AND o.state IN ('paid', 'credited')
      AND o.created_at >= v_from AND (e.stopped_at IS NULL OR o.created_at <= e.stopped_at);
  END IF;
  UPDATE experiment_viewers SET outcomes = v_outcomes, revenue = v_revenue, last_outcome_at = v_last
    WHERE experiment_id = p_experiment AND user_id = p_user;
END
$$;
--> statement-breakpoint
-- Every viewer of the experiment, or (p_after) those with an outcome counted after that time.
CREATE FUNCTION experiment_viewers_recount(p_experiment uuid, p_after timestamptz) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  v_user uuid;
BEGIN
  FOR v_user IN
    SELECT user_id FROM experiment_viewers
    WHERE experiment_id = p_experiment AND (p_after IS NULL OR last_outcome_at > p_after)
  LOOP
    PERFORM experiment_viewer_recount(p_experiment, v_user);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The viewer's lock in an experiment, to the end of the transaction: one of 1,024 per experiment
-- (the viewer's id hashed), so a transaction writing many rows at once (a bulk load) holds at most
-- that many locks, not one per viewer; two viewers that share one only wait for each other.
CREATE FUNCTION experiment_viewer_lock(p_experiment uuid, p_user uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(
    hashtext('experiment_viewers:' || p_experiment || ':' || (hashtext(p_user::text) & 1023)));
END
$$;
--> statement-breakpoint
-- An outcome row of a viewer, at p_at, on a target ('drama:<id>' or 'goods:<code>') was written,
-- changed or removed: the viewer is recounted in each experiment whose window holds p_at. Two
-- locks, both held to the end of the transaction: the experiment's window, shared (a stop takes
-- it exclusively, so it waits for outcomes in flight and they wait for it), then the viewer's
-- (their exposure and their other outcomes are recounted one transaction at a time, each reading
-- what the one before committed).
CREATE FUNCTION experiment_outcome_at(p_target text, p_user uuid, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_experiment uuid;
BEGIN
  FOR v_experiment IN
    SELECT id FROM experiments
    WHERE target = p_target AND status <> 'draft'
      AND p_at >= coalesce(started_at, created_at) AND (stopped_at IS NULL OR p_at <= stopped_at)
    ORDER BY id
  LOOP
    PERFORM pg_advisory_xact_lock_shared(hashtext('experiment_window:' || v_experiment));
    PERFORM experiment_viewer_lock(v_experiment, p_user);
    PERFORM experiment_viewer_recount(v_experiment, p_user);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE FUNCTION experiment_unlock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM experiment_outcome_at('drama:' || OLD.drama_id, OLD.user_id, OLD.unlocked_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM experiment_outcome_at('drama:' || NEW.drama_id, NEW.user_id, NEW.unlocked_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- coin unlocks: bought (coin_unlock), undone (an auto-unlock given back within its 10 s)
CREATE TRIGGER experiment_outcomes AFTER INSERT OR DELETE ON coin_unlocks
  FOR EACH ROW EXECUTE FUNCTION experiment_unlock_changed();--> statement-breakpoint
CREATE TRIGGER experiment_outcomes_update AFTER UPDATE OF user_id, drama_id, coins, unlocked_at
  ON coin_unlocks FOR EACH ROW EXECUTE FUNCTION experiment_unlock_changed();--> statement-breakpoint
-- ad unlocks: earned, removed with a withdrawn account
CREATE TRIGGER experiment_outcomes AFTER INSERT OR DELETE ON ad_unlocks
  FOR EACH ROW EXECUTE FUNCTION experiment_unlock_changed();--> statement-breakpoint
CREATE TRIGGER experiment_outcomes_update AFTER UPDATE OF user_id, drama_id, unlocked_at
  ON ad_unlocks FOR EACH ROW EXECUTE FUNCTION experiment_unlock_changed();--> statement-breakpoint
-- pack orders: counted while paid or credited (a refund takes one away, its restore gives it back)
CREATE FUNCTION experiment_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.state IN ('paid', 'credited') THEN
    PERFORM experiment_outcome_at('goods:' || OLD.gods_code, OLD.user_id, OLD.created_at);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.state IN ('paid', 'credited') THEN
    PERFORM experiment_outcome_at('goods:' || NEW.gods_code, NEW.user_id, NEW.created_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER experiment_outcomes AFTER INSERT ON payment_orders
  FOR EACH ROW WHEN (NEW.state IN ('paid', 'credited'))
  EXECUTE FUNCTION experiment_order_changed();--> statement-breakpoint
CREATE TRIGGER experiment_outcomes_delete AFTER DELETE ON payment_orders
  FOR EACH ROW WHEN (OLD.state IN ('paid', 'credited'))
  EXECUTE FUNCTION experiment_order_changed();--> statement-breakpoint
-- paid → credited changes nothing counted: no recount on the payment path
CREATE TRIGGER experiment_outcomes_update AFTER UPDATE ON payment_orders
  FOR EACH ROW WHEN (
    (OLD.state IN ('paid', 'credited')) <> (NEW.state IN ('paid', 'credited'))
    OR (NEW.state IN ('paid', 'credited') AND
      ROW(OLD.user_id, OLD.gods_code, OLD.created_at, OLD.currency, OLD.amount_minor)
        IS DISTINCT FROM ROW(NEW.user_id, NEW.gods_code, NEW.created_at, NEW.currency, NEW.amount_minor)))
  EXECUTE FUNCTION experiment_order_changed();--> statement-breakpoint
-- An exposure: the viewer's row, counted from what is already there (an outcome committed just
-- before the exposure with a time after it), under the same locks as an outcome.
CREATE FUNCTION experiment_exposure_changed() RETURNS trigger
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM experiment_viewers WHERE experiment_id = OLD.experiment_id AND user_id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_advisory_xact_lock_shared(hashtext('experiment_window:' || NEW.experiment_id));
    PERFORM experiment_viewer_lock(NEW.experiment_id, NEW.user_id);
    INSERT INTO experiment_viewers (experiment_id, user_id, variant, first_exposed_at)
      VALUES (NEW.experiment_id, NEW.user_id, NEW.variant, NEW.first_exposed_at);
    PERFORM experiment_viewer_recount(NEW.experiment_id, NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER experiment_viewers AFTER INSERT OR UPDATE OR DELETE ON experiment_exposures
  FOR EACH ROW EXECUTE FUNCTION experiment_exposure_changed();--> statement-breakpoint
-- The window moved (a start, a stop, a ship that stops): after the outcome transactions in flight
-- (the window's lock, exclusive), a stop recounts the viewers with an outcome counted after it (a
-- transaction that read the experiment still running); any other change recounts every viewer.
CREATE FUNCTION experiment_window_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('experiment_window:' || NEW.id));
  IF OLD.stopped_at IS NULL AND NEW.stopped_at IS NOT NULL
      AND ROW(OLD.started_at, OLD.created_at, OLD.target, OLD.kind, OLD.drama_id, OLD.gods_code)
        IS NOT DISTINCT FROM ROW(NEW.started_at, NEW.created_at, NEW.target, NEW.kind, NEW.drama_id, NEW.gods_code) THEN
    PERFORM experiment_viewers_recount(NEW.id, NEW.stopped_at);
  ELSE
    PERFORM experiment_viewers_recount(NEW.id, NULL);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER experiment_window AFTER UPDATE ON experiments
  FOR EACH ROW WHEN (
    ROW(OLD.started_at, OLD.stopped_at, OLD.created_at, OLD.target, OLD.kind, OLD.drama_id, OLD.gods_code)
      IS DISTINCT FROM ROW(NEW.started_at, NEW.stopped_at, NEW.created_at, NEW.target, NEW.kind, NEW.drama_id, NEW.gods_code))
  EXECUTE FUNCTION experiment_window_changed();--> statement-breakpoint
-- The experiments so far: their viewers, counted as the results page counted them.
INSERT INTO experiment_viewers (experiment_id, user_id, variant, first_exposed_at)
SELECT experiment_id, user_id, variant, first_exposed_at FROM experiment_exposures;--> statement-breakpoint
SELECT experiment_viewers_recount(id, NULL) FROM experiments;
