import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { MemoryCache } from '../catalogue/expiring-cache.ts';
import { BROTLI_OPTIONS, ENCODINGS, GZIP_OPTIONS } from '../http/compression.ts';

export type DocumentEncoding = (typeof ENCODINGS)[number];

/**
 * The encoding the app's compression (server/http/compression.ts, @fastify/compress) would
 * choose for this Accept-Encoding: the highest quality above 0, brotli before gzip at equal
 * quality, `*` and `x-gzip` read as gzip; undefined when neither is acceptable.
 */
export function preferredEncoding(header: string | undefined): DocumentEncoding | undefined {
  if (!header) return undefined;
  let best: { encoding: DocumentEncoding; quality: number } | undefined;
  for (const item of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim());
    const encoding = name === '*' || name === 'x-gzip' ? 'gzip' : ENCODINGS.find((each) => each === name);
    if (encoding === undefined) continue;
    const q = parameters.map((parameter) => /^q\s*=\s*(.*)$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    const quality = q === undefined ? 1 : Number.parseFloat(q) || 0;
    if (quality <= 0) continue;
    if (!best || quality > best.quality || (quality === best.quality && ENCODINGS.indexOf(encoding) < ENCODINGS.indexOf(best.encoding))) best = { encoding, quality };
  }
  return best?.encoding;
}

export interface CompressedDocumentsOptions {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
}

/**
 * The player's document compressed once per distinct text and encoding, kept as briefly as its
 * boot data: it is asked once per view, and compressing ten kilobytes on every request (through
 * a stream past the plugin's synchronous threshold) cost most of what serving it costs.
 */
export class CompressedDocuments {
  private readonly kept: MemoryCache<Buffer>;
  private readonly ttlMs: number;

  constructor(options: CompressedDocumentsOptions) {
    this.kept = new MemoryCache({ maxEntries: options.maxEntries, maxBytes: options.maxBytes, sizeOf: (body) => body.length });
    this.ttlMs = options.ttlMs;
  }

  async body(html: string, encoding: DocumentEncoding): Promise<Buffer> {
    const key = `${encoding}:${createHash('sha1').update(html).digest('base64url')}`;
    const kept = await this.kept.get(key);
    if (kept) return kept;
    const body = encoding === 'br' ? brotliCompressSync(html, BROTLI_OPTIONS) : gzipSync(html, GZIP_OPTIONS);
    await this.kept.set(key, body, this.ttlMs);
    return body;
  }
}
