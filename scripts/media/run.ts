// Thin wrappers around the external tools (ffmpeg, ffprobe, espeak-ng).
// Everything goes through execFile with an argument array: titles from the
// catalogue never pass through a shell, so quotes, «», commas are harmless.
import { execFile, type ExecFileException } from 'node:child_process';

/** Thrown when a required tool is not installed; main() prints only the message. */
export class ToolMissingError extends Error {}

const INSTALL_HINT: Record<string, string> = {
  ffmpeg: 'ffmpeg not found: apt-get install -y ffmpeg',
  ffprobe: 'ffprobe not found: apt-get install -y ffmpeg',
  'espeak-ng': 'espeak-ng not found: apt-get install -y espeak-ng',
};

function failure(cmd: string, args: readonly string[], error: ExecFileException, stderr: string): Error {
  if (error.code === 'ENOENT') return new ToolMissingError(INSTALL_HINT[cmd] ?? `${cmd} not found`);
  const tail = stderr.trim().split('\n').slice(-15).join('\n');
  // The full argument list is the most useful thing when a filtergraph breaks.
  return new Error(`${cmd} exited with ${String(error.code)}:\n${tail}\n  args: ${JSON.stringify(args)}`);
}

const MAX_BUFFER = 512 * 1024 * 1024;

export function run(cmd: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { maxBuffer: MAX_BUFFER, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(failure(cmd, args, error, stderr));
      else resolve(stdout);
    });
  });
}

/** Like run() but returns stdout as raw bytes (used to read an H.264 elementary stream). */
export function runBuffer(cmd: string, args: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { maxBuffer: MAX_BUFFER, encoding: 'buffer' }, (error, stdout, stderr) => {
      if (error) reject(failure(cmd, args, error, stderr.toString('utf8')));
      else resolve(stdout);
    });
  });
}

export function ffmpeg(args: readonly string[]): Promise<string> {
  return run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args]);
}

export async function ffprobe<T>(args: readonly string[]): Promise<T> {
  const out = await run('ffprobe', ['-v', 'error', '-of', 'json', ...args]);
  return JSON.parse(out) as T;
}

/** Fails early, with an install hint, before anything is wiped. */
export async function checkTools(): Promise<void> {
  await run('ffmpeg', ['-version']);
  await run('ffprobe', ['-version']);
  await run('espeak-ng', ['--version']);
}

/** Runs fn over items with at most `limit` in flight (the box may have 2 cores only). */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const started = Date.now();
export function log(message: string): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
  console.log(`[media ${seconds}s] ${message}`);
}
