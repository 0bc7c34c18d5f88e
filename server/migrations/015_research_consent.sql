-- The parents' consent to passing the pseudonymous result on for research (docs/product.md §48),
-- as the tablet sends it: 'yes', 'no' or 'unknown' (no consent recorded on the device). Rows stored
-- before, and uploads of older apps that do not send it, keep NULL, which counts as 'unknown'
-- (UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH says whether that is consent; docs/operation.md).
ALTER TABLE results
  ADD COLUMN research_consent text CHECK (research_consent IN ('yes', 'no', 'unknown'));

-- A withdrawn research consent (Art. 7(3) DSGVO), sent by the tablet with its next contact: that
-- child code's results of that site count as 'no' from then on, also those uploaded later with a
-- test day up to the withdrawal (a result waiting in a tablet's outbox while the parents withdrew).
CREATE TABLE consent_withdrawals (
  site text,
  child_code text NOT NULL,
  withdrawn_on date NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX consent_withdrawals_child ON consent_withdrawals (child_code, coalesce(site, ''));

CREATE FUNCTION zaehltest_withdrawn_consent() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF NEW.child_code IS NOT NULL AND NEW.research_consent IS DISTINCT FROM 'no' AND EXISTS (
         SELECT 1 FROM consent_withdrawals AS w
          WHERE w.child_code = NEW.child_code
            AND coalesce(w.site, '') = coalesce(NEW.site, '')
            AND coalesce(NEW.test_date, timezone('Europe/Berlin', now())::date) <= w.withdrawn_on) THEN
      NEW.research_consent := 'no';
    END IF;
    RETURN NEW;
  END
  $$;

CREATE TRIGGER results_withdrawn_consent BEFORE INSERT ON results
  FOR EACH ROW EXECUTE FUNCTION zaehltest_withdrawn_consent();

-- Research statistics leave out results without consent: the Verlauf's summary (migrations 008–011)
-- gets the consent as one more attribute, so that the filter picks whole rows like 'Profil'.
ALTER TABLE child_progress ADD COLUMN research_consent text;
DROP INDEX child_progress_child;
CREATE UNIQUE INDEX child_progress_child ON child_progress
  (child_code, language, school, coalesce(site, ''), coalesce(content_version, ''), silent, ended,
   coalesce(understanding, ''), unusual, coalesce(research_consent, ''));

CREATE OR REPLACE FUNCTION zaehltest_child_progress_added() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO child_progress AS p
           (child_code, language, school, site, content_version, silent, ended, understanding, unusual,
            research_consent, tests, first_key, latest_key, keys)
    SELECT child_code, language, school, site, content_version, silent, ended, understanding, unusual,
           research_consent, count(*)::int, min(key), max(key), array_agg(key ORDER BY key)
      FROM (SELECT child_code, language, school, site, content_version,
                   coalesce(sound = 'none', false) AS silent, ended_reason IS NOT NULL AS ended,
                   understanding, unusual, research_consent,
                   zaehltest_progress_key(test_day, id, assigned_level, points_l1, points_l2, points_l3) AS key
              FROM added
             WHERE child_code IS NOT NULL) AS tests
     GROUP BY child_code, language, school, site, content_version, silent, ended, understanding, unusual,
              research_consent
     -- The same order in every batch, so that two batches of the same children cannot deadlock.
     ORDER BY child_code, language, school, site, content_version, silent, ended, understanding, unusual,
              research_consent
    ON CONFLICT (child_code, language, school, coalesce(site, ''), coalesce(content_version, ''), silent, ended,
                 coalesce(understanding, ''), unusual, coalesce(research_consent, ''))
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
    -- neither lose nor double a test. Deletions and withdrawals are rare; the wait is one upload's commit.
    LOCK TABLE child_progress IN SHARE ROW EXCLUSIVE MODE;
    DELETE FROM child_progress WHERE child_code = ANY (codes);
    INSERT INTO child_progress
           (child_code, language, school, site, content_version, silent, ended, understanding, unusual,
            research_consent, tests, first_key, latest_key, keys)
    SELECT child_code, language, school, site, content_version, silent, ended, understanding, unusual,
           research_consent, count(*)::int, min(key), max(key), array_agg(key ORDER BY key)
      FROM (SELECT child_code, language, school, site, content_version,
                   coalesce(sound = 'none', false) AS silent, ended_reason IS NOT NULL AS ended,
                   understanding, unusual, research_consent,
                   zaehltest_progress_key(test_day, id, assigned_level, points_l1, points_l2, points_l3) AS key
              FROM results
             WHERE child_code = ANY (codes)) AS tests
     GROUP BY child_code, language, school, site, content_version, silent, ended, understanding, unusual,
              research_consent;
  END
  $$;
-- No backfill: every stored row has research_consent NULL, as every summary row now has.
