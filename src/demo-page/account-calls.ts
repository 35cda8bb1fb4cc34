// The calls the demo page's account panel makes, as a host site on this origin would: the
// account service's (/authenticator) with the XSRF cookie echoed, and the viewer's own catalogue
// calls (/catalog-api) with the bearer token — through the player's own auth filter, so the
// token is refreshed the one way the player refreshes it (src/contract/auth).
import { xsrfHeader } from '../contract/auth/access-token.ts';
import { authFilter } from '../contract/auth/auth-filter.ts';

export interface AccountCallsOptions {
  /** document.cookie, read at each call: a login or a refresh changes it. */
  cookie: () => string;
  fetchImpl: typeof fetch;
}

export type Method = 'GET' | 'POST' | 'DELETE';
export type Answer = Record<string, unknown>;

export interface AccountCalls {
  /** A call of the account service under /authenticator; throws the service's message on a failure. */
  account(method: Method, path: string, body?: object): Promise<Answer>;
  /** A call of the viewer's own under /catalog-api, with the bearer token; throws the API's message on a failure. */
  catalogue(method: Method, path: string, body?: object): Promise<Answer>;
}

/** The answer's JSON (an empty object when there is none), or an Error with its message. */
async function answerOf(response: Response): Promise<Answer> {
  const answer = (await response.json().catch(() => ({}))) as Answer;
  if (!response.ok) throw new Error(typeof answer.message === 'string' && answer.message ? answer.message : `Ошибка ${response.status}`);
  return answer;
}

export function accountCalls(options: AccountCallsOptions): AccountCalls {
  const { cookie, fetchImpl } = options;
  const credentials = authFilter({ cookie, authBaseUrl: '/authenticator', fetchImpl });
  return {
    async account(method, path, body) {
      // JSON's Content-Type always: the service refuses an empty JSON body, never a declared one.
      const response = await fetchImpl(`/authenticator${path}`, {
        method,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', ...xsrfHeader(cookie()) },
        body: body && JSON.stringify(body),
      });
      return answerOf(response);
    },
    async catalogue(method, path, body) {
      const url = `/catalog-api${path}`;
      const headers: Record<string, string> = body ? { 'Content-Type': 'application/json' } : {};
      await credentials({ url, kind: 'catalogue', headers });
      const response = await fetchImpl(url, { method, credentials: 'same-origin', headers, body: body && JSON.stringify(body) });
      return answerOf(response);
    },
  };
}
