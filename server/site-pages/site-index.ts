import { readFile, stat } from 'node:fs/promises';
import { HttpError } from '../http/http-error.ts';

/** The built index.html, re-read when the build changes (a rebuild needs no restart). */
export function siteIndex(file: string): () => Promise<string> {
  let cached: { mtimeMs: number; html: string } | undefined;
  return async () => {
    const info = await stat(file).catch(() => undefined);
    if (!info) throw new HttpError(503, 'The catalogue site is not built yet: run npm run build (npm start builds it).');
    if (!cached || cached.mtimeMs !== info.mtimeMs) cached = { mtimeMs: info.mtimeMs, html: await readFile(file, 'utf8') };
    return cached.html;
  };
}
