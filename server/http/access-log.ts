import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { REQUEST_ID_HEADER } from './request-id.ts';

/** Query values never written to a log: a restore link's token, a mailed code, any credential a client put in a URL. */
const SECRET_QUERY_KEYS = new Set(['token', 'code', 'password', 'refreshtoken', 'accesstoken', 'access_token', 'admintoken']);
const REDACTED = '[redacted]';

/** Fields that hold a credential wherever they appear. */
const SECRET_FIELDS = ['password', 'oldPassword', 'newPassword', 'token', 'refreshToken', 'accessToken'];

/**
 * Where pino would find a secret in what we or Fastify log: headers and body fields. `code` is a
 * secret only in a body (the code mailed to a viewer); anywhere else it is an error's code
 * (SQLSTATE, errno names), which the operator needs to read a failure.
 */
const REDACTED_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]',
  'headers.authorization', 'headers.cookie', 'headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `body.${field}`, `*.body.${field}`]),
  'body.code', '*.body.code',
];

/** Where the log goes: stdout in production; a test passes its own stream. */
export type AppLogger = boolean | { stream: NodeJS.WritableStream; level?: string };

/** Fastify's pino logger: JSON lines, secrets redacted, or none at all (tests, by default). */
export function loggerOptions(logger: AppLogger): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const destination = logger === true ? {} : { stream: logger.stream };
  const level = logger === true ? 'info' : (logger.level ?? 'info');
  return { level, ...destination, redact: { paths: REDACTED_PATHS, censor: REDACTED } };
}

/**
 * One JSON line per answered request (the access log), and the request's id in the
 * X-Request-Id header of every answer, errors included, so a client can quote it.
 */
export function installAccessLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const length = Number(reply.getHeader('content-length'));
    request.log.info({
      method: request.method,
      path: withoutSecrets(request.url),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      // Unknown (null) for a body streamed without a length.
      bytes: Number.isFinite(length) ? length : null,
    }, 'request');
  });
}

/** The path and query, each secret query value replaced: /restore?token=[redacted]. */
export function withoutSecrets(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url.slice(queryStart + 1).split('&').map((pair) => {
    const key = pair.split('=')[0] ?? '';
    let name = key;
    try {
      name = decodeURIComponent(key);
    } catch {
      // A malformed escape is logged as sent.
    }
    return SECRET_QUERY_KEYS.has(name.toLowerCase()) ? `${key}=${REDACTED}` : pair;
  });
  return `${url.slice(0, queryStart)}?${query.join('&')}`;
}
