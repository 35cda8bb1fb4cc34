import { STATUS_CODES } from 'node:http';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../http/database-outage.ts';
import type { RegisteredRoute } from './registered-routes.ts';

type Response = { description: string; headers?: Record<string, unknown>; content?: Record<string, unknown> };

export const ERROR_REF = { $ref: '#/components/schemas/ApiError' };
const ERROR_CONTENT = { 'application/json': { schema: ERROR_REF } };
const retryAfter = (required: boolean) => ({ 'Retry-After': { required, description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } } });

/** Methods whose body Fastify reads, so a body too large or of an unknown type is refused. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * What any operation may answer whatever its own schemas say, because the server around it
 * answers it: every error in the ApiError shape. Written once here so no route can forget one.
 * - 400: a header, path or query value with a control character (server/http/control-characters.ts).
 * - 408: the request did not arrive within REQUEST_TIMEOUT_MS (Node closes it, without a body).
 * - 414: a path value longer than the router reads (server/http/listener-options.ts).
 * - 413, 415: a body over the route's limit, or of a type it does not read.
 * - 429: past the route's rate limit, with Retry-After.
 * - 500, and 503 with Retry-After while the database does not answer (server/http/database-outage.ts).
 */
export function commonResponses(route: RegisteredRoute, hasPathParameters: boolean): Record<string, Response> {
  const responses: Record<string, Response> = {
    400: error(400, 'Bad input: a value that does not fit its schema, or a control character in a header, path or query value'),
    408: { description: 'The request did not arrive in time (sent by the listener without a body)' },
    500: error(500, 'A fault of the server'),
    // Retry-After comes with the outage; a route's own 503 (something not built or not configured) may go without.
    503: { ...error(503, `The database does not answer: try again after Retry-After seconds (${OUTAGE_RETRY_AFTER_SECONDS})`), headers: retryAfter(false) },
  };
  if (hasPathParameters) responses[414] = error(414, 'A path value longer than the router reads');
  if (BODY_METHODS.has(route.method)) {
    responses[413] = error(413, 'The body is larger than this call takes');
    responses[415] = error(415, 'The body is of a type this call does not read');
  }
  if (route.rateLimited) responses[429] = { ...error(429, 'Too many calls; try again after Retry-After seconds'), headers: retryAfter(true) };
  return responses;
}

export function error(status: number, description = STATUS_CODES[status] ?? 'Error'): Response {
  return { description, content: ERROR_CONTENT };
}

/** Two descriptions of one status: both content types, both descriptions, the headers of either. */
export function mergeResponse(first: Response | undefined, second: Response): Response {
  if (!first) return second;
  const headers = { ...first.headers, ...second.headers };
  const content = { ...first.content, ...second.content };
  return {
    description: first.description === second.description ? first.description : `${first.description}; ${second.description}`,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(Object.keys(content).length > 0 ? { content } : {}),
  };
}
