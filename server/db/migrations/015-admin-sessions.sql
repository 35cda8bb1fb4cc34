-- The operator's sessions of the /admin login form: a random id per login (only its SHA-256 is
-- stored), ending at its expiry or at /admin/logout. `token_mark` is an HMAC of the ADMIN_TOKEN
-- that opened it, so a new token ends every session opened with the old one.
CREATE TABLE admin_sessions (
  id_hash     text PRIMARY KEY,
  token_mark  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX admin_sessions_expires_idx ON admin_sessions (expires_at);
