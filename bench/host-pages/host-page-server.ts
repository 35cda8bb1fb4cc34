/**
 * Serves the host page subjects: the article (bench/pages/article.html) in its variants with its
 * hero image, and the YouTube-weight stand-in embeds (stand-in-embed.ts). One server; the bench
 * reaches it through two shaped proxies, so the article and the stand-ins are two origins, and
 * the player a third (our server).
 *
 *   /article?variant=none|facade|eager|youtube-style&layout=article|single
 *   /hero.png
 *   /stand-in/<embed>/ and /stand-in/<embed>/<resource>
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { HOST_VARIANTS, renderArticle, type HostVariant, type SlotContent } from './article-page.ts';
import { png, STAND_IN_RESOURCES, standInBody, type StandInBody } from './stand-in-embed.ts';

const TEMPLATE = fileURLToPath(new URL('../pages/article.html', import.meta.url));
/** The hero: 1200×675, about 120 kB, the article's largest paint. */
const HERO_BYTES = 120_000;

export interface HostPageServer {
  url: string;
  /**
   * Points the pages at this profile's origins as the browser reaches them (each profile has its
   * own shaped proxies): the player's (our server) and the stand-ins'.
   */
  setOrigins(player: string, thirdParty: string): void;
  /** The six slots' contents, their posters on the player's origin. */
  setContents(contents: readonly SlotContent[]): void;
  close(): Promise<void>;
}

export async function startHostPageServer(): Promise<HostPageServer> {
  const template = await readFile(TEMPLATE, 'utf8');
  const hero = png('hero', 1200, 675, HERO_BYTES);
  let origins = { player: '', thirdParty: '' };
  let contents: readonly SlotContent[] = [];
  const standIns = new Map<string, StandInBody>();
  const standIn = (embed: number, name: string): StandInBody | undefined => {
    const resource = STAND_IN_RESOURCES.find((candidate) => candidate.name === name);
    if (!resource || embed < 1 || embed > 6) return undefined;
    const key = `${embed}/${name}`;
    let body = standIns.get(key);
    if (!body) {
      body = standInBody(embed, resource, `/stand-in/${embed}/`);
      standIns.set(key, body);
    }
    return body;
  };

  const send = (res: ServerResponse, type: string, body: Buffer, gzip: boolean, cache: string) => {
    res.writeHead(200, { 'content-type': type, 'content-length': body.length, 'cache-control': cache, ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
    res.end(body);
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://host.invalid');
    if (url.pathname === '/article') {
      const variant = url.searchParams.get('variant') as HostVariant;
      if (!HOST_VARIANTS.includes(variant)) return notFound(res);
      const layout = url.searchParams.get('layout') === 'single' ? 'single' : 'article';
      const html = renderArticle(template, { variant, layout, contents, ...origins });
      return send(res, 'text/html; charset=utf-8', gzipSync(html), true, 'no-cache');
    }
    if (url.pathname === '/hero.png') return send(res, 'image/png', hero, false, 'public, max-age=3600');
    const match = /^\/stand-in\/(\d+)\/(.*)$/.exec(url.pathname);
    if (match) {
      const body = standIn(Number(match[1]), match[2]!);
      if (!body) return notFound(res);
      // Pings are answered with nothing, as a beacon is.
      if (body.body.length === 0) {
        res.writeHead(204, { 'cache-control': 'no-store' });
        return res.end();
      }
      return send(res, body.type, body.body, body.gzip, 'public, max-age=3600');
    }
    return notFound(res);
  };

  const server = createServer((req, res) => {
    try {
      // POST pings carry a body: read it so the connection stays usable.
      req.resume();
      handle(req, res);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(error instanceof Error ? error.message : String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setOrigins: (player, thirdParty) => (origins = { player, thirdParty }),
    setContents: (next) => (contents = next),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
}
