-- Whether an episode was watched belongs to a viewer (completed_episodes, migration 010),
-- never to the catalogue: a mark kept on the episode itself was answered to every anonymous
-- caller as if they had watched it. The catalogue's episodes answer isCompleted false; a viewer's
-- token lays that viewer's own marks over them.
ALTER TABLE episodes DROP COLUMN is_completed;
