-- Whether the child understood the spoken language, as the educator recorded it on the start
-- screen after the sound check (docs/product.md §39): 'yes', 'partly' or 'no'. Rows stored before,
-- and uploads of older apps that do not send it, keep NULL (unknown).
ALTER TABLE results
  ADD COLUMN understanding text CHECK (understanding IN ('yes', 'partly', 'no'));

CREATE INDEX results_understanding ON results (understanding);

-- The filter 'Sprachverständnis' selects whole rows of the Verlauf's summary (migrations 008, 009),
-- like 'Ton' and 'vorzeitig beendet': a child's tests with another recorded understanding are a row
-- of their own. Every existing row holds tests stored before the answer was recorded: NULL.
ALTER TABLE child_progress ADD COLUMN understanding text;
DROP INDEX child_progress_child;
CREATE UNIQUE INDEX child_progress_child ON child_progress
  (child_code, language, school, coalesce(site, ''), coalesce(content_version, ''), silent, ended,
   coalesce(understanding, ''));

CREATE OR REPLACE FUNCTION zaehltest_child_progress_added() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO child_progress AS p
           (child_code, language, school, site, content_version, silent, ended, understanding,
            tests, first_key, latest_key, keys)
    SELECT child_code, language, school, site, content_version, silent, ended, understanding,
           count(*)::int, min(key), max(key), array_agg(key ORDER BY key)
      FROM (SELECT child_code, language, school, site, content_version,
                   coalesce(sound = 'none', false) AS silent, ended_reason IS NOT NULL AS ended,
                   understanding,
                   zaehltest_progress_key(test_day, id, assigned_level, points_l1, points_l2, points_l3) AS key
              FROM added
             WHERE child_code IS NOT NULL) AS tests
     GROUP BY child_code, language, school, site, content_version, silent, ended, understanding
     -- The same order in every batch, so that two batches of the same children cannot deadlock.
     ORDER BY child_code, language, school, site, content_version, silent, ended, understanding
    ON CONFLICT (child_code, language, school, coalesce(site, ''), coalesce(content_version, ''), silent, ended,
                 coalesce(understanding, ''))
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
           (child_code, language, school, site, content_version, silent, ended, understanding,
            tests, first_key, latest_key, keys)
    SELECT child_code, language, school, site, content_version, silent, ended, understanding,
           count(*)::int, min(key), max(key), array_agg(key ORDER BY key)
      FROM (SELECT child_code, language, school, site, content_version,
                   coalesce(sound = 'none', false) AS silent, ended_reason IS NOT NULL AS ended,
                   understanding,
                   zaehltest_progress_key(test_day, id, assigned_level, points_l1, points_l2, points_l3) AS key
              FROM results
             WHERE child_code = ANY (codes)) AS tests
     GROUP BY child_code, language, school, site, content_version, silent, ended, understanding;
  END
  $$;
