/**
 * Serves the reference pages (bench/pages/) and the libraries they load, from their own origin, so
 * each plain player is measured as a site would ship it: minified UMD builds, gzip at level 9.
 *
 *   /hls.html?src=…  /hls-ad.html?src=…&ad=…  /shaka.html?src=…  /dash.html?src=…  /native.html?src=…  /host.html?widget=…
 *   /lib/hls.min.js  /lib/shaka-player.compiled.js  /lib/dash.all.min.js
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzip = promisify(gzipCallback);
const ROOT = fileURLToPath(new URL('../', import.meta.url));

const HTML = 'text/html; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
// Pages are revalidated like our embed page; the libraries are cacheable like our hashed chunks,
// so a warm-cache visit favours neither side.
const PAGE_CACHE = 'no-cache';
const LIB_CACHE = 'public, max-age=31536000, immutable';

interface Route {
  file: string;
  type: string;
  cache: string;
}

const page = (name: string): Route => ({ file: `bench/pages/${name}`, type: HTML, cache: PAGE_CACHE });
const lib = (file: string): Route => ({ file, type: JS, cache: LIB_CACHE });

/** The whole URL space: nothing outside this table is ever read from disk. */
const ROUTES: ReadonlyMap<string, Route> = new Map([
  ['/hls.html', page('hls.html')],
  ['/hls-ad.html', page('hls-ad.html')],
  ['/shaka.html', page('shaka.html')],
  ['/dash.html', page('dash.html')],
  ['/native.html', page('native.html')],
  ['/host.html', page('host.html')],
  // The full UMD build: its transmuxer worker is inlined and started from a Blob, no second file.
  ['/lib/hls.min.js', lib('node_modules/hls.js/dist/hls.min.js')],
  ['/lib/shaka-player.compiled.js', lib('node_modules/shaka-player/dist/shaka-player.compiled.js')],
  // The package's own browser entry (exports → browser); the legacy/ build targets old browsers.
  ['/lib/dash.all.min.js', lib('node_modules/dashjs/dist/modern/umd/dash.all.min.js')],
]);

export interface ReferenceBundle {
  name: string;
  owner: 'hls.js' | 'dash.js' | 'shaka-player';
  role: string;
  gzipBytes: number;
}

const BUNDLES: readonly (Omit<ReferenceBundle, 'gzipBytes'> & { route: string })[] = [
  { name: 'hls.min.js', owner: 'hls.js', route: '/lib/hls.min.js', role: 'hls.js full build; its transmuxer worker is inlined (started from a Blob)' },
  { name: 'shaka-player.compiled.js', owner: 'shaka-player', route: '/lib/shaka-player.compiled.js', role: 'Shaka Player compiled build (HLS + DASH, no UI)' },
  { name: 'dash.all.min.js', owner: 'dash.js', route: '/lib/dash.all.min.js', role: 'dash.js all-in-one build (modern UMD)' },
];

interface Body {
  raw: Buffer;
  gzip: Buffer;
}

const bodies = new Map<string, Promise<Body>>();

async function compress(raw: Buffer): Promise<Body> {
  return { raw, gzip: await gzip(raw, { level: 9 }) };
}

/** Read and compressed on first use, then kept: level 9 on ~2 MB of libraries is too slow per request. */
function body(route: Route): Promise<Body> {
  let cached = bodies.get(route.file);
  if (!cached) {
    cached = readFile(path.join(ROOT, route.file)).then(compress);
    // A failed read (say, a library not installed) must not stick: the next request tries again.
    cached.catch(() => bodies.delete(route.file));
    bodies.set(route.file, cached);
  }
  return cached;
}

// The server's error shape (statusCode, error, message), fixed so it is compressed once like the rest.
const NOT_FOUND = compress(Buffer.from(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Only the reference pages and their libraries are served here' })));

/** True unless the client refuses gzip or never offered it (`gzip;q=0` is a refusal). */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';').map((s) => s.trim());
    if (coding !== 'gzip' && coding !== 'x-gzip') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

function send(req: IncomingMessage, res: ServerResponse, status: number, type: string, cache: string, content: Body): void {
  const gzipped = acceptsGzip(req.headers['accept-encoding']);
  const bytes = gzipped ? content.gzip : content.raw;
  res.writeHead(status, {
    'content-type': type,
    'content-length': bytes.length,
    'cache-control': cache,
    vary: 'Accept-Encoding',
    ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = new URL(req.url ?? '/', 'http://reference.invalid').pathname;
  const route = ROUTES.get(pathname);
  if (!route || (req.method !== 'GET' && req.method !== 'HEAD')) {
    send(req, res, 404, 'application/json; charset=utf-8', 'no-store', await NOT_FOUND);
    return;
  }
  send(req, res, 200, route.type, route.cache, await body(route));
}

export interface ReferenceServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

export async function startReferenceServer(options: { port?: number } = {}): Promise<ReferenceServer> {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: error instanceof Error ? error.message : String(error) }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets from the browser would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

/** Gzip size (level 9, as served) of each library file the reference pages load. */
export async function referenceBundles(): Promise<ReferenceBundle[]> {
  return Promise.all(
    BUNDLES.map(async ({ route, ...bundle }) => {
      const served = ROUTES.get(route);
      if (!served) throw new Error(`no route for ${route}`);
      return { ...bundle, gzipBytes: (await body(served)).gzip.length };
    }),
  );
}
