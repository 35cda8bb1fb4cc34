import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The host SDK (src/embed), built two ways into dist/sdk:
 * - default mode: lib.js, one classic script (served at /catalog-api/lib.js; budget in bench/budgets.json);
 * - mode 'module': kino-player.js, an ES module for hosts that bundle (types: npm run build writes them beside it).
 */
export default defineConfig(({ mode }) => {
  const module = mode === 'module';
  return {
    root,
    publicDir: false,
    logLevel: 'warn',
    build: {
      outDir: `${root}dist/sdk`,
      // Both builds write into the same folder: the second must not delete the first.
      emptyOutDir: false,
      target: 'es2022',
      sourcemap: true,
      minify: !module,
      lib: module
        ? { entry: `${root}src/embed/index.ts`, formats: ['es'], fileName: () => 'kino-player.js' }
        : { entry: `${root}src/embed/lib.ts`, formats: ['iife'], name: 'KinoPlayerLib', fileName: () => 'lib.js' },
    },
  };
});
