import { sessionContext } from './session-context.ts';
import { cookieValue, xsrfHeader } from './access-token.ts';

export interface RefreshOptions {
  cookie: () => string;
  extraHeaders?: (() => Record<string, string>) | undefined;
  authBaseUrl: string;
  fetchImpl: typeof fetch;
}

/**
 * POST /authentication/refresh (SPEC.md section 7): the body carries the refresh token when the
 * frame can read it (else the browser sends its HttpOnly cookie) and the expired access token;
 * the new access token comes back in the Authorization header. Any failure gives undefined: the
 * caller sends its request with the old token. Its own chunk: most loads never need it.
 */
export async function refreshAccessToken(options: RefreshOptions, accessToken: string | undefined): Promise<string | undefined> {
  try {
    const cookie = options.cookie();
    const refreshToken = cookieValue(cookie, 'refreshToken');
    const response = await options.fetchImpl(`${options.authBaseUrl.replace(/\/$/, '')}/authentication/refresh`, {
      method: 'POST',
      credentials: 'include',
      headers: { ...options.extraHeaders?.(), 'Content-Type': 'application/json', 'X-Session-Context': sessionContext(cookie), ...xsrfHeader(cookie) },
      body: JSON.stringify({ refreshToken, accessToken }),
    });
    const header = response.ok ? response.headers.get('Authorization') : null;
    return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  } catch {
    return undefined;
  }
}
