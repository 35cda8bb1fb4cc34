/**
 * One cluster per folder: <cluster>/cluster.pid names the process running it. A second start on
 * the same folder fails while that process lives; a file left by a cluster killed with -9 (its
 * process gone, or the pid now another program's) is taken over.
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { commandLineOf, isAlive } from './processes.ts';

export interface FolderLock {
  release(): Promise<void>;
}

export async function lockClusterFolder(dir: string): Promise<FolderLock> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'cluster.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (holder > 0 && isAlive(holder) && /node/.test(await commandLineOf(holder))) {
      throw new Error(`A cluster already runs on ${dir} (process ${holder}). Stop it first (kill ${holder}), or give this one another folder.`);
    }
    await rm(file, { force: true });
  }
  throw new Error(`Could not take ${file}: another start is taking it at the same time`);
}
