/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';
import { engineHints } from './scripts/vite-engine-hints.ts';
import { chunkAddress } from './scripts/vite-chunk-address.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The widget build: src/app/embed.html is the iframe document; the server serves the result
 * (dist/widget) at /embed and /assets/. Tests run from the repository root.
 */
export default defineConfig({
  root: `${root}src/app`,
  base: '/',
  publicDir: false,
  // The custom engine's adapter and worker start downloading with the document (embed.html); the
  // UI's chunk address is written there for the entry to fetch it beside React.
  plugins: [react(), engineHints({ adapterChunk: 'mse-adapter', workerScript: /^assets\/engine\.worker-[^/]+\.js$/ }), chunkAddress({ chunk: 'render-ui', meta: 'kino:ui-chunk' }), precompress()],
  build: {
    outDir: `${root}dist/widget`,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // hls.js and dash.js are large lazy chunks by nature; their budgets live in bench/budgets.json.
    chunkSizeWarningLimit: 1000,
    // Every browser the widget supports has <link rel="modulepreload">: the polyfill's bytes
    // would only weigh on the entry (bench/budgets.json).
    modulePreload: { polyfill: false },
    rolldownOptions: { input: { embed: `${root}src/app/embed.html` } },
  },
  server: {
    proxy: { '/catalog-api': 'http://127.0.0.1:8080' },
  },
  test: {
    root,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root,
          include: ['src/**/*.test.{ts,tsx}', 'workers/**/*.test.ts', 'test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // A limit catches a hang, it does not time anything: on a busy two-core machine a test
          // that takes 0.3 s idle can take several seconds, past vitest's 5 s default. Tests that
          // drive the engine set their own, longer limit.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root,
          include: ['test/server/**/*.test.ts'],
          // The shared-state suites need a Redis: `npm run test:redis` starts one and sets
          // REDIS_URL (CI runs it); run on their own without it they fail saying so. The same for
          // the analytics-on-ClickHouse suites: `npm run test:clickhouse` sets CLICKHOUSE_URL.
          exclude: [
            '**/node_modules/**', '**/.git/**',
            ...(process.env.REDIS_URL ? [] : ['test/server/redis-*.test.ts']),
            ...(process.env.CLICKHOUSE_URL ? [] : ['test/server/clickhouse-*.test.ts']),
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
