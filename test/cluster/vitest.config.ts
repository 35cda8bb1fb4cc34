import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: the whole topology (PostgreSQL, Redis, ClickHouse, HAProxy, server
// processes) on this machine. Kept out of `npm test`'s projects: it needs those packages
// (installed when running as root) and minutes of a machine's time.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/cluster/**/*.test.ts'],
    environment: 'node',
    // One cluster after another, never side by side: they would compete for two cores.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
