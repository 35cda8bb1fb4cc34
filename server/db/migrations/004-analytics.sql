-- Viewing analytics (SPEC.md section 7): every event the players send to POST /collect, stored
-- once per event_id (a resent batch is harmless). The columns the dashboard groups or filters by
-- are columns; the rest of the event stays as the player sent it, in payload and detail.
CREATE TABLE analytics_events (
  event_id     text PRIMARY KEY,
  view_id      text NOT NULL,
  event        text NOT NULL,
  -- When it happened, on the viewer's clock.
  ts           timestamptz NOT NULL,
  network_type text NOT NULL,
  video_id     bigint NOT NULL,
  payload      jsonb NOT NULL,
  detail       jsonb NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now()
);
-- The dashboard reads a range of days; a view's events are gathered by view_id.
CREATE INDEX analytics_events_ts_idx ON analytics_events (ts);
CREATE INDEX analytics_events_view_idx ON analytics_events (view_id);
-- Retention deletes by arrival (ANALYTICS_RETENTION_DAYS).
CREATE INDEX analytics_events_received_idx ON analytics_events (received_at);
