-- The demo ad server: creatives, the ad list, and every tracking hit it receives.
CREATE TABLE ad_creatives (
  id            text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
  title         text NOT NULL,
  media_path    text NOT NULL,
  duration      double precision NOT NULL,
  width         integer NOT NULL,
  height        integer NOT NULL,
  skip_offset   text,
  click_through text NOT NULL
);

CREATE TABLE ad_list_items (
  id          serial PRIMARY KEY,
  break_type  text NOT NULL CHECK (break_type IN ('preroll', 'midroll')),
  creative_id text NOT NULL REFERENCES ad_creatives (id) ON DELETE CASCADE,
  position    integer NOT NULL
);

CREATE TABLE ad_tracking_events (
  id          bigserial PRIMARY KEY,
  creative_id text NOT NULL REFERENCES ad_creatives (id) ON DELETE CASCADE,
  event       text NOT NULL,
  error_code  integer,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ad_tracking_events_creative_idx ON ad_tracking_events (creative_id, id);
