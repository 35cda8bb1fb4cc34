/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The widget build: src/app/embed.html is the iframe document; the server serves the result
 * (dist/widget) at /embed and /assets/. Tests run from the repository root.
 */
export default defineConfig({
  root: `${root}src/app`,
  base: '/',
  publicDir: false,
  plugins: [react(), precompress()],
  build: {
    outDir: `${root}dist/widget`,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // hls.js and dash.js are large lazy chunks by nature; their budgets live in bench/budgets.json.
    chunkSizeWarningLimit: 1000,
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
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root,
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
