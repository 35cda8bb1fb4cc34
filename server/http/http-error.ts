import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../src/contract/schemas/schema.ts';
import type { Queryable } from '../db/database.ts';
import type { MethodsAt } from './allowed-methods.ts';
import { databaseAnswers, OUTAGE_RETRY_AFTER_SECONDS } from './database-outage.ts';
import { withoutSecrets } from './access-log.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

/** An error whose message is safe to show the client. */
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.name = 'HttpError';
  }
}

export function apiError(statusCode: number, message: string): ApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/**
 * Every failure becomes the same JSON shape. Client errors keep their message (it says what
 * was wrong); server errors are logged and answered with a generic message, never a stack.
 * A server error while the database does not answer (asked as /readyz asks) is an outage, not
 * a bug: 503 with Retry-After, so clients and proxies come back instead of giving up.
 */
export function installErrorHandlers(app: FastifyInstance, db: Queryable, methodsAt: MethodsAt = () => []): void {
  app.setErrorHandler(async (error: FastifyError | HttpError, request, reply) => {
    const trusted = error instanceof HttpError || (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500);
    if (!trusted) {
      const outage = !(await databaseAnswers(db));
      request.log.error({ err: error, path: withoutSecrets(request.url) }, outage ? 'request failed: the database does not answer' : 'request failed');
      if (outage) {
        void reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
        return sendError(reply, 503, 'The database is unavailable; try again shortly');
      }
      return sendError(reply, 500, 'Internal server error');
    }
    // Some errors carry headers the client needs, e.g. Content-Range on a 416 (RFC 9110 §15.5.17).
    if ('headers' in error && error.headers) void reply.headers(error.headers as Record<string, string>);
    return sendError(reply, error.statusCode ?? 500, error.message);
  });
  app.setNotFoundHandler((request, reply) => {
    const refusal = methodNotAllowed(methodsAt, request);
    if (refusal) return sendError(reply.header('allow', refusal.allow), 405, refusal.message);
    return sendError(reply, 404, `Nothing at ${request.method} ${request.url.split('?')[0]}`);
  });
}

/** A known address called with a method it does not have: the 405 to answer (its Allow and message), else undefined. */
export function methodNotAllowed(methodsAt: MethodsAt, request: FastifyRequest): { allow: string; message: string } | undefined {
  const allowed = methodsAt(request.url);
  if (allowed.length === 0 || allowed.includes(request.method)) return undefined;
  return { allow: allowed.join(', '), message: `${request.method} is not allowed at ${request.url.split('?')[0]}; it takes ${allowed.join(', ')}` };
}

function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(apiError(status, message));
}

/**
 * Errors Fastify meets before routing (a malformed percent-encoding, an over-long path
 * parameter) skip the hooks, CORS included; answer them in the same shape, readable cross-origin.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .header(REQUEST_ID_HEADER, request.id)
    .header('access-control-allow-origin', '*')
    .type('application/json; charset=utf-8')
    .send(apiError(status, error.message));
}
