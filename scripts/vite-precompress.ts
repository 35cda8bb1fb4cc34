import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|wasm)$/;

/**
 * Writes a `.gz` beside every compressible asset of the build, once, at the highest level: the
 * server sends it to browsers that accept gzip (@fastify/static `preCompressed`) and spends no
 * CPU per request. Source maps are left alone: only developer tools fetch them.
 */
export function precompress(): Plugin {
  let assets = '';
  return {
    name: 'kino:precompress',
    apply: 'build',
    configResolved(config) {
      // The widget's assets/ or the site's site-assets/: whatever the build names its folder.
      assets = path.join(path.resolve(config.root, config.build.outDir), config.build.assetsDir);
    },
    async closeBundle() {
      const files = (await readdir(assets)).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(files.map(async (name) => {
        const file = path.join(assets, name);
        await writeFile(`${file}.gz`, await gzipAsync(await readFile(file), { level: 9 }));
      }));
    },
  };
}
