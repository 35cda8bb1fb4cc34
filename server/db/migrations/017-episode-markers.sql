-- Where an episode's opening titles run and where its closing credits start, in seconds from
-- the episode's start: the player offers to skip the intro and shows the next episode at the
-- credits. NULL while unknown; an intro is both ends or neither.
ALTER TABLE episodes ADD COLUMN intro_start double precision;
ALTER TABLE episodes ADD COLUMN intro_end double precision;
ALTER TABLE episodes ADD COLUMN credits_start double precision;
ALTER TABLE episodes ADD CONSTRAINT episodes_intro_whole CHECK ((intro_start IS NULL) = (intro_end IS NULL));
ALTER TABLE episodes ADD CONSTRAINT episodes_intro_order CHECK (intro_start IS NULL OR (intro_start >= 0 AND intro_start < intro_end));
ALTER TABLE episodes ADD CONSTRAINT episodes_credits_positive CHECK (credits_start IS NULL OR credits_start > 0);

-- A database seeded with the demo catalogue before these columns existed gets the demo series'
-- markers (server/db/demo-catalogue.json) here; a fresh one gets them from the seed, which runs
-- after the migrations. Nothing else is touched: the episodes must still be the demo's own.
UPDATE episodes e SET intro_start = m.intro_start, intro_end = m.intro_end, credits_start = m.credits_start
FROM (VALUES (201, 0, 8, 19), (202, 3, 11, 19), (203, 2, 10, 19), (204, 4, 12, 19), (205, 3, 11, 19))
  AS m (episode_id, intro_start, intro_end, credits_start)
WHERE e.id = m.episode_id
  AND e.content_id = 2
  AND EXISTS (SELECT 1 FROM app_meta WHERE key = 'demo-seed')
  AND EXISTS (SELECT 1 FROM contents WHERE id = 2 AND slug = 'gorod-bez-karty');
