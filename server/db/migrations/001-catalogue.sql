-- The catalogue: contents, seasons, episodes, voice-over variants and what each plays.
CREATE TABLE contents (
  id               integer PRIMARY KEY,
  slug             text NOT NULL UNIQUE,
  title            text NOT NULL,
  description      text NOT NULL DEFAULT '',
  content_type     text NOT NULL CHECK (content_type IN ('movie', 'series')),
  year             integer NOT NULL,
  kinopoisk_id     integer,
  imdb_id          text,
  rating_kinopoisk double precision,
  rating_imdb      double precision,
  poster_path      text NOT NULL
);

CREATE TABLE content_countries (
  content_id integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  slug       text NOT NULL,
  position   integer NOT NULL,
  PRIMARY KEY (content_id, slug)
);

CREATE TABLE content_languages (
  content_id integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  code       text NOT NULL,
  position   integer NOT NULL,
  PRIMARY KEY (content_id, code)
);

-- Countries (ISO 3166-1 alpha-2, upper case) where a content may not be shown.
CREATE TABLE content_blocked_countries (
  content_id   integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  country_code text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  PRIMARY KEY (content_id, country_code)
);

CREATE TABLE seasons (
  id           integer PRIMARY KEY,
  content_id   integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  season_order integer NOT NULL,
  UNIQUE (content_id, season_order)
);

CREATE TABLE episodes (
  id              integer PRIMARY KEY,
  content_id      integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  season_id       integer NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
  episode_order   integer NOT NULL,
  title           text NOT NULL,
  description     text NOT NULL DEFAULT '',
  poster_path     text,
  duration        double precision NOT NULL,
  is_completed    boolean NOT NULL DEFAULT false,
  -- Folder of the episode's media under the media root; NULL when it has none.
  media_dir       text,
  UNIQUE (season_id, episode_order)
);
CREATE INDEX episodes_content_idx ON episodes (content_id);

CREATE TABLE episode_variants (
  id             integer PRIMARY KEY,
  episode_id     integer NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
  title          text NOT NULL,
  variant_order  integer NOT NULL,
  UNIQUE (episode_id, variant_order)
);

-- What a master manifest lists. variant_id NULL: the episode's own manifest.
CREATE TABLE media_sources (
  id          serial PRIMARY KEY,
  episode_id  integer NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
  variant_id  integer REFERENCES episode_variants (id) ON DELETE CASCADE,
  link        text NOT NULL,
  label       text NOT NULL,
  is_default  boolean NOT NULL,
  position    integer NOT NULL
);
CREATE INDEX media_sources_episode_idx ON media_sources (episode_id);

CREATE TABLE subtitles (
  id          serial PRIMARY KEY,
  episode_id  integer NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
  src         text NOT NULL,
  label       text NOT NULL,
  language    text NOT NULL,
  position    integer NOT NULL
);
CREATE INDEX subtitles_episode_idx ON subtitles (episode_id);

-- Key/value facts about this database (the demo seed marker).
CREATE TABLE app_meta (
  key   text PRIMARY KEY,
  value text NOT NULL
);
