-- A spent refresh token keeps the pair its rotation issued, sealed with a key only that token
-- derives (AES-256-GCM): a second use inside the reuse grace answers the same successor, never a
-- new branch of the session, while a leaked table still opens nothing.
ALTER TABLE auth_refresh_tokens ADD COLUMN successor_sealed text;
