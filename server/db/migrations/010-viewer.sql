-- What belongs to one viewer (SPEC.md section 7): favourites, history, time progress,
-- completed marks, reviews and their votes, playlists. Everything goes with the account or the
-- content (ON DELETE CASCADE); an episode that disappears only clears the history's pointer to it.

CREATE TABLE viewer_favourites (
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content_id integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  added_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (user_id, content_id)
);
CREATE INDEX viewer_favourites_newest_idx ON viewer_favourites (user_id, added_at DESC);

-- One row per (viewer, content): a visit or a time update moves it to the top.
CREATE TABLE viewer_history (
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content_id integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  -- The last episode whose time was saved; NULL after a visit only.
  episode_id integer REFERENCES episodes (id) ON DELETE SET NULL,
  watched_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (user_id, content_id)
);
CREATE INDEX viewer_history_newest_idx ON viewer_history (user_id, watched_at DESC);

-- Where the viewer stopped, per (episode, voice-over variant); variant NULL: the episode's own manifest.
CREATE TABLE episode_progress (
  user_id          integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Kept beside the episode so the player's read at load is one index range per content.
  content_id       integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  episode_id       integer NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
  variant_id       integer REFERENCES episode_variants (id) ON DELETE CASCADE,
  time_seconds     double precision NOT NULL CHECK (time_seconds >= 0),
  duration_seconds double precision CHECK (duration_seconds > 0),
  updated_at       timestamptz NOT NULL DEFAULT clock_timestamp()
);
-- A unique key that treats "no variant" as one value (0 is never a variant id), usable by ON CONFLICT.
CREATE UNIQUE INDEX episode_progress_key_idx ON episode_progress (user_id, episode_id, (COALESCE(variant_id, 0)));
CREATE INDEX episode_progress_content_idx ON episode_progress (user_id, content_id, updated_at DESC);

CREATE TABLE completed_episodes (
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content_id   integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  episode_id   integer NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
  completed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (user_id, episode_id)
);
CREATE INDEX completed_episodes_content_idx ON completed_episodes (user_id, content_id);

CREATE TABLE reviews (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  content_id  integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title       text,
  body        text NOT NULL,
  rating      smallint NOT NULL CHECK (rating BETWEEN 1 AND 10),
  -- Kept with the votes in one transaction: sorting by helpfulness needs no aggregate.
  upvotes     integer NOT NULL DEFAULT 0,
  downvotes   integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (content_id, user_id)
);
CREATE INDEX reviews_newest_idx ON reviews (content_id, created_at DESC, id DESC);
CREATE INDEX reviews_helpful_idx ON reviews (content_id, (upvotes - downvotes) DESC, id DESC);

CREATE TABLE review_votes (
  review_id integer NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  user_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  value     smallint NOT NULL CHECK (value IN (-1, 1)),
  voted_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (review_id, user_id)
);

CREATE TABLE playlists (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- NULL: an editorial playlist, public by nature, written by operators.
  owner_id    integer REFERENCES users (id) ON DELETE CASCADE,
  slug        text NOT NULL UNIQUE,
  title       text NOT NULL,
  description text NOT NULL DEFAULT '',
  is_public   boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at  timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX playlists_owner_idx ON playlists (owner_id, created_at DESC);
CREATE INDEX playlists_public_idx ON playlists (created_at DESC) WHERE is_public OR owner_id IS NULL;

CREATE TABLE playlist_contents (
  playlist_id integer NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
  content_id  integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  position    integer NOT NULL,
  added_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (playlist_id, content_id)
);
CREATE INDEX playlist_contents_order_idx ON playlist_contents (playlist_id, position);
