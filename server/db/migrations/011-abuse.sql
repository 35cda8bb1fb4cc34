-- Viewers' reports about a content or one of its episodes (POST /catalog-api/abuse/new): what
-- an operator reviews. Reports outlive nothing they point at: deleting a content deletes them.
CREATE TABLE abuse_reports (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  content_id  integer NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
  episode_id  integer REFERENCES episodes (id) ON DELETE CASCADE,
  reason      text NOT NULL CHECK (reason IN ('copyright', 'violence', 'adult', 'spam', 'wrong-content', 'broken', 'other')),
  message     text NOT NULL DEFAULT '' CHECK (char_length(message) <= 2000),
  email       text CHECK (char_length(email) <= 254),
  -- The reporter's address, so an operator can tell one angry viewer from many.
  client_ip   text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX abuse_reports_created_idx ON abuse_reports (created_at DESC, id DESC);
CREATE INDEX abuse_reports_content_idx ON abuse_reports (content_id);
