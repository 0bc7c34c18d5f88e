-- Derived from the per-answer details (docs/product.md §24, 'Ton' and 'keine Antwort') as stored
-- columns, so that the filter 'Ton' and the non-response rate of /auswertung read one column per
-- row instead of the answers JSON, also at 100,000 rows. Both follow every insert by themselves.

-- How the child heard the test (server/result-sound.ts): 'recording', 'synthesis' or 'none' when
-- every scored answer's prompt had that source, 'mixed' for more than one, NULL without prompts.
CREATE FUNCTION zaehltest_result_sound(answers jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT CASE count(DISTINCT source)
             WHEN 0 THEN NULL
             WHEN 1 THEN min(source)
             ELSE 'mixed'
           END
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(answers) = 'array' THEN answers ELSE '[]'::jsonb END) AS answer,
           LATERAL (SELECT answer -> 'prompt' ->> 'source' AS source) AS prompt
  $$;

-- The questions answered 'Weiß nicht' (noAnswer: true), one bit per question id (1 << id).
CREATE FUNCTION zaehltest_no_answers(answers jsonb) RETURNS integer
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT coalesce(bit_or(
             CASE WHEN (answer ->> 'question') ~ '^[0-9]{1,2}$' AND (answer ->> 'question')::int < 31
                  THEN 1 << (answer ->> 'question')::int ELSE 0 END), 0)
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(answers) = 'array' THEN answers ELSE '[]'::jsonb END) AS answer
     WHERE answer ->> 'noAnswer' = 'true'
  $$;

ALTER TABLE results
  ADD COLUMN sound text GENERATED ALWAYS AS (zaehltest_result_sound(answers)) STORED,
  ADD COLUMN no_answers integer GENERATED ALWAYS AS (zaehltest_no_answers(answers)) STORED;

CREATE INDEX results_sound ON results (sound);
