import type { RequestFilter } from './request-engine.ts';
import { sessionContext } from '../auth/session-context.ts';

/**
 * The headers every catalogue call carries (SPEC.md section 7), as request filters of the main
 * thread's request engine. The auth module adds its own the same way: the bearer token (refreshed
 * when it expires) and XSRF-TOKEN → X-XSRF-TOKEN.
 */

/** The host's extra headers from the page global, read at each request (the host may change them). */
export function extraHeadersFilter(headers: (() => Record<string, string>) | undefined): RequestFilter {
  return (request) => {
    if (request.kind !== 'catalogue' && request.kind !== 'manifest') return;
    Object.assign(request.headers, headers?.());
  };
}

/** X-Session-Context: the device_fp cookie, or an empty string before it exists. */
export function sessionContextFilter(cookie: () => string): RequestFilter {
  return (request) => {
    if (request.kind !== 'catalogue' && request.kind !== 'manifest') return;
    request.headers['X-Session-Context'] = sessionContext(cookie());
  };
}
