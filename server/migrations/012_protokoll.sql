-- The Protokoll (docs/product.md §46): who logged in (or failed to), exported and deleted what, and
-- when. It never holds a name, a token or a password; a child code only as a keyed hash
-- (child_code_hash, HMAC-SHA-256 under protokoll_key), so that a parent's deletion request can be
-- confirmed for a given code without the Protokoll naming anyone. Rows older than PROTOKOLL_MONTHS
-- (default 24) are removed.
CREATE TABLE protokoll (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  kind text NOT NULL,
  actor text NOT NULL,
  count integer,
  detail text NOT NULL DEFAULT '',
  child_code_hash text
);
CREATE INDEX protokoll_at ON protokoll (at);
CREATE INDEX protokoll_child_code_hash ON protokoll (child_code_hash) WHERE child_code_hash IS NOT NULL;

-- The key of child_code_hash: made by the first server that needs it, kept with the database (a
-- restored backup confirms the same codes).
CREATE TABLE protokoll_key (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  key bytea NOT NULL
);
