-- Research data (docs/product.md §24): what the upload adds since the first version, and what the
-- server derives from it. Rows stored before leave the new data columns empty (NULL).
ALTER TABLE results
  -- The local day the test was taken; the upload may come days later.
  ADD COLUMN test_date date,
  -- Short hash of the question packs the test used.
  ADD COLUMN content_version text,
  -- Per scored question: the answer given, response time, exposure and flags (JSON array).
  ADD COLUMN answers jsonb,
  -- Age in whole months on the test day (NULL without birth date or test date).
  ADD COLUMN age_months integer GENERATED ALWAYS AS (
    CASE WHEN test_date >= born THEN
      (extract(year FROM age(test_date::timestamp, born::timestamp)) * 12
        + extract(month FROM age(test_date::timestamp, born::timestamp)))::integer
    END
  ) STORED,
  -- The day the statistics filter by: the test day, or for older rows the day it was received.
  ADD COLUMN test_day date GENERATED ALWAYS AS (
    coalesce(test_date, timezone('Europe/Berlin', received_at)::date)
  ) STORED,
  -- Its month as YYYYMM, so that counting by month needs no date formatting per row.
  ADD COLUMN test_month integer GENERATED ALWAYS AS (
    (extract(year FROM coalesce(test_date, timezone('Europe/Berlin', received_at)::date)) * 100
      + extract(month FROM coalesce(test_date, timezone('Europe/Berlin', received_at)::date)))::integer
  ) STORED,
  -- Points per level: the levels of the questions are those of schemas/result-constants.ts.
  ADD COLUMN points_l1 smallint GENERATED ALWAYS AS (q1::int + q2::int + q3::int + q4::int + q5::int + q6::int + q8::int) STORED,
  ADD COLUMN points_l2 smallint GENERATED ALWAYS AS (q10::int + q11::int + q12::int + q13::int + q14::int + q15::int + q16::int) STORED,
  ADD COLUMN points_l3 smallint GENERATED ALWAYS AS (q17::int + q18::int + q19::int + q20::int + q21::int + q22::int + q23::int) STORED,
  -- The assigned level (src/results/levels.ts): highest level with at least 65 % correct, plus one;
  -- 4 means 'größer 3'. 65 % of 7 questions is 4.55, so a level is achieved from 5 points on.
  ADD COLUMN assigned_level smallint GENERATED ALWAYS AS (
    CASE
      WHEN (q17::int + q18::int + q19::int + q20::int + q21::int + q22::int + q23::int) >= 5 THEN 4
      WHEN (q10::int + q11::int + q12::int + q13::int + q14::int + q15::int + q16::int) >= 5 THEN 3
      WHEN (q1::int + q2::int + q3::int + q4::int + q5::int + q6::int + q8::int) >= 5 THEN 2
      ELSE 1
    END
  ) STORED;

CREATE INDEX results_test_day ON results (test_day);

-- Sessions of the researchers' page /auswertung. Only a hash of the cookie's value is stored, so
-- a copy of the database does not hold usable sessions.
CREATE TABLE auswertung_sessions (
  token_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
