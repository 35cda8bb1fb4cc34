/**
 * The site's one way to call the API: JSON in, the answer parsed with the shared zod schema out
 * (src/api/*-schema.ts), with what every call carries (SPEC.md section 7): X-Session-Context,
 * the XSRF cookie echoed, and the viewer's bearer token, refreshed first once it has expired.
 */
import type { z } from 'zod';
import { cookieValue, tokenExpiry, xsrfHeader } from '../../contract/auth/access-token.ts';
import { refreshAccessToken } from '../../contract/auth/token-refresh.ts';
import { apiErrorSchema } from '../../contract/schemas/schema.ts';
import { sessionContext } from '../../contract/auth/session-context.ts';
import { SiteRequestError } from './site-request-error.ts';

export const CATALOGUE = '/catalog-api';
export const AUTH = '/authenticator';

/** Refresh this long before the expiry: a token that expires on the way is as good as expired. */
const EXPIRY_MARGIN_S = 5;
let refreshing: Promise<string | undefined> | undefined;

function expired(token: string): boolean {
  try {
    return tokenExpiry(token) - EXPIRY_MARGIN_S <= Date.now() / 1000;
  } catch {
    return true;
  }
}

/** The access token: the authToken cookie, else a refreshed one while the authSession mark says a session remains. */
async function bearer(): Promise<string | undefined> {
  const cookie = document.cookie;
  const token = cookieValue(cookie, 'authToken');
  if (token ? !expired(token) : cookieValue(cookie, 'authSession') === undefined) return token;
  refreshing ??= refreshAccessToken({ cookie: () => document.cookie, authBaseUrl: AUTH, fetchImpl: (input, init) => fetch(input, init) }, token)
    .finally(() => (refreshing = undefined));
  return (await refreshing) ?? token;
}

export interface CallOptions {
  body?: unknown;
  signal?: AbortSignal | undefined;
}

/** Calls `path` (with its base, /catalog-api or /authenticator) and parses the answer with `schema`. */
export async function apiCall<S extends z.ZodType>(schema: S, method: string, path: string, options: CallOptions = {}): Promise<z.output<S>> {
  const cookie = document.cookie;
  const headers: Record<string, string> = { 'X-Session-Context': sessionContext(cookie), ...xsrfHeader(cookie) };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = await bearer();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new SiteRequestError(0, 'network');
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(answer);
    throw new SiteRequestError(response.status, parsed.success ? parsed.data.message : response.statusText);
  }
  return schema.parse(answer);
}
