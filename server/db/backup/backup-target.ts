import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import readline from 'node:readline';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { openDatabase, type Database } from '../database.ts';
import { withoutPassword } from '../integrity/damage.ts';

const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../data', import.meta.url));

/** The database the server would use, from the same variables: DATABASE_URL, else DATA_DIR. */
export function databaseFromEnv(env: NodeJS.ProcessEnv = process.env): { open(): Promise<Database>; label: string } {
  const url = env.DATABASE_URL || undefined;
  const dataDir = env.DATA_DIR || DEFAULT_DATA_DIR;
  return {
    open: () => openDatabase({ url, dataDir }),
    label: url ? `the database ${withoutPassword(url)}` : `the embedded database in DATA_DIR (${dataDir})`,
  };
}

/**
 * A backup file being written: to a temporary name first, renamed when complete, so a failed
 * backup never leaves a file that looks whole. Gzipped when the name ends in .gz.
 */
export function backupWriter(file: string): { write(line: string): Promise<void>; finish(): Promise<void>; abandon(): Promise<void> } {
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { mode: 0o600 });
  const sink: Writable = file.endsWith('.gz') ? createGzip() : out;
  if (sink !== out) sink.pipe(out);
  return {
    async write(line) {
      if (!sink.write(`${line}\n`)) await once(sink, 'drain');
    },
    async finish() {
      sink.end();
      await once(out, 'close');
      await rename(partial, file);
    },
    async abandon() {
      sink.destroy();
      out.destroy();
      await rm(partial, { force: true });
    },
  };
}

/**
 * The lines of a backup file, gunzipped when its name ends in .gz. Opened on the first read:
 * readline starts reading at once, and lines it reads before anyone listens are lost.
 */
export async function* backupLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file);
  yield* readline.createInterface({ input: file.endsWith('.gz') ? input.pipe(createGunzip()) : input, crlfDelay: Infinity });
}
