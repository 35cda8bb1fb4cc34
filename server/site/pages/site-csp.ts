/**
 * The catalogue site's policy: its own scripts and styles only (the build writes no inline
 * script; data for the first render may only come as a JSON script tag, which is not run), images
 * from this origin (posters through /catalog-api/image) and data: URIs, calls to this origin,
 * and frames from this origin and the player's.
 */
export function siteCsp(playerOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    ["frame-src 'self'", ...playerOrigins].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
