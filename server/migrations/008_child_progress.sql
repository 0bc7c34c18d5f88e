-- A summary of each child's tests for the 'Verlauf' statistics (docs/product.md, Verlauf at scale):
-- with 100,000 results of 40,000 children the section then reads about 40,000 short rows instead of
-- every result. Triggers on `results` keep it exact in the transaction of every insert, deletion,
-- update and truncation, whichever code path makes it.
--
-- One row per child code and per combination of the attributes the filters select results by
-- (language, school, site, content version, silent or not), so that every filter but the date
-- range picks whole rows. The date range is answered from `keys`, the sort keys of all the row's
-- tests: rows entirely inside the range count as they are, rows partly inside by the keys within.

-- A test's sort key: days since 1970 (16 bits, 1970 to 2149) above the row id (31 bits, two billion
-- results) above the assigned level − 1 (2 bits) and the points per level (3 bits each). Bits 11 to
-- 15 are left 0:
-- the query puts the language's index there (server/db/research.ts, progressGroups), so that the
-- list of languages lives in the code and not in the database. min() and max() of the keys of a
-- child are its first and latest test (by test day, then arrival).
CREATE FUNCTION zaehltest_progress_key(test_day date, id bigint, assigned_level integer,
                                       points_l1 integer, points_l2 integer, points_l3 integer)
  RETURNS bigint
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT (least(65535, greatest(0, test_day - date '1970-01-01'))::bigint << 47)
         | ((id & 2147483647) << 16)
         | ((assigned_level - 1)::bigint << 9)
         | (points_l1::bigint << 6) | (points_l2::bigint << 3) | points_l3::bigint
  $$;

CREATE TABLE child_progress (
  child_code text NOT NULL,
  language text NOT NULL,
  school text NOT NULL,
  site text,
  content_version text,
  -- The filter 'Ton': every prompt unspoken (sound 'none').
  silent boolean NOT NULL,
  -- The row's tests: how many, the smallest and largest key, and every key.
  tests integer NOT NULL,
  first_key bigint NOT NULL,
  latest_key bigint NOT NULL,
  keys bigint[] NOT NULL
);

-- One row per child and attributes; leading with the code for the deletion and the chunked read.
CREATE UNIQUE INDEX child_progress_child ON child_progress
  (child_code, language, school, coalesce(site, ''), coalesce(content_version, ''), silent);
CREATE INDEX child_progress_site ON child_progress (site);

-- Adds the tests of an insert (its transition table `added`) to the summary.
CREATE FUNCTION zaehltest_child_progress_added() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO child_progress AS p
           (child_code, language, school, site, content_version, silent, tests, first_key, latest_key, keys)
    SELECT child_code, language, school, site, content_version, silent,
           count(*)::int, min(key), max(key), array_agg(key ORDER BY key)
      FROM (SELECT child_code, language, school, site, content_version,
                   coalesce(sound = 'none', false) AS silent,
                   zaehltest_progress_key(test_day, id, assigned_level, points_l1, points_l2, points_l3) AS key
              FROM added
             WHERE child_code IS NOT NULL) AS tests
     GROUP BY child_code, language, school, site, content_version, silent
     -- The same order in every batch, so that two batches of the same children cannot deadlock.
     ORDER BY child_code, language, school, site, content_version, silent
    ON CONFLICT (child_code, language, school, coalesce(site, ''), coalesce(content_version, ''), silent)
    DO UPDATE SET tests = p.tests + excluded.tests,
                  first_key = least(p.first_key, excluded.first_key),
                  latest_key = greatest(p.latest_key, excluded.latest_key),
                  keys = p.keys || excluded.keys;
    RETURN NULL;
  END
  $$;

-- Builds the rows of these children anew from their stored results.
CREATE FUNCTION zaehltest_child_progress_refresh(codes text[]) RETURNS void
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
           (child_code, language, school, site, content_version, silent, tests, first_key, latest_key, keys)
    SELECT child_code, language, school, site, content_version, silent,
           count(*)::int, min(key), max(key), array_agg(key ORDER BY key)
      FROM (SELECT child_code, language, school, site, content_version,
                   coalesce(sound = 'none', false) AS silent,
                   zaehltest_progress_key(test_day, id, assigned_level, points_l1, points_l2, points_l3) AS key
              FROM results
             WHERE child_code = ANY (codes)) AS tests
     GROUP BY child_code, language, school, site, content_version, silent;
  END
  $$;

CREATE FUNCTION zaehltest_child_progress_removed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM zaehltest_child_progress_refresh(
      ARRAY(SELECT DISTINCT child_code FROM removed WHERE child_code IS NOT NULL));
    RETURN NULL;
  END
  $$;

CREATE FUNCTION zaehltest_child_progress_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM zaehltest_child_progress_refresh(
      ARRAY(SELECT child_code FROM removed WHERE child_code IS NOT NULL
            UNION SELECT child_code FROM added WHERE child_code IS NOT NULL));
    RETURN NULL;
  END
  $$;

CREATE FUNCTION zaehltest_child_progress_truncated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    DELETE FROM child_progress;
    RETURN NULL;
  END
  $$;

CREATE TRIGGER results_child_progress_insert AFTER INSERT ON results
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION zaehltest_child_progress_added();
CREATE TRIGGER results_child_progress_delete AFTER DELETE ON results
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION zaehltest_child_progress_removed();
CREATE TRIGGER results_child_progress_update AFTER UPDATE ON results
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION zaehltest_child_progress_changed();
CREATE TRIGGER results_child_progress_truncate AFTER TRUNCATE ON results
  FOR EACH STATEMENT EXECUTE FUNCTION zaehltest_child_progress_truncated();

-- The results stored before this migration.
INSERT INTO child_progress
       (child_code, language, school, site, content_version, silent, tests, first_key, latest_key, keys)
SELECT child_code, language, school, site, content_version, silent,
       count(*)::int, min(key), max(key), array_agg(key ORDER BY key)
  FROM (SELECT child_code, language, school, site, content_version,
               coalesce(sound = 'none', false) AS silent,
               zaehltest_progress_key(test_day, id, assigned_level, points_l1, points_l2, points_l3) AS key
          FROM results
         WHERE child_code IS NOT NULL) AS tests
 GROUP BY child_code, language, school, site, content_version, silent;
