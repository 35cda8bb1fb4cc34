import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Features no page of ours uses, denied to them and to anything they embed. The player's own
 * (autoplay, fullscreen, picture-in-picture, encrypted-media, web-share, clipboard-write) are
 * left to the defaults so a host's `allow` attribute keeps working.
 */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** An HTML page that set no policy of its own runs nothing and is framed by nobody. */
const FALLBACK_HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * Browsers that met the server over https keep to https for a year (RFC 6797). Subdomains are
 * left out: the player's host may share a parent domain with sites that still speak http.
 */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * Headers every response carries, set in one place so no route can forget them; a route's own
 * value wins (the embed document's CSP and Referrer-Policy, the admin pages' stricter ones).
 *
 * Cross-Origin-Resource-Policy is cross-origin: the API, the media and the widget's assets are
 * read by players framed on other sites, including hosts that isolate themselves with COEP.
 * The operator's pages are the exception: same-origin.
 *
 * Strict-Transport-Security only on answers that went over https as the server sees it (its own
 * TLS, or X-Forwarded-Proto from a trusted proxy: Fastify's request.protocol): over plain http
 * browsers ignore it (RFC 6797 §8.1), and a stranger's header must not decide it.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    setDefault(reply, 'x-content-type-options', 'nosniff');
    setDefault(reply, 'referrer-policy', 'strict-origin-when-cross-origin');
    setDefault(reply, 'permissions-policy', PERMISSIONS_POLICY);
    setDefault(reply, 'cross-origin-resource-policy', request.url.startsWith('/admin') ? 'same-origin' : 'cross-origin');
    if (request.protocol === 'https') setDefault(reply, 'strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (isHtml(reply)) setDefault(reply, 'content-security-policy', FALLBACK_HTML_CSP);
    return payload;
  });
}

function setDefault(reply: FastifyReply, name: string, value: string): void {
  if (!reply.hasHeader(name)) void reply.header(name, value);
}

function isHtml(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html');
}
