import { describe, expect, it } from 'vitest';
import { folderCircles } from '../../scripts/check-circles.ts';

describe('the folder circle check', () => {
  it('finds folders that import each other round, and leaves tests and one-way arrows alone', () => {
    const graph = {
      'src/core/player-core.ts': ['src/engine/select-engine.ts', 'src/contract/errors/player-error.ts'],
      'src/engine/hls/hls-adapter.ts': ['src/core/player-error.ts'],
      'src/engine/select-engine.ts': [],
      'src/app/main.ts': ['src/core/player-core.ts'],
      // A test may import from above its folder: no circle.
      'src/core/player-core.test.ts': ['src/app/main.ts'],
      'src/contract/errors/player-error.ts': [],
      'server/db/database.ts': ['server/db/pglite-database.ts'],
      'server/db/pglite-database.ts': ['server/db/database.ts'],
    };
    expect(folderCircles(graph)).toEqual([['src/core', 'src/engine']]);
  });

  it('is quiet when every arrow points one way', () => {
    expect(folderCircles({
      'src/core/events.ts': ['src/contract/errors/player-error.ts'],
      'src/engine/types.ts': ['src/contract/errors/player-error.ts'],
      'workers/engine/session/engine-failure.ts': ['src/contract/errors/error-codes.ts'],
    })).toEqual([]);
  });
});
