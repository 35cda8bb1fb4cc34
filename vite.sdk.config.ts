import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The React component's imports that stay imports: React (the host's own) and the SDK's module beside it. */
function reactExternal(id: string): boolean {
  return /^react(-dom)?(\/|$)/.test(id) || (id.startsWith(`${root}src/`) && !id.startsWith(`${root}src/embed/react/`));
}

/**
 * The host SDK (src/embed), built three ways into dist/sdk:
 * - default mode: lib.js, one classic script (served at /catalog-api/lib.js; budget in bench/budgets.json);
 * - mode 'module': kino-player.js, an ES module for hosts that bundle (types: npm run build writes them beside it);
 * - mode 'react': react.js, the React component (kino-player/react). It imports React, which the
 *   host has (never bundled), and the SDK from ./kino-player.js, so a host that uses both has one SDK.
 */
export default defineConfig(({ mode }) => {
  const module = mode === 'module';
  const react = mode === 'react';
  return {
    root,
    publicDir: false,
    logLevel: 'warn',
    build: {
      outDir: `${root}dist/sdk`,
      // The builds write into the same folder: one must not delete another.
      emptyOutDir: false,
      target: 'es2022',
      sourcemap: true,
      minify: !module && !react,
      lib: react
        ? { entry: `${root}src/embed/react/index.ts`, formats: ['es'], fileName: () => 'react.js' }
        : module
          ? { entry: `${root}src/embed/index.ts`, formats: ['es'], fileName: () => 'kino-player.js' }
          : { entry: `${root}src/embed/lib.ts`, formats: ['iife'], name: 'KinoPlayerLib', fileName: () => 'lib.js' },
      ...(react
        ? { rollupOptions: { external: reactExternal, output: { paths: (id: string) => (id.startsWith(root) ? './kino-player.js' : id) } } }
        : {}),
    },
  };
});
