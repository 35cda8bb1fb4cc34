import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'];

/**
 * The bench's Chromium, pinned to `cpus` when given (taskset -c): Playwright starts the
 * executable it is given, so a small wrapper script execs Chromium under taskset, and every
 * process it forks inherits the mask.
 */
export async function launchBrowser(cpus?: string): Promise<Browser> {
  if (cpus === undefined) return chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-chromium-'));
  const wrapper = path.join(dir, 'chromium');
  await writeFile(wrapper, `#!/bin/sh\nexec taskset -c ${cpus} ${CHROMIUM} "$@"\n`, { mode: 0o755 });
  return chromium.launch({ executablePath: wrapper, args: BROWSER_ARGS });
}
