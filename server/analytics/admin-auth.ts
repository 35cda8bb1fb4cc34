import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_SESSION_SECONDS } from './admin-sessions.ts';

/**
 * The operator's access to /admin by the configured token (ADMIN_TOKEN), sent as
 * `Authorization: Bearer …` by scripts, or once through the login form, which opens a stored
 * session (admin-sessions.ts) whose random id is the cookie: each login its own, ended by
 * logout or its expiry; a new token ends every session opened with the old one.
 */
export const ADMIN_COOKIE = 'kino_admin';
export const ADMIN_PATH = '/admin';

export type AdminAccess = 'granted' | 'missing' | 'wrong';

/** Compares secrets in constant time: both sides are hashed first, so their lengths never leak either. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * A Bearer header is judged alone: a wrong one is refused (403) even with a good cookie. A
 * missing, ended or stale cookie (from an earlier token) only asks to log in (401).
 */
export async function adminAccess(request: FastifyRequest, token: string): Promise<AdminAccess> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    return bearer !== undefined && sameSecret(bearer, token) ? 'granted' : 'wrong';
  }
  const session = adminSessionId(request);
  return session !== undefined && await request.server.adminSessions.isLive(session, token) ? 'granted' : 'missing';
}

/** The session id the request's cookie names, when it looks like one we issue. */
export function adminSessionId(request: FastifyRequest): string | undefined {
  const value = cookieValue(request.headers.cookie, ADMIN_COOKIE);
  return value !== undefined && /^[\w-]{43}$/.test(value) ? value : undefined;
}

export async function setAdminSession(request: FastifyRequest, reply: FastifyReply, token: string): Promise<void> {
  const id = await request.server.adminSessions.open(token);
  void reply.header('set-cookie', adminCookie(request, id, ADMIN_SESSION_SECONDS));
}

/** Ends the stored session (so a copy of the cookie opens nothing) and clears the cookie. */
export async function clearAdminSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const id = adminSessionId(request);
  if (id !== undefined) await request.server.adminSessions.end(id);
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
