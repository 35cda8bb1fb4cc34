-- The host sites that may frame the player (/embed): exact origins, global (content_id NULL) or
-- for one content. A content's allowed set is the global entries and its own; an empty set
-- leaves the player open to any site. Origins are stored as new URL(x).origin writes them.
CREATE TABLE embed_origins (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  content_id  integer REFERENCES contents (id) ON DELETE CASCADE,
  origin      text NOT NULL CHECK (char_length(origin) <= 255 AND origin ~ '^https?://[a-z0-9.-]+(:[0-9]{1,5})?$'),
  created_at  timestamptz NOT NULL DEFAULT clock_timestamp()
);
-- One entry per origin and scope; "global" counts as one scope (0 is never a content id).
CREATE UNIQUE INDEX embed_origins_key_idx ON embed_origins ((COALESCE(content_id, 0)), origin);
