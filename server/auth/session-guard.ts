import type { FastifyRequest } from 'fastify';
import type { Role } from '../../src/contract/schemas/auth-schema.ts';
import { HttpError } from '../http/http-error.ts';
import type { AccessTokens } from './access-tokens.ts';
import { AUTH_TOKEN_COOKIE, requestCookie } from './auth-cookies.ts';
import type { LiveSession, SessionsRepository } from './sessions-repository.ts';
import { processOnlyState, type SharedState } from '../shared-state/shared-state.ts';
import type { XsrfGuard } from './xsrf.ts';

/** Who made an authenticated request. */
export interface Caller {
  userId: number;
  /** The account's role now (read with the session), not the one the token was issued with. */
  role: Role;
  sessionId: string;
  /** How the token came: a cookie-borne one needs the XSRF header on unsafe methods. */
  via: 'bearer' | 'cookie';
}

/** A 401 or 403 that tells the client how to authenticate (RFC 6750 section 3). */
export class AuthError extends HttpError {
  readonly headers: Record<string, string>;

  constructor(statusCode: 401 | 403, message: string, bearerError?: 'invalid_token' | 'insufficient_scope') {
    super(statusCode, message);
    this.name = 'AuthError';
    this.headers = { 'www-authenticate': bearerError ? `Bearer error="${bearerError}"` : 'Bearer' };
  }
}

/**
 * Milliseconds a session's state is trusted without asking the database. Revocations in this
 * process forget it at once, and with REDIS_URL in every other process too (they are told);
 * without Redis, or when the message is lost, another process sees them within this time.
 */
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_ENTRIES = 10_000;

/**
 * Checks every authenticated request: a valid access token of ours (Bearer header, else the
 * authToken cookie), whose session is not revoked and whose account is active and has the role.
 */
export class SessionGuard {
  readonly #cache = new Map<string, { session: LiveSession | undefined; until: number }>();
  /** Bumped whenever sessions are forgotten. */
  #forgetting = 0;

  private readonly tokens: AccessTokens;
  private readonly sessions: SessionsRepository;
  /** The XSRF rule, for cookie-borne tokens; public so the /authenticator scope applies the same. */
  readonly xsrf: XsrfGuard;
  private readonly shared: SharedState;

  constructor(tokens: AccessTokens, sessions: SessionsRepository, xsrf: XsrfGuard, shared: SharedState = processOnlyState()) {
    this.tokens = tokens;
    this.sessions = sessions;
    this.xsrf = xsrf;
    this.shared = shared;
    shared.onEvent((event) => {
      if (event.type === 'sessions-ended') this.#forgetHere(event.sessionIds);
    });
  }

  /** The caller, or a 401 (no token, a bad or expired one, an ended session, a blocked account). */
  async authenticate(request: FastifyRequest): Promise<Caller> {
    const presented = presentedToken(request);
    if (!presented) throw new AuthError(401, 'log in first: no access token was sent');
    // A cookie rides along with forged cross-site requests; a Bearer header cannot.
    if (presented.via === 'cookie') await this.xsrf.require(request);
    const caller = await this.#callerOf(presented.token, presented.via);
    if (!caller) throw new AuthError(401, 'the access token is invalid or has expired, or its session has ended', 'invalid_token');
    return caller;
  }

  /** The caller when it has the role; 401 when not authenticated, 403 when it lacks the role. */
  async requireRole(request: FastifyRequest, role: Role): Promise<Caller> {
    const caller = await this.authenticate(request);
    if (role === 'admin' && caller.role !== 'admin') throw new AuthError(403, 'this needs an administrator', 'insufficient_scope');
    return caller;
  }

  /** A Bearer header's caller, or undefined; never throws (the admin pages also take other tokens). */
  async bearerCaller(request: FastifyRequest): Promise<Caller | undefined> {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer === undefined || !looksLikeJwt(bearer)) return undefined;
    return this.#callerOf(bearer, 'bearer');
  }

  /** Called whenever sessions are revoked, so this process and every other stop accepting them at once. */
  forget(sessionIds: readonly string[]): void {
    this.#forgetHere(sessionIds);
    if (sessionIds.length > 0) this.shared.publish({ type: 'sessions-ended', sessionIds: [...sessionIds] });
  }

  #forgetHere(sessionIds: readonly string[]): void {
    this.#forgetting += 1;
    for (const id of sessionIds) this.#cache.delete(id);
  }

  async #callerOf(token: string, via: Caller['via']): Promise<Caller | undefined> {
    const claims = await this.tokens.verify(token);
    if (!claims) return undefined;
    const session = await this.#live(claims.sid);
    if (!session || session.userStatus !== 'active' || String(session.userId) !== claims.sub) return undefined;
    return { userId: session.userId, role: session.role, sessionId: claims.sid, via };
  }

  async #live(sessionId: string): Promise<LiveSession | undefined> {
    const now = Date.now();
    const cached = this.#cache.get(sessionId);
    if (cached && cached.until > now) return cached.session;
    const forgetting = this.#forgetting;
    const session = await this.sessions.live(sessionId);
    // Sessions ended while this read was under way: what it read may be from before, so it is
    // not kept (it would stand for 5 s more, past the moment every process was told).
    if (forgetting !== this.#forgetting) return session;
    if (this.#cache.size >= SESSION_CACHE_ENTRIES) this.#cache.clear();
    this.#cache.set(sessionId, { session, until: now + SESSION_CACHE_MS });
    return session;
  }
}

function presentedToken(request: FastifyRequest): { token: string; via: Caller['via'] } | undefined {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    if (!bearer) throw new AuthError(401, 'the Authorization header must be "Bearer <access token>"', 'invalid_token');
    return { token: bearer, via: 'bearer' };
  }
  const cookie = requestCookie(request, AUTH_TOKEN_COOKIE);
  return cookie === undefined ? undefined : { token: cookie, via: 'cookie' };
}

function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}
