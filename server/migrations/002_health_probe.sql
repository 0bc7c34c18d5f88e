-- One row that GET /api/health rewrites: a committed write, so health answers 503 when the
-- database can read but no longer write (disk full, read-only file system, lost permissions).
CREATE TABLE health_probe (
  id smallint PRIMARY KEY,
  checked_at timestamptz NOT NULL
);
