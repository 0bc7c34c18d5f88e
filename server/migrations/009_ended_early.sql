-- A test ended early with 'Test beenden' (docs/product.md §38): the reason, the last question
-- reached and which scored questions were not answered. The upload sends those as null; the
-- question columns keep false for them (no point either way), and `not_reached` says which they
-- were, one bit per question id (1 << id), as `no_answers` does. Rows stored before, and every test
-- run to its end, have no reason and not_reached 0.
ALTER TABLE results
  ADD COLUMN ended_reason text,
  ADD COLUMN ended_last_question smallint,
  ADD COLUMN not_reached integer NOT NULL DEFAULT 0;

CREATE INDEX results_ended_reason ON results (ended_reason);

-- The filter 'vorzeitig beendet' selects whole rows of the Verlauf's summary (migration 008), like
-- 'Ton': a child's tests ended early are a row of their own. No result could end early before this
-- migration, so every existing row holds tests run to their end.
ALTER TABLE child_progress ADD COLUMN ended boolean NOT NULL DEFAULT false;
DROP INDEX child_progress_child;
CREATE UNIQUE INDEX child_progress_child ON child_progress
  (child_code, language, school, coalesce(site, ''), coalesce(content_version, ''), silent, ended);

CREATE OR REPLACE FUNCTION zaehltest_child_progress_added() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO child_progress AS p
           (child_code, language, school, site, content_version, silent, ended, tests, first_key, latest_key, keys)
    SELECT child_code, language, school, site, content_version, silent, ended,
           count(*)::int, min(key), max(key), array_agg(key ORDER BY key)
      FROM (SELECT child_code, language, school, site, content_version,
                   coalesce(sound = 'none', false) AS silent, ended_reason IS NOT NULL AS ended,
                   zaehltest_progress_key(test_day, id, assigned_level, points_l1, points_l2, points_l3) AS key
              FROM added
             WHERE child_code IS NOT NULL) AS tests
     GROUP BY child_code, language, school, site, content_version, silent, ended
     -- The same order in every batch, so that two batches of the same children cannot deadlock.
     ORDER BY child_code, language, school, site, content_version, silent, ended
    ON CONFLICT (child_code, language, school, coalesce(site, ''), coalesce(content_version, ''), silent, ended)
    DO UPDATE SET tests = p.tests + excluded.tests,
                  first_key = least(p.first_key, excluded.first_key),
                  latest_key = greatest(p.latest_key, excluded.latest_key),
                  keys = p.keys || excluded.keys;
    RETURN NULL;
  END
  $$;

CREATE OR REPLACE FUNCTION zaehltest_child_progress_refresh(codes text[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF cardinality(codes) = 0 THEN
      RETURN;
    END IF;
    -- Waits for uploads in flight to commit (they add to the summary) and holds new ones until
    -- this transaction ends, so that the rebuilt rows and a concurrent upload of the same child
    -- neither lose nor double a test. Deletions are rare; the wait is one upload's commit.
    LOCK TABLE child_progress IN SHARE ROW EXCLUSIVE MODE;
    DELETE FROM child_progress WHERE child_code = ANY (codes);
    INSERT INTO child_progress
           (child_code, language, school, site, content_version, silent, ended, tests, first_key, latest_key, keys)
    SELECT child_code, language, school, site, content_version, silent, ended,
           count(*)::int, min(key), max(key), array_agg(key ORDER BY key)
      FROM (SELECT child_code, language, school, site, content_version,
                   coalesce(sound = 'none', false) AS silent, ended_reason IS NOT NULL AS ended,
                   zaehltest_progress_key(test_day, id, assigned_level, points_l1, points_l2, points_l3) AS key
              FROM results
             WHERE child_code = ANY (codes)) AS tests
     GROUP BY child_code, language, school, site, content_version, silent, ended;
  END
  $$;
