-- Enrolled tablets (docs/product.md §51, "Eingerichtete Tablets", with the protocol): one-time enrolment codes,
-- the tablets they set up, the passphrase record of each Einrichtung, and which tablet sent a result.

-- A one-time code (12 characters, valid 7 days, usable once). Only the SHA-256 of the normalised
-- code is stored; `batch` groups the codes made by one request (printed on one page).
CREATE TABLE enrolment_codes (
  code_hash text PRIMARY KEY,
  site text NOT NULL REFERENCES einrichtungen (code),
  batch text NOT NULL,
  -- The name the Verwaltung gave the tablet it is meant for (may be empty).
  name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_by text NOT NULL,
  tablet_id text
);
CREATE INDEX enrolment_codes_site ON enrolment_codes (site, expires_at);

-- An enrolment: the tablet's public key (base64 SPKI, ECDSA P-256) and the Einrichtung it was set up
-- for. A tablet set up again (after 'Abmelden', or for another Kita) is a new row with a new key that
-- names its earlier row in previous_id, so its earlier results are still accepted.
CREATE TABLE tablets (
  id text PRIMARY KEY,
  site text NOT NULL REFERENCES einrichtungen (code),
  name text NOT NULL DEFAULT '',
  public_key text NOT NULL,
  previous_id text REFERENCES tablets (id),
  enrolled_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  -- What the tablet last reported (POST /api/tablets/status).
  last_contact_at timestamptz,
  app_version text,
  content_version text,
  unsent integer,
  last_backup_at timestamptz
);
CREATE INDEX tablets_site ON tablets (site);
CREATE INDEX tablets_previous ON tablets (previous_id) WHERE previous_id IS NOT NULL;

-- The passphrase of an Einrichtung's enrolled tablets: never the passphrase, only the salt and the
-- verifier of the same PBKDF2 as the build's (scripts/build-config.ts makeAccessVerifier).
-- `version` grows by one per change.
CREATE TABLE site_passphrases (
  site text PRIMARY KEY REFERENCES einrichtungen (code),
  salt text NOT NULL,
  iterations integer NOT NULL,
  verifier text NOT NULL,
  version integer NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);

-- The tablet that sent a result and the Einrichtung it was enrolled to when the test was taken;
-- NULL for uploads of tablets that are not enrolled. Plain columns: no foreign key, no index and no
-- trigger, so an upload costs no more per row (`npm run bench:server`); the counts of /verwaltung
-- read them through the index on test_day.
ALTER TABLE results
  ADD COLUMN tablet_id text,
  ADD COLUMN enrolled_site text;
