import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;

export interface LoadServer {
  origin: string;
  stop(): Promise<void>;
}

/**
 * The real server in a child process of its own (so the load generator does not share its event
 * loop), on loopback, a free port, and a fresh embedded database unless DATABASE_URL is set.
 * No rate limits: the point is to measure the server, not its refusals.
 */
export async function startLoadServer(): Promise<LoadServer> {
  const parent = await mkdtemp(path.join(tmpdir(), 'kino-load-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(parent, 'data'),
      COLLECT_RATE_LIMIT: '0',
      TRACKING_RATE_LIMIT: '0',
      SEARCH_RATE_LIMIT: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = LISTENING.exec(output);
      if (!found?.[1]) return;
      // From here on the server writes an access line per request: drained unread, so the load
      // generator spends its share of the two cores on requests, not on scanning a growing log.
      child.stdout?.off('data', read);
      child.stdout?.resume();
      resolve(found[1]);
    };
    child.stdout?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  return {
    origin,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      await rm(parent, { recursive: true, force: true });
    },
  };
}
