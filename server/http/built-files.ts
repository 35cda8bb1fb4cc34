import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
  const current = async (): Promise<BuiltFile> => {
    const info = await stat(file).catch(() => undefined);
    if (!info) throw new HttpError(503, `${what} is not built yet: run npm run build (npm start builds it).`);
    if (!cached || cached.mtimeMs !== info.mtimeMs) {
      const body = await readFile(file);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      cached = { mtimeMs: info.mtimeMs, body, text: body.toString('utf8'), etag };
    }
    return cached;
  };
  // Requests that arrive together share one look at the file: under load (the player's
  // document is asked once per view) a stat per request was a good part of each answer's cost.
  let looking: Promise<BuiltFile> | undefined;
  return () => {
    looking ??= current().finally(() => {
      looking = undefined;
    });
    return looking;
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

const viteManifestSchema = z.record(z.string(), z.object({ file: z.string(), isEntry: z.boolean().optional(), css: z.array(z.string()).optional() }));

/** A built page script and its style sheets, as the addresses a page links. */
export interface BuiltEntry {
  script: string;
  styles: string[];
}

/**
 * The entry of a build whose HTML the server writes itself (vite.pages.config.ts): its hashed
 * script and style sheets, read from the build's manifest (re-read when the build changes) and
 * addressed under `base`, where serveHashedAssets serves the build's assets/. A 503 while unbuilt.
 */
export function builtEntry(dir: string, base: string, what: string): () => Promise<BuiltEntry> {
  const manifest = builtFile(path.join(dir, '.vite', 'manifest.json'), what);
  let cached: { etag: string; entry: BuiltEntry } | undefined;
  return async () => {
    const file = await manifest();
    if (cached?.etag !== file.etag) {
      const entry = Object.values(viteManifestSchema.parse(JSON.parse(file.text))).find((chunk) => chunk.isEntry);
      if (!entry) throw new HttpError(503, `${what} is built without an entry: run npm run build.`);
      cached = { etag: file.etag, entry: { script: `${base}${entry.file}`, styles: (entry.css ?? []).map((css) => `${base}${css}`) } };
    }
    return cached.entry;
  };
}
