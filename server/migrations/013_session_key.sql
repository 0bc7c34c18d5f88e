-- A session of /auswertung belongs to the export key that opened it (docs/product.md §46): the
-- server keeps a fingerprint of that key (a hash, never the key) and accepts the session only while
-- EXPORT_TOKEN is still the same, so changing the key ends every session opened with the old one.
-- Sessions from before this migration have none and end at once (one more login).
ALTER TABLE auswertung_sessions ADD COLUMN key_fingerprint text;
