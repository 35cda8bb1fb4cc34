/** The device_fp cookie's value, or '' (SPEC.md section 7: every request carries it as X-Session-Context). */
export function sessionContext(cookie: string): string {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'device_fp') return decodeURIComponent(value.join('='));
  }
  return '';
}
