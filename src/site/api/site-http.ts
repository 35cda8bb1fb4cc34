/**
 * The site's one way to call the API: JSON in, the answer parsed with the shared zod schema out
 * (src/contract/schemas/). The calls go through the player's request engine as `catalogue` requests
 * (SPEC.md section 7: one attempt, no timer) with the same filters the player's calls have:
 * X-Session-Context, the XSRF cookie echoed, and the viewer's bearer token, refreshed first when it
 * is due by the one token refresh (src/contract/auth/token-refresh.ts).
 */
import type { z } from 'zod';
import { authFilter } from '../../contract/auth/auth-filter.ts';
import { InvalidTokenError } from '../../contract/auth/token-refresh.ts';
import { sessionContextFilter } from '../../contract/net/catalogue-filters.ts';
import { createRequestEngine, FetchFailure, type RequestOptions } from '../../contract/net/request-engine.ts';
import { apiErrorSchema } from '../../contract/schemas/schema.ts';
import { SiteRequestError } from './site-request-error.ts';

export const CATALOGUE = '/catalog-api';
export const AUTH = '/authenticator';

const cookie = () => document.cookie;
const requests = createRequestEngine({
  fetchImpl: (input, init) => fetch(input, init),
  requestFilters: [sessionContextFilter(cookie), authFilter({ cookie, authBaseUrl: AUTH })],
});

export interface CallOptions {
  body?: unknown;
  signal?: AbortSignal | undefined;
}

/**
 * Calls `path` (with its base, /catalog-api or /authenticator) and parses the answer with `schema`.
 * Fails with SiteRequestError: the status (0 when the network failed; 401 for a token that cannot
 * be read, which the viewer mends by logging in again) and the server's message. An abort rejects
 * with the signal's reason.
 */
export async function apiCall<S extends z.ZodType>(schema: S, method: NonNullable<RequestOptions['method']>, path: string, options: CallOptions = {}): Promise<z.output<S>> {
  const { body, signal } = options;
  let text: string;
  try {
    const answer = await requests.request(path, {
      kind: 'catalogue',
      method,
      signal: signal ?? new AbortController().signal,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
    });
    text = new TextDecoder().decode(answer.bytes);
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    if (error instanceof InvalidTokenError) throw new SiteRequestError(401, error.message);
    if (!(error instanceof FetchFailure) || error.failure.kind !== 'status') throw new SiteRequestError(0, 'network');
    const parsed = apiErrorSchema.safeParse(parseJson(error.body));
    throw new SiteRequestError(error.failure.status, parsed.success ? parsed.data.message : error.message);
  }
  return schema.parse(parseJson(text));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
