-- How many rows the catalogue's and the accounts' tables hold, as committed: the start-up check
-- (server/db/integrity/) compares them with what a full read of each table finds, so a heap file
-- cut short or emptied outside the database (a failed disk, a bad copy) stops the server instead
-- of serving a smaller catalogue.
--
-- Kept by triggers in the writing transaction itself, whoever writes (the server, a seed, a
-- restore, psql): the record is exact at every commit and survives a crash with the rows it
-- counts. Each write statement adds a delta row rather than updating one counter, so concurrent
-- writers never wait on each other's counter; the start-up check folds the deltas together.
-- Hot tables (analytics, sessions, progress) are not counted: their counts say little and
-- would cost a row per write.
CREATE TABLE row_counts (
  table_name text   NOT NULL,
  delta      bigint NOT NULL
);
CREATE INDEX row_counts_table_idx ON row_counts (table_name);

CREATE FUNCTION row_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint;
BEGIN
  SELECT count(*) INTO added FROM inserted_rows;
  IF added > 0 THEN
    EXECUTE format('INSERT INTO %I.row_counts (table_name, delta) VALUES ($1, $2)', TG_TABLE_SCHEMA) USING TG_TABLE_NAME, added;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION row_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed bigint;
BEGIN
  SELECT count(*) INTO removed FROM deleted_rows;
  IF removed > 0 THEN
    EXECUTE format('INSERT INTO %I.row_counts (table_name, delta) VALUES ($1, $2)', TG_TABLE_SCHEMA) USING TG_TABLE_NAME, -removed;
  END IF;
  RETURN NULL;
END $$;

-- A TRUNCATE empties the table: its deltas so far are replaced by one zero.
CREATE FUNCTION row_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %I.row_counts WHERE table_name = $1', TG_TABLE_SCHEMA) USING TG_TABLE_NAME;
  EXECUTE format('INSERT INTO %I.row_counts (table_name, delta) VALUES ($1, 0)', TG_TABLE_SCHEMA) USING TG_TABLE_NAME;
  RETURN NULL;
END $$;

DO $$
DECLARE
  counted text;
BEGIN
  FOREACH counted IN ARRAY ARRAY[
    -- The catalogue: written only by the seeds (and a restore).
    'contents', 'content_types', 'seasons', 'episodes', 'episode_variants', 'media_sources', 'subtitles',
    'content_countries', 'content_languages', 'content_blocked_countries', 'countries', 'languages',
    'genres', 'content_genres', 'tags', 'content_tags', 'person_types', 'persons', 'content_persons',
    'voice_authors', 'categories', 'category_contents', 'menu_items', 'redirects',
    'ad_creatives', 'ad_list_items', 'app_meta',
    -- The accounts and what viewers keep.
    'users', 'subscriptions', 'viewer_favourites', 'playlists', 'playlist_contents', 'reviews',
    'embed_origins'
  ] LOOP
    EXECUTE format('INSERT INTO row_counts (table_name, delta) SELECT %L, count(*) FROM %I', counted, counted);
    EXECUTE format('CREATE TRIGGER row_counts_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS inserted_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION row_counts_inserted()', counted);
    EXECUTE format('CREATE TRIGGER row_counts_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS deleted_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION row_counts_deleted()', counted);
    EXECUTE format('CREATE TRIGGER row_counts_truncate AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION row_counts_truncated()', counted);
  END LOOP;
END $$;
