-- The authentication service (SPEC.md sections 6 and 7, base path /authenticator): accounts,
-- their sessions and rotating refresh tokens, one-time codes, the mail outbox and subscriptions.
-- Secrets are never stored as given: passwords as argon2id hashes, tokens and codes as SHA-256.
CREATE TABLE users (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Lower-cased before it gets here, so the unique key is case-insensitive.
  email         text NOT NULL UNIQUE,
  name          text NOT NULL,
  password_hash text NOT NULL,
  role          text NOT NULL DEFAULT 'viewer' CHECK (role IN ('viewer', 'admin')),
  -- pending until the mailed signup code is confirmed; blocked by an administrator.
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'blocked')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- A session is one login and every refresh that follows it: the refresh-token family of
-- RFC 9700. Its id is the access token's `sid`, so revoking the row ends the access tokens too.
CREATE TABLE auth_sessions (
  id          text PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- Pushed forward by each refresh, as the refresh token's own expiry is.
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  -- logout of others, password, blocked, reuse: why it ended, for the operator.
  revoked_why text
);
-- Blocking and password changes revoke every live session of one account.
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id) WHERE revoked_at IS NULL;

-- Every refresh token ever issued, by the SHA-256 of its value. A used one is kept until it
-- expires: presenting it again is the reuse that revokes its whole session.
CREATE TABLE auth_refresh_tokens (
  token_hash  text PRIMARY KEY,
  session_id  text NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX auth_refresh_tokens_session_idx ON auth_refresh_tokens (session_id);
CREATE INDEX auth_refresh_tokens_expires_idx ON auth_refresh_tokens (expires_at);

-- One live code per account and purpose: the signup code (6 digits, a few tries) and the
-- password-restore link's token. A new one replaces the old.
CREATE TABLE auth_one_time_codes (
  purpose     text NOT NULL CHECK (purpose IN ('signup', 'restore')),
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  expires_at  timestamptz NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (purpose, user_id)
);
-- A restore link names only its token.
CREATE INDEX auth_one_time_codes_hash_idx ON auth_one_time_codes (code_hash);

-- Every mail the service writes, readable by the operator at GET /admin/outbox; also sent
-- through SMTP when SMTP_URL is set.
CREATE TABLE mail_outbox (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at  timestamptz NOT NULL DEFAULT now(),
  recipient   text NOT NULL,
  kind        text NOT NULL,
  subject     text NOT NULL,
  body        text NOT NULL,
  sent_at     timestamptz,
  send_error  text
);
CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (recipient, id);

-- The account's subscription as the billing provider last reported it.
CREATE TABLE subscriptions (
  user_id     integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  plan        text NOT NULL,
  status      text NOT NULL CHECK (status IN ('active', 'cancelled', 'expired')),
  paid_until  timestamptz,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- POST /subscription opens one; the provider's notify names it.
CREATE TABLE subscription_checkouts (
  id           text PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);

-- Providers resend a webhook until it is acknowledged: each event is applied once.
CREATE TABLE billing_events (
  event_id     text PRIMARY KEY,
  type         text NOT NULL,
  checkout_id  text NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now()
);
