import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { NamedCache } from '../../catalogue/cache-registry.ts';

/** Resized images by key (a hash of the source and the parameters): on disk, or in memory. */
export interface ImageStore extends NamedCache {
  get(key: string): Promise<Buffer | undefined>;
  set(key: string, bytes: Buffer): Promise<void>;
}

const NAME = 'images';
const DESCRIPTION = 'resized images made by /image (source path, size, fit and format)';
/** Keys are hex digests; nothing else becomes a file name. */
const KEY = /^[0-9a-f]{16,64}$/;

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not an image cache key: ${key}`);
  return key;
}

/** Files under the data directory: they survive restarts, and the disk, not the heap, bounds them. */
export class DiskImageStore implements ImageStore {
  readonly name = NAME;
  readonly description = DESCRIPTION;
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(path.join(this.dir, checkedKey(key)));
    } catch {
      return undefined;
    }
  }

  /** Written aside and renamed, so a reader never sees half a file. */
  async set(key: string, bytes: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, checkedKey(key));
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  }

  async entries(): Promise<number> {
    try {
      return (await readdir(this.dir)).filter((name) => KEY.test(name)).length;
    } catch {
      return 0;
    }
  }

  async clear(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** For an in-memory server (DATA_DIR=memory://): the least recently used go past `maxBytes`. */
export class MemoryImageStore implements ImageStore {
  readonly name = NAME;
  readonly description = DESCRIPTION;
  private readonly images = new Map<string, Buffer>();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  async get(key: string): Promise<Buffer | undefined> {
    const bytes = this.images.get(key);
    if (bytes) {
      // Map order is insertion order: re-inserting marks it as the most recently used.
      this.images.delete(key);
      this.images.set(key, bytes);
    }
    return bytes;
  }

  async set(key: string, bytes: Buffer): Promise<void> {
    if (bytes.length > this.maxBytes) return;
    this.delete(key);
    this.images.set(key, bytes);
    this.bytes += bytes.length;
    for (const oldest of this.images.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  entries(): number {
    return this.images.size;
  }

  clear(): void {
    this.images.clear();
    this.bytes = 0;
  }

  /** Bytes held now. */
  get size(): number {
    return this.bytes;
  }

  private delete(key: string): void {
    const old = this.images.get(key);
    if (old) {
      this.bytes -= old.length;
      this.images.delete(key);
    }
  }
}
