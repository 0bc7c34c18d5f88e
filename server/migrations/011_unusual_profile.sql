-- An unusual profile (docs/product.md §28): a level not reached (fewer than 5 of 7 points, the 65 %
-- rule of assigned_level in migration 003) while a higher one is reached. The one SQL definition
-- behind the filter 'Profil' and the counts of /auswertung; the CSV's 'Ungewöhnliches Profil'
-- applies the same rule to the same points (unusualLevels in server/export.ts), and the API tests
-- hold both to it (server/auswertung/unusual-profile.test.ts). Generated, so every existing row
-- gets its value when the column is added.
ALTER TABLE results
  ADD COLUMN unusual boolean GENERATED ALWAYS AS (
    ((q1::int + q2::int + q3::int + q4::int + q5::int + q6::int + q8::int) < 5
      AND ((q10::int + q11::int + q12::int + q13::int + q14::int + q15::int + q16::int) >= 5
        OR (q17::int + q18::int + q19::int + q20::int + q21::int + q22::int + q23::int) >= 5))
    OR ((q10::int + q11::int + q12::int + q13::int + q14::int + q15::int + q16::int) < 5
      AND (q17::int + q18::int + q19::int + q20::int + q21::int + q22::int + q23::int) >= 5)
  ) STORED;

-- The filter 'Profil' selects whole rows of the Verlauf's summary (migrations 008–010), like
-- 'vorzeitig beendet': a child's tests with an unusual profile are a row of their own.
ALTER TABLE child_progress ADD COLUMN unusual boolean NOT NULL DEFAULT false;
DROP INDEX child_progress_child;
CREATE UNIQUE INDEX child_progress_child ON child_progress
  (child_code, language, school, coalesce(site, ''), coalesce(content_version, ''), silent, ended,
   coalesce(understanding, ''), unusual);

CREATE OR REPLACE FUNCTION zaehltest_child_progress_added() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO child_progress AS p
           (child_code, language, school, site, content_version, silent, ended, understanding, unusual,
            tests, first_key, latest_key, keys)
    SELECT child_code, language, school, site, content_version, silent, ended, understanding, unusual,
           count(*)::int, min(key), max(key), array_agg(key ORDER BY key)
      FROM (SELECT child_code, language, school, site, content_version,
                   coalesce(sound = 'none', false) AS silent, ended_reason IS NOT NULL AS ended,
                   understanding, unusual,
                   zaehltest_progress_key(test_day, id, assigned_level, points_l1, points_l2, points_l3) AS key
              FROM added
             WHERE child_code IS NOT NULL) AS tests
     GROUP BY child_code, language, school, site, content_version, silent, ended, understanding, unusual
     -- The same order in every batch, so that two batches of the same children cannot deadlock.
     ORDER BY child_code, language, school, site, content_version, silent, ended, understanding, unusual
    ON CONFLICT (child_code, language, school, coalesce(site, ''), coalesce(content_version, ''), silent, ended,
                 coalesce(understanding, ''), unusual)
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
           (child_code, language, school, site, content_version, silent, ended, understanding, unusual,
            tests, first_key, latest_key, keys)
    SELECT child_code, language, school, site, content_version, silent, ended, understanding, unusual,
           count(*)::int, min(key), max(key), array_agg(key ORDER BY key)
      FROM (SELECT child_code, language, school, site, content_version,
                   coalesce(sound = 'none', false) AS silent, ended_reason IS NOT NULL AS ended,
                   understanding, unusual,
                   zaehltest_progress_key(test_day, id, assigned_level, points_l1, points_l2, points_l3) AS key
              FROM results
             WHERE child_code = ANY (codes)) AS tests
     GROUP BY child_code, language, school, site, content_version, silent, ended, understanding, unusual;
  END
  $$;

-- Backfill: the children with a stored test of an unusual profile get their summary rows rebuilt,
-- split by the new column (every other row keeps unusual = false, which is right for it).
SELECT zaehltest_child_progress_refresh(
  ARRAY(SELECT DISTINCT child_code FROM results WHERE unusual AND child_code IS NOT NULL));
