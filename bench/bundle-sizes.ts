/**
 * Gzip sizes of the built widget's scripts, by chunk name (the hash dropped), and of the host
 * SDK's lib.js (as sdk-lib) and React component (sdk-react), checked against
 * bench/budgets.json. Deterministic, so CI may fail on it; latency is never gated this way.
 *
 *   tsx bench/bundle-sizes.ts          print the table, exit 1 when a budget is exceeded
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ASSETS = path.join(ROOT, 'dist/widget/assets');
const SDK_LIB = path.join(ROOT, 'dist/sdk/lib.js');
const SDK_REACT = path.join(ROOT, 'dist/sdk/react.js');

interface Budgets {
  /** Chunk name → largest allowed gzip size in bytes. */
  gzipBytes: Record<string, number>;
}

export async function measureChunks(dir = ASSETS): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.js')).sort()) {
    const name = file.replace(/-[\w-]{8}\.js$/, '');
    sizes.set(name, (sizes.get(name) ?? 0) + gzipSync(await readFile(path.join(dir, file)), { level: 9 }).length);
  }
  return sizes;
}

/** Every chunk over its budget, or without one; empty when all fit. Prints the table when asked. */
export async function budgetFailures(print = false): Promise<string[]> {
  const budgets = JSON.parse(await readFile(path.join(ROOT, 'bench/budgets.json'), 'utf8')) as Budgets;
  const sizes = await measureChunks();
  // The host SDK's one script: what every host page loads (SPEC.md section 7, /catalog-api/lib.js).
  sizes.set('sdk-lib', gzipSync(await readFile(SDK_LIB), { level: 9 }).length);
  // What the React component (kino-player/react) adds to the SDK's module, as shipped (not minified).
  sizes.set('sdk-react', gzipSync(await readFile(SDK_REACT), { level: 9 }).length);
  const failures: string[] = [];
  if (print) console.log('chunk'.padEnd(24), 'gzip'.padStart(10), 'budget'.padStart(10));
  for (const [name, bytes] of sizes) {
    const budget = budgets.gzipBytes[name];
    if (print) console.log(name.padEnd(24), String(bytes).padStart(10), String(budget ?? '—').padStart(10));
    if (budget === undefined) failures.push(`${name} has no budget in bench/budgets.json`);
    else if (bytes > budget) failures.push(`${name} is ${bytes} B gzip, over its budget of ${budget} B`);
  }
  return failures;
}

async function main(): Promise<void> {
  const failures = await budgetFailures(true);
  if (failures.length > 0) {
    console.error(`\nBundle budgets exceeded:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
