-- One coin unlock as one statement (docs/decisions/0201-wallet-coin-unlock.md). It runs in
-- the caller's transaction (autocommit: its own), and in this order: lock the wallet row, read
-- what the user bought and holds, decide, take coins from lots earliest expiry first (bonus before
-- paid on a tie, then oldest grant, then id: compareSpendOrder in packages/rules), record the
-- unlock and its allocations. The function is VOLATILE, so every statement after the lock reads a
-- fresh snapshot and sees every spend committed before the lock was granted.
--
-- p_floor: the highest episode playable without a coin purchase (free, viewed, unlocked by ad);
-- these only grow, so the caller reads them before. p_playable: the episode itself is one of them.
-- outcome: 'unlocked' | 'repeat' (bought before: nothing charged) | 'already_unlocked' |
-- 'not_next' (next_epsd says which one can be bought) | 'insufficient'.
CREATE OR REPLACE FUNCTION coin_unlock(
  p_user uuid,
  p_drama integer,
  p_epsd integer,
  p_coins integer,
  p_title_key text,
  p_now timestamptz,
  p_floor integer,
  p_playable boolean
) RETURNS TABLE (outcome text, charged integer, paid integer, bonus integer, next_epsd integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_outcome text;
  v_next integer;
  v_due integer := p_coins;
  v_take integer;
  v_unlock uuid;
  v_lot record;
BEGIN
  IF p_coins <= 0 THEN
    RAISE EXCEPTION 'coin_unlock: a price must be positive, got %', p_coins;
  END IF;
  PERFORM 1 FROM wallets WHERE user_id = p_user FOR UPDATE;

  SELECT coalesce(max(episode_number), 0) FROM coin_unlocks
    WHERE user_id = p_user AND drama_id = p_drama INTO v_next;
  v_next := greatest(p_floor, v_next) + 1;

  IF EXISTS (SELECT 1 FROM coin_unlocks
      WHERE user_id = p_user AND drama_id = p_drama AND episode_number = p_epsd) THEN
    v_outcome := 'repeat';
  ELSIF p_playable THEN
    v_outcome := 'already_unlocked';
  ELSIF p_epsd > v_next THEN
    v_outcome := 'not_next';
  ELSIF (SELECT coalesce(sum(remaining), 0) FROM coin_lots
      WHERE user_id = p_user AND expires_at > p_now AND remaining > 0) < p_coins THEN
    v_outcome := 'insufficient';
  ELSE
    v_outcome := 'unlocked';
    INSERT INTO coin_unlocks (user_id, drama_id, episode_number, title_key, coins, unlocked_at)
      VALUES (p_user, p_drama, p_epsd, p_title_key, p_coins, p_now)
      RETURNING id INTO v_unlock;
    FOR v_lot IN
      SELECT id, remaining FROM coin_lots
        WHERE user_id = p_user AND expires_at > p_now AND remaining > 0
        ORDER BY expires_at, kind = 'paid', granted_at, id
    LOOP
      EXIT WHEN v_due = 0;
      v_take := least(v_lot.remaining, v_due);
      UPDATE coin_lots SET remaining = remaining - v_take WHERE id = v_lot.id;
      INSERT INTO coin_allocations (unlock_id, lot_id, amount) VALUES (v_unlock, v_lot.id, v_take);
      v_due := v_due - v_take;
    END LOOP;
    IF v_due <> 0 THEN
      RAISE EXCEPTION 'coin_unlock: the lots of % did not cover % coins', p_user, p_coins;
    END IF;
  END IF;

  RETURN QUERY SELECT
    v_outcome,
    CASE WHEN v_outcome = 'unlocked' THEN p_coins ELSE 0 END,
    coalesce(sum(l.remaining) FILTER (WHERE l.kind = 'paid'), 0)::integer,
    coalesce(sum(l.remaining) FILTER (WHERE l.kind = 'bonus'), 0)::integer,
    v_next
  FROM coin_lots l
  WHERE l.user_id = p_user AND l.expires_at > p_now AND l.remaining > 0;
END;
$$;
