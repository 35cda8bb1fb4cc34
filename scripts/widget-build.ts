/**
 * Builds the widget when dist/widget is missing or older than anything it is built from,
 * so `npm start` right after `npm install` (or after a pull) serves the current player.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BUILD_MARKER = path.join(ROOT, 'dist/widget/embed.html');
const INPUTS = ['src', 'workers', 'vite.config.ts', 'scripts/vite-precompress.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];

async function newestMtime(entry: string): Promise<number> {
  const info = await stat(entry).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const children = await readdir(entry);
  const times = await Promise.all(
    children.filter((name) => !name.endsWith('.test.ts') && !name.endsWith('.test.tsx')).map((name) => newestMtime(path.join(entry, name))),
  );
  return Math.max(info.mtimeMs, ...times);
}

export async function widgetBuildIsStale(): Promise<boolean> {
  const built = await stat(BUILD_MARKER).catch(() => undefined);
  if (!built) return true;
  const sources = await Promise.all(INPUTS.map((entry) => newestMtime(path.join(ROOT, entry))));
  return Math.max(...sources) > built.mtimeMs;
}

export async function buildWidgetIfStale(): Promise<boolean> {
  if (!(await widgetBuildIsStale())) return false;
  console.log('Building the player widget…');
  const { build } = await import('vite');
  // Vite sets NODE_ENV=production for its build in this very process; the server that starts
  // after it must see the environment it was given (production changes what its config requires).
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return true;
}
