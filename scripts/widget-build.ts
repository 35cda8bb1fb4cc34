/**
 * The product's builds — the player widget, and beside it any other front end listed in BUILDS —
 * and a staleness check, so `npm start` right after `npm install` (or after a pull) serves the
 * current code. `npm run build` builds them all.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

interface BuildTarget {
  /** The Vite config, relative to the repository root. */
  config: string;
  /** A file the build writes last-ish; its age is the build's age. */
  marker: string;
  /** Vite's mode, for a config that builds more than one thing. */
  mode?: string;
}

/** Every front end the server serves, built in this order. */
export const BUILDS: readonly BuildTarget[] = [
  { config: 'vite.config.ts', marker: 'dist/widget/embed.html' },
  { config: 'vite.sdk.config.ts', marker: 'dist/sdk/lib.js' },
  { config: 'vite.sdk.config.ts', marker: 'dist/sdk/kino-player.js', mode: 'module' },
  { config: 'vite.sdk.config.ts', marker: 'dist/sdk/react.js', mode: 'react' },
  { config: 'vite.site.config.ts', marker: 'dist/site/index.html' },
  { config: 'vite.pages.config.ts', marker: 'dist/demo-page/.vite/manifest.json', mode: 'demo-page' },
  { config: 'vite.pages.config.ts', marker: 'dist/analytics-dashboard/.vite/manifest.json', mode: 'analytics-dashboard' },
];

const INPUTS = ['src', 'workers', 'scripts/vite-precompress.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];

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

async function isStale(target: BuildTarget, sourcesMtime: number): Promise<boolean> {
  const built = await stat(path.join(ROOT, target.marker)).catch(() => undefined);
  if (!built) return true;
  const config = await newestMtime(path.join(ROOT, target.config));
  return Math.max(sourcesMtime, config) > built.mtimeMs;
}

export async function widgetBuildIsStale(): Promise<boolean> {
  const sources = Math.max(...(await Promise.all(INPUTS.map((entry) => newestMtime(path.join(ROOT, entry))))));
  for (const target of BUILDS) if (await isStale(target, sources)) return true;
  return false;
}

/** Runs every build; `logLevel` as Vite's. */
export async function buildAll(logLevel: 'info' | 'warn' = 'warn'): Promise<void> {
  const { build } = await import('vite');
  // The built front ends are production builds whoever asks: Vite keeps a NODE_ENV it finds
  // (vitest's 'test', when a test starts the cluster), and React and the other libraries then
  // ship their development builds, far over the budgets. The server that starts after it must
  // see the environment it was given (production changes what its config requires).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const target of BUILDS) await build({ configFile: path.join(ROOT, target.config), logLevel, ...(target.mode ? { mode: target.mode } : {}) });
    await writeSdkTypes();
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * The SDK module's type declarations (dist/sdk/types). They span src/embed and the contract's
 * embed protocol it imports (src/contract/embed), so they are written from src/ and an
 * index.d.ts at the top names the SDK's entry (react.d.ts the React component's). The sources import with .ts; a bundler reading the
 * declarations resolves .js to .d.ts, so the paths are rewritten.
 */
async function writeSdkTypes(): Promise<void> {
  const run = promisify(execFile);
  const dir = path.join(ROOT, 'dist/sdk/types');
  await rm(dir, { recursive: true, force: true });
  await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.sdk.json')]);
  for (const file of await readdir(dir, { recursive: true })) {
    if (!file.endsWith('.d.ts')) continue;
    const text = await readFile(path.join(dir, file), 'utf8');
    await writeFile(path.join(dir, file), text.replace(/((?:from |import\()'\.{1,2}\/[\w./-]+)\.ts'/g, "$1.js'"));
  }
  await writeFile(path.join(dir, 'index.d.ts'), "export * from './embed/index.js';\n");
  await writeFile(path.join(dir, 'react.d.ts'), "export * from './embed/react/index.js';\n");
}

export async function buildWidgetIfStale(): Promise<boolean> {
  if (!(await widgetBuildIsStale())) return false;
  console.log('Building the player widget…');
  await buildAll();
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildAll(process.argv.includes('--quiet') ? 'warn' : 'info');
