import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Other sites' pages for the host page tests, served on a free loopback port and reached by name
 * (http://partner.test:<port>: the browser maps *.test to 127.0.0.1), so the player's frame is
 * cross-origin to its host as on a real site.
 */
export interface HostSites {
  /** The origin of the site of that name, e.g. origin('partner'). */
  origin(name: string): string;
  /** The pages to answer, by path (any site name); others get 404. */
  serve(pages: Map<string, string>): void;
  close(): Promise<void>;
}

export async function startHostSites(): Promise<HostSites> {
  let pages = new Map<string, string>();
  const server = createServer((request, response) => {
    const body = pages.get(new URL(request.url ?? '/', 'http://host').pathname);
    response.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: (name) => `http://${name}.test:${port}`,
    serve: (next) => {
      pages = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
