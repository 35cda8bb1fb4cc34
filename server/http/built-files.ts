import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.ts';

export interface BuiltFile {
  body: Buffer;
  text: string;
  /** A strong ETag of the content. */
  etag: string;
}

/**
 * A file `npm run build` writes (the widget's embed.html, the site's index.html, lib.js), read
 * again when the build changes, so a rebuild needs no restart. `what` names it in the 503 that
 * says how to build it.
 */
export function builtFile(file: string, what: string): () => Promise<BuiltFile> {
  let cached: (BuiltFile & { mtimeMs: number }) | undefined;
  return async () => {
    const info = await stat(file).catch(() => undefined);
    if (!info) throw new HttpError(503, `${what} is not built yet: run npm run build (npm start builds it).`);
    if (!cached || cached.mtimeMs !== info.mtimeMs) {
      const body = await readFile(file);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      cached = { mtimeMs: info.mtimeMs, body, text: body.toString('utf8'), etag };
    }
    return cached;
  };
}

/**
 * A build's hashed assets under `prefix`: their names carry a content hash, so they are cached
 * for good; the build writes a .gz beside each script and style (scripts/vite-precompress.ts).
 */
export async function serveHashedAssets(app: FastifyInstance, root: string, prefix: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
    preCompressed: true,
    index: false,
    list: false,
    schemaHide: false,
  });
}
