import { chmod, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Group may read, others nothing: the bits a data file must not have. */
const FORBIDDEN_BITS = 0o027;

/**
 * New files get no write bit for the group and nothing for others, whatever mode the
 * WebAssembly file system asks for (it asks for 0666 and 0777). Process-wide: a server has
 * no business creating world-writable files anywhere. A stricter umask is kept.
 */
export function restrictUmask(): void {
  const previous = process.umask(FORBIDDEN_BITS);
  if ((previous | FORBIDDEN_BITS) !== FORBIDDEN_BITS) process.umask(previous | FORBIDDEN_BITS);
}

/**
 * Takes the group's write bit and every bit of others off each file and folder under `dir`
 * (and `dir` itself): the database's files as an earlier version left them, and anything the
 * WebAssembly file system set explicitly. Returns how many were changed.
 */
export async function restrictDataDirPermissions(dir: string): Promise<number> {
  let changed = 0;
  const visit = async (entry: string): Promise<void> => {
    const info = await lstat(entry);
    if (info.isSymbolicLink()) return;
    if ((info.mode & FORBIDDEN_BITS) !== 0) {
      await chmod(entry, info.mode & 0o7777 & ~FORBIDDEN_BITS);
      changed += 1;
    }
    if (info.isDirectory()) {
      for (const name of await readdir(entry)) await visit(path.join(entry, name));
    }
  };
  await visit(path.resolve(dir));
  return changed;
}
