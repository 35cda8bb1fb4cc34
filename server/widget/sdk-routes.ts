import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { builtFile } from '../http/built-files.ts';

export interface SdkRoutesOptions {
  /** The built SDK (dist/sdk: lib.js, kino-player.js, types/). */
  sdkDir: string;
}

/** Host pages re-check lib.js every few minutes: its address has no hash, and a fix must reach them. */
const LIB_MAX_AGE_SECONDS = 300;

/**
 * The host SDK (src/embed), for other sites: GET /lib.js, one classic script that embeds players
 * and offers window.KinoPlayer (SPEC.md section 7), and /sdk/ with the ES module and its types.
 * Registered under /catalog-api. Any site may load them (CORS *): they hold no data.
 */
export async function sdkRoutes(api: FastifyInstance, { sdkDir }: SdkRoutesOptions): Promise<void> {
  const lib = builtFile(path.join(sdkDir, 'lib.js'), 'The host SDK');
  const serveLib = async (request: FastifyRequest, reply: FastifyReply) => {
    const { body, etag } = await lib();
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', `public, max-age=${LIB_MAX_AGE_SECONDS}`)
      .header('etag', etag)
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(request.method === 'HEAD' ? undefined : body);
  };
  const libSchema = {
    summary: 'The host SDK as one script: embeds players in data-kino-player elements and offers window.KinoPlayer',
    produces: { type: 'text/javascript', description: 'The SDK' },
    errors: [503],
  };
  api.get('/lib.js', { schema: libSchema }, serveLib);

  await api.register(fastifyStatic, {
    root: sdkDir,
    prefix: '/sdk/',
    decorateReply: false,
    maxAge: `${LIB_MAX_AGE_SECONDS}s`,
    index: false,
    list: false,
    schemaHide: false,
    setHeaders: (response) => {
      response.header('access-control-allow-origin', '*');
      response.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
}
