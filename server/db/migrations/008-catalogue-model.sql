-- The whole catalogue of SPEC.md section 7: types, categories, genres, countries, languages,
-- tags, people, voice authors, the menu and redirects. Reference rows that every catalogue has
-- (types, person types, the country and language names) are written here; contents, people
-- and categories come from the seed (server/db/seed.ts and server/db/generated-catalogue.ts).

-- pg_trgm and fuzzystrmatch serve the typo-forgiving search. Extensions belong to the
-- database, not to a schema: they go to public, once, under a lock, so several schemas
-- migrating at the same time on one server (the test suites) do not race to create them.
SELECT pg_advisory_xact_lock(8008);
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch SCHEMA public;

CREATE TABLE content_types (
  id       integer PRIMARY KEY,
  slug     text NOT NULL UNIQUE,
  title    text NOT NULL,
  position integer NOT NULL
);
INSERT INTO content_types (id, slug, title, position) VALUES
  (1, 'movie', 'Фильмы', 1),
  (2, 'series', 'Сериалы', 2),
  (3, 'cartoon', 'Мультфильмы', 3);

ALTER TABLE contents DROP CONSTRAINT contents_content_type_check;
ALTER TABLE contents ADD CONSTRAINT contents_content_type_fkey
  FOREIGN KEY (content_type) REFERENCES content_types (slug);
ALTER TABLE contents
  ADD COLUMN original_title   text NOT NULL DEFAULT '',
  -- Russian age marking: 0+, 6+, 12+, 16+, 18+.
  ADD COLUMN age_rating       integer CHECK (age_rating IN (0, 6, 12, 16, 18)),
  -- A film's running time; a series' is its episodes'.
  ADD COLUMN duration_minutes integer CHECK (duration_minutes > 0),
  -- Views in the last weeks, as the operator's numbers put it; orders "most relevant".
  ADD COLUMN popularity       double precision NOT NULL DEFAULT 0,
  -- Place in the home page's promo slider; NULL: not in it.
  ADD COLUMN promo_position   integer UNIQUE,
  ADD COLUMN backdrop_path    text,
  ADD COLUMN created_at       timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at       timestamptz NOT NULL DEFAULT now();
CREATE INDEX contents_type_year_idx ON contents (content_type, year);
CREATE INDEX contents_popularity_idx ON contents (popularity DESC, id);
CREATE INDEX contents_rating_idx ON contents (rating_kinopoisk DESC NULLS LAST, id);
CREATE INDEX contents_created_idx ON contents (created_at DESC, id);
CREATE UNIQUE INDEX contents_imdb_idx ON contents (imdb_id) WHERE imdb_id IS NOT NULL;
CREATE UNIQUE INDEX contents_kinopoisk_idx ON contents (kinopoisk_id) WHERE kinopoisk_id IS NOT NULL;

CREATE TABLE genres (
  id       integer PRIMARY KEY,
  slug     text NOT NULL UNIQUE,
  title    text NOT NULL,
  position integer NOT NULL
);
CREATE TABLE content_genres (
  content_id integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  genre_id   integer NOT NULL REFERENCES genres (id) ON DELETE CASCADE,
  position   integer NOT NULL,
  PRIMARY KEY (content_id, genre_id)
);
CREATE INDEX content_genres_genre_idx ON content_genres (genre_id, content_id);

-- content_countries.slug is the lower-case ISO 3166-1 alpha-2 code.
CREATE TABLE countries (
  slug  text PRIMARY KEY CHECK (slug ~ '^[a-z]{2}$'),
  title text NOT NULL
);
INSERT INTO countries (slug, title) VALUES
  ('ru', 'Россия'), ('kz', 'Казахстан'), ('by', 'Беларусь'), ('ua', 'Украина'), ('am', 'Армения'),
  ('ge', 'Грузия'), ('uz', 'Узбекистан'), ('us', 'США'), ('gb', 'Великобритания'), ('fr', 'Франция'),
  ('de', 'Германия'), ('it', 'Италия'), ('es', 'Испания'), ('se', 'Швеция'), ('no', 'Норвегия'),
  ('dk', 'Дания'), ('fi', 'Финляндия'), ('pl', 'Польша'), ('cz', 'Чехия'), ('tr', 'Турция'),
  ('in', 'Индия'), ('cn', 'Китай'), ('jp', 'Япония'), ('kr', 'Южная Корея'), ('ca', 'Канада'),
  ('au', 'Австралия'), ('br', 'Бразилия'), ('mx', 'Мексика'), ('ar', 'Аргентина'), ('ie', 'Ирландия');
ALTER TABLE content_countries ADD CONSTRAINT content_countries_slug_fkey FOREIGN KEY (slug) REFERENCES countries (slug);
CREATE INDEX content_countries_slug_idx ON content_countries (slug, content_id);

