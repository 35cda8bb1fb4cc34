-- Tracking hits older than TRACKING_RETENTION_DAYS are deleted every few hours: by index,
-- not by reading the whole table.
CREATE INDEX ad_tracking_events_received_idx ON ad_tracking_events (received_at);
