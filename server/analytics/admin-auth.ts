import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The operator's access to /admin until accounts exist: one configured token (ADMIN_TOKEN),
 * sent as `Authorization: Bearer …` by scripts, or once through the login form, which sets a
 * cookie. The cookie holds a value derived from the token, not the token itself, so a new
 * token ends every session.
 */
export const ADMIN_COOKIE = 'kino_admin';
export const ADMIN_PATH = '/admin';
const SESSION_SECONDS = 12 * 60 * 60;

export type AdminAccess = 'granted' | 'missing' | 'wrong';

/** Compares secrets in constant time: both sides are hashed first, so their lengths never leak either. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function sessionValue(token: string): string {
  return createHmac('sha256', token).update('kino admin session 1').digest('base64url');
}

/**
 * A Bearer header is judged alone: a wrong one is refused (403) even with a good cookie. A
 * missing or stale cookie (from an earlier token) only asks to log in (401).
 */
export function adminAccess(request: FastifyRequest, token: string): AdminAccess {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    return bearer !== undefined && sameSecret(bearer, token) ? 'granted' : 'wrong';
  }
  const session = cookieValue(request.headers.cookie, ADMIN_COOKIE);
  return session !== undefined && sameSecret(session, sessionValue(token)) ? 'granted' : 'missing';
}

export function setAdminSession(request: FastifyRequest, reply: FastifyReply, token: string): void {
  void reply.header('set-cookie', adminCookie(request, sessionValue(token), SESSION_SECONDS));
}

export function clearAdminSession(request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('set-cookie', adminCookie(request, '', 0));
}

function adminCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  // Secure whenever the operator came over HTTPS (directly or through the edge proxy).
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${ADMIN_COOKIE}=${value}; Path=${ADMIN_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}
