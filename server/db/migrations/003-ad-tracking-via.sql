-- The demo ad cases put wrappers in front of a creative: their beacons are recorded with the
-- wrapper's name, so a test can tell the creative's own impression from each wrapper's.
ALTER TABLE ad_tracking_events ADD COLUMN via text;
