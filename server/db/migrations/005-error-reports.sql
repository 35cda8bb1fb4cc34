-- Error reports (SPEC.md section 1): every Sentry envelope the players post to POST /error-tunnel,
-- kept for the demo and the tests whether or not it is also forwarded to Sentry. The event's
-- tags and the ids it is looked up by are columns; the envelope itself is not kept (a replay
-- segment may be a megabyte).
CREATE TABLE error_reports (
  id           bigserial PRIMARY KEY,
  received_at  timestamptz NOT NULL DEFAULT now(),
  -- Sentry's event id (32 hex digits), from the envelope header or its event.
  event_id     text,
  -- The envelope's items: event, replay_event, replay_recording, transaction, …
  item_types   text[] NOT NULL,
  -- The report's project label, and the id the viewer saw on the error card with its code.
  project      text,
  error_id     text,
  error_code   text,
  level        text,
  title        text,
  tags         jsonb NOT NULL,
  -- The envelope header (dsn, sdk, sent_at, trace).
  header       jsonb NOT NULL,
  size_bytes   integer NOT NULL,
  -- Whether it was passed on to the Sentry host of the configured DSN (ERROR_FORWARD).
  forwarded    boolean NOT NULL DEFAULT false
);
CREATE INDEX error_reports_received_idx ON error_reports (received_at);
CREATE INDEX error_reports_error_id_idx ON error_reports (error_id);