-- content_languages.code is the ISO 639-1 code.
CREATE TABLE languages (
  code  text PRIMARY KEY CHECK (code ~ '^[a-z]{2}$'),
  title text NOT NULL
);
INSERT INTO languages (code, title) VALUES
  ('ru', 'Русский'), ('en', 'Английский'), ('kk', 'Казахский'), ('be', 'Белорусский'), ('uk', 'Украинский'),
  ('hy', 'Армянский'), ('ka', 'Грузинский'), ('uz', 'Узбекский'), ('fr', 'Французский'), ('de', 'Немецкий'),
  ('it', 'Итальянский'), ('es', 'Испанский'), ('sv', 'Шведский'), ('no', 'Норвежский'), ('da', 'Датский'),
  ('fi', 'Финский'), ('pl', 'Польский'), ('cs', 'Чешский'), ('tr', 'Турецкий'), ('hi', 'Хинди'),
  ('zh', 'Китайский'), ('ja', 'Японский'), ('ko', 'Корейский'), ('pt', 'Португальский');
ALTER TABLE content_languages ADD CONSTRAINT content_languages_code_fkey FOREIGN KEY (code) REFERENCES languages (code);
CREATE INDEX content_languages_code_idx ON content_languages (code, content_id);

CREATE TABLE tags (
  id    integer PRIMARY KEY,
  slug  text NOT NULL UNIQUE,
  title text NOT NULL
);
CREATE TABLE content_tags (
  content_id integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  tag_id     integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (content_id, tag_id)
);
CREATE INDEX content_tags_tag_idx ON content_tags (tag_id, content_id);

CREATE TABLE person_types (
  id       integer PRIMARY KEY,
  slug     text NOT NULL UNIQUE,
  title    text NOT NULL,
  position integer NOT NULL
);
INSERT INTO person_types (id, slug, title, position) VALUES
  (1, 'director', 'Режиссёры', 1),
  (2, 'actor', 'Актёры', 2),
  (3, 'writer', 'Сценаристы', 3),
  (4, 'producer', 'Продюсеры', 4),
  (5, 'composer', 'Композиторы', 5),
  (6, 'operator', 'Операторы', 6);

CREATE TABLE persons (
  id            integer PRIMARY KEY,
  slug          text NOT NULL UNIQUE,
  name          text NOT NULL,
  original_name text NOT NULL DEFAULT '',
  birth_year    integer,
  photo_path    text
);
CREATE TABLE content_persons (
  content_id     integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  person_id      integer NOT NULL REFERENCES persons (id) ON DELETE CASCADE,
  person_type_id integer NOT NULL REFERENCES person_types (id),
  -- An actor's part ('Смотритель маяка'); NULL for the crew.
  character_name text,
  position       integer NOT NULL,
  PRIMARY KEY (content_id, person_type_id, person_id)
);
CREATE INDEX content_persons_person_idx ON content_persons (person_id, content_id);
CREATE INDEX content_persons_type_idx ON content_persons (person_type_id, person_id);

-- Dubbing studios; an episode variant is one of them.
CREATE TABLE voice_authors (
  id    integer PRIMARY KEY,
  slug  text NOT NULL UNIQUE,
  title text NOT NULL
);
ALTER TABLE episode_variants ADD COLUMN voice_author_id integer REFERENCES voice_authors (id);
CREATE INDEX episode_variants_voice_author_idx ON episode_variants (voice_author_id);

-- When an episode came out; "fresh episodes" are the latest of these.
ALTER TABLE episodes ADD COLUMN released_at timestamptz;
CREATE INDEX episodes_released_idx ON episodes (released_at DESC NULLS LAST, id);

-- A category belongs to one content type and may have a parent (the tree). Its contents:
-- kind 'all' every content of the type, 'genre' those of genre_id, 'selection' the rows of
-- category_contents (an editor's choice, in order).
CREATE TABLE categories (
  id                 integer PRIMARY KEY,
  content_type_id    integer NOT NULL REFERENCES content_types (id),
  parent_id          integer REFERENCES categories (id) ON DELETE CASCADE,
  slug               text NOT NULL,
  title              text NOT NULL,
  description        text NOT NULL DEFAULT '',
  kind               text NOT NULL CHECK (kind IN ('all', 'genre', 'selection')),
  genre_id           integer REFERENCES genres (id),
  position           integer NOT NULL,
  -- Place on the home page's shelves ("main mart"); NULL: not shown there.
  main_mart_position integer,
  UNIQUE (content_type_id, slug),
  CHECK ((kind = 'genre') = (genre_id IS NOT NULL))
);
CREATE TABLE category_contents (
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  content_id  integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  position    integer NOT NULL,
  PRIMARY KEY (category_id, content_id)
);

-- The site's navigation, in order; a child's parent is a top-level item.
CREATE TABLE menu_items (
  id        integer PRIMARY KEY,
  parent_id integer REFERENCES menu_items (id) ON DELETE CASCADE,
  title     text NOT NULL,
  url       text NOT NULL,
  position  integer NOT NULL
);

-- Old addresses of the catalogue site and where they now live; is_main marks the home page's.
CREATE TABLE redirects (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  from_path   text NOT NULL UNIQUE CHECK (from_path ~ '^/'),
  to_path     text NOT NULL CHECK (to_path ~ '^/'),
  status_code integer NOT NULL DEFAULT 301 CHECK (status_code IN (301, 302, 307, 308)),
  is_main     boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX redirects_one_main_idx ON redirects (is_main) WHERE is_main;
