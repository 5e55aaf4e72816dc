-- One page of a catalog search (docs/decisions/0300-search.md): the matching dramas' ids, newest
-- registered first, each with the number of matches. The caller reads the dramas of the page.
--
-- p_column: which index the driving part of the keyword uses, 'text' (search_text LIKE p_pattern)
-- or 'grams' (search_grams LIKE p_pattern), or 'scan' when the keyword has no letter or digit and
-- so no trigram (every drama's text is read). p_term: the whole normalised keyword, checked on
-- every row the index yields (strpos: the literal match).
--
-- ROWS 20, about a page: told 1,000 (the default), the planner would join the page to dramas by
-- reading the whole table rather than by its primary key.
--
-- The plan is the generic one (plan_cache_mode), made once per connection: planning the statement
-- for its parameter values took longer than running it for a rare keyword, and the plan is the
-- same for every pattern (a bitmap scan of the branch's index). The punctuation-only branch has
-- no LIKE, so a generic plan never walks a whole index for a pattern without trigrams.
CREATE OR REPLACE FUNCTION catalog_search_page(
  p_column text,
  p_pattern text,
  p_term text,
  p_limit integer,
  p_offset integer
) RETURNS TABLE (id integer, registered_at timestamptz, total bigint)
LANGUAGE plpgsql STABLE
ROWS 20
SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  -- One branch per way of finding the candidates. In the generic plan each condition on p_column
  -- is a one-time filter: the branches not chosen are never run.
  RETURN QUERY
    WITH matched AS (
      SELECT d.id, d.registered_at FROM dramas d
      WHERE p_column = 'text' AND d.search_text LIKE p_pattern
        AND strpos(d.search_text, p_term) > 0
      UNION ALL
      SELECT d.id, d.registered_at FROM dramas d
      WHERE p_column = 'grams' AND d.search_grams LIKE p_pattern
        AND strpos(d.search_text, p_term) > 0
      UNION ALL
      SELECT d.id, d.registered_at FROM dramas d
      WHERE p_column = 'scan' AND strpos(d.search_text, p_term) > 0
    )
    SELECT m.id, m.registered_at, (SELECT count(*) FROM matched)
    FROM matched m
    ORDER BY m.registered_at DESC, m.id DESC
    LIMIT p_limit OFFSET p_offset;
END $$;
