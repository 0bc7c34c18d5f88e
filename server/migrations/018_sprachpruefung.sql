-- Native review and recording of the child languages' texts (docs/product.md §50, issue 39).
--
-- Role 'sprache' (Sprachprüfung): an account that reviews and records the texts of its languages
-- and sees nothing else.
ALTER TABLE accounts DROP CONSTRAINT accounts_role_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_role_check
  CHECK (role IN ('verwaltung', 'leitung', 'forschung', 'sprache'));

-- The languages (codes of content/languages/) a 'sprache' account reviews.
CREATE TABLE account_languages (
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  language text NOT NULL,
  PRIMARY KEY (account_id, language)
);

-- Every review of a text, in order: a confirmation ('confirm': `text` is the wording confirmed
-- against `german`) or a proposed correction ('correct': `text` is the proposal, with a note). Made
-- against the build's text `base_text` of content version `content_version`: a row counts only
-- while the build's text is still `base_text` (server/sprachen/state.ts). Accounts are never
-- deleted, only disabled, so who did it stays known.
CREATE TABLE text_reviews (
  id bigserial PRIMARY KEY,
  language text NOT NULL,
  text_key text NOT NULL,
  content_version text NOT NULL,
  base_text text NOT NULL,
  german text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('confirm', 'correct')),
  text text NOT NULL,
  note text NOT NULL DEFAULT '',
  account_id bigint NOT NULL REFERENCES accounts (id),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX text_reviews_language ON text_reviews (language, text_key, id);

-- A spoken text: the MP3 as the browser normalised it (src/preview/recording-audio.ts), the exact
-- wording it speaks, who made it and, once a different account listened to it, who approved it.
-- A new take is a new row, so a recording's bytes never change (tablets cache them for good).
CREATE TABLE recordings (
  id bigserial PRIMARY KEY,
  language text NOT NULL,
  text_key text NOT NULL,
  content_version text NOT NULL,
  text text NOT NULL,
  audio bytea NOT NULL CHECK (octet_length(audio) BETWEEN 1 AND 4194304),
  made_by bigint NOT NULL REFERENCES accounts (id),
  made_at timestamptz NOT NULL DEFAULT now(),
  approved_by bigint REFERENCES accounts (id),
  approved_at timestamptz,
  CHECK (approved_by IS NULL OR approved_by <> made_by)
);
CREATE INDEX recordings_language ON recordings (language, text_key, id);
