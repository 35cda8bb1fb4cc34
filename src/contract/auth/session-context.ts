import { cookieValue } from './access-token.ts';

/** The device_fp cookie's value, or '' (SPEC.md section 7: every request carries it as X-Session-Context). */
export function sessionContext(cookie: string): string {
  return cookieValue(cookie, 'device_fp') ?? '';
}
