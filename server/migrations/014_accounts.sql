-- Accounts, roles and Einrichtungen (docs/product.md §47).
--
-- An Einrichtung: the code tablets send as `site` and its name. Deactivated, never deleted while
-- results name it.
CREATE TABLE einrichtungen (
  code text PRIMARY KEY,
  name text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A code uploads used that is joined to an Einrichtung ('kita-17' → 'KITA-017'): the results
-- carrying it were moved to the Einrichtung's code, and later uploads with it are stored under it.
CREATE TABLE site_aliases (
  code text PRIMARY KEY,
  site text NOT NULL REFERENCES einrichtungen (code),
  at timestamptz NOT NULL DEFAULT now()
);

-- Only a slow salted hash of a password is stored (scrypt, server/auth/passwords.ts). `generation`
-- grows with every change of password, role, Einrichtungen or state: a session keeps the
-- generation it was opened with and ends when it differs.
CREATE TABLE accounts (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('verwaltung', 'leitung', 'forschung')),
  -- Verwaltung and Forschung may see every Einrichtung; a Kita-Leitung never.
  all_sites boolean NOT NULL DEFAULT false,
  password_hash text NOT NULL,
  must_change_password boolean NOT NULL DEFAULT true,
  disabled boolean NOT NULL DEFAULT false,
  generation integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);
CREATE UNIQUE INDEX accounts_name ON accounts (lower(name));

CREATE TABLE account_sites (
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  site text NOT NULL REFERENCES einrichtungen (code),
  PRIMARY KEY (account_id, site)
);

-- Named tokens for scripts (Authorization: Bearer), with their account's rights: only a SHA-256
-- of the value (32 random bytes) is stored.
CREATE TABLE api_tokens (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);

-- A session belongs to an account (and its generation) or, without one, to EXPORT_TOKEN (its
-- key_fingerprint, migration 013).
ALTER TABLE auswertung_sessions
  ADD COLUMN account_id bigint REFERENCES accounts (id) ON DELETE CASCADE,
  ADD COLUMN account_generation integer;

-- Later uploads with an assigned code are stored under its Einrichtung, whichever path inserts them.
CREATE FUNCTION zaehltest_site_alias() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.site := coalesce((SELECT a.site FROM site_aliases a WHERE a.code = NEW.site), NEW.site);
    RETURN NEW;
  END
  $$;
CREATE TRIGGER results_site_alias BEFORE INSERT ON results
  FOR EACH ROW WHEN (NEW.site IS NOT NULL) EXECUTE FUNCTION zaehltest_site_alias();
