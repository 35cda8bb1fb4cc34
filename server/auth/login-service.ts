import type { Session } from '../../src/contract/schemas/auth-schema.ts';
import type { AccessTokens } from './access-tokens.ts';
import { refuseWhileThrottled, type PasswordThrottle } from './account-throttle.ts';
import { verifyAgainstDummy, verifyPassword } from './password-hasher.ts';
import { AuthError, type SessionGuard } from './session-guard.ts';
import type { SessionsRepository } from './sessions-repository.ts';
import { publicUser, type StoredUser, type UsersRepository } from './users-repository.ts';

export interface IssuedSession {
  session: Session;
  /** The session it belongs to (its XSRF token is signed for it). */
  sessionId: string;
  /** The refresh token's expiry, seconds since the epoch (its cookie's Expires). */
  refreshExpiresAt: number;
}

/** Every failed login answers this, whatever failed: the form learns nothing about the account. */
export const LOGIN_FAILED = 'wrong email or password';

/** Logins, refreshes, and the sessions both start or continue. */
export class LoginService {
  private readonly users: UsersRepository;
  private readonly sessions: SessionsRepository;
  private readonly tokens: AccessTokens;
  private readonly guard: SessionGuard;
  private readonly throttle: PasswordThrottle;

  constructor(
    users: UsersRepository,
    sessions: SessionsRepository,
    tokens: AccessTokens,
    guard: SessionGuard,
    throttle: PasswordThrottle,
  ) {
    this.users = users;
    this.sessions = sessions;
    this.tokens = tokens;
    this.guard = guard;
    this.throttle = throttle;
  }

  /**
   * The password is checked whatever the account's state (or against a dummy hash when there is
   * no account), so every failure costs the same time and gets the same 401.
   */
  async login(email: string, password: string, address: string): Promise<IssuedSession> {
    await refuseWhileThrottled(this.throttle, email, address);
    const user = await this.users.findByEmail(email);
    const matches = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
    if (!user || !matches || user.status !== 'active') {
      await this.throttle.recordFailure(email, address);
      throw new AuthError(401, LOGIN_FAILED);
    }
    await this.throttle.succeeded(email, address);
    return this.startSession(user);
  }

  async startSession(user: StoredUser): Promise<IssuedSession> {
    const refresh = await this.sessions.create(user.id);
    const access = await this.tokens.issue(user.id, user.role, refresh.sessionId);
    return {
      session: { accessToken: access.token, refreshToken: refresh.refreshToken, expiresAt: access.expiresAt, user: publicUser(user) },
      refreshExpiresAt: refresh.expiresAt,
      sessionId: refresh.sessionId,
    };
  }

  /**
   * Rotates the refresh token (RFC 9700 section 4.14.2). The access token, when sent, must be of
   * the same session; one we cannot read (signed before a restart without AUTH_SECRET) is
   * ignored, since the refresh token alone is the credential.
   */
  async refresh(refreshToken: string, accessToken: string | undefined): Promise<IssuedSession> {
    const claims = accessToken ? await this.tokens.verifySignatureOnly(accessToken) : undefined;
    const rotation = await this.sessions.rotate(refreshToken, claims?.sid, (userId, role, sessionId) => this.tokens.issue(userId, role, sessionId));
    if (rotation.outcome === 'reused') {
      this.guard.forget([rotation.sessionId]);
      throw new AuthError(401, 'this refresh token was already used: its session has ended, log in again', 'invalid_token');
    }
    const user = rotation.outcome === 'rotated' ? await this.users.findById(rotation.userId) : undefined;
    if (rotation.outcome !== 'rotated' || !user) throw new AuthError(401, 'the refresh token is invalid or has expired', 'invalid_token');
    const { successor } = rotation;
    return {
      session: { accessToken: successor.accessToken, refreshToken: successor.refreshToken, expiresAt: successor.accessExpiresAt, user: publicUser(user) },
      refreshExpiresAt: successor.refreshExpiresAt,
      sessionId: rotation.sessionId,
    };
  }

  /**
   * Ends the sessions the caller holds a credential of: the refresh token's, and the access
   * token's (read by signature only, an expired one names its session as well). Unknown or
   * already ended sessions are no error: the device is logged out either way.
   */
  async logout(credentials: { refreshToken: string | undefined; accessToken: string | undefined }): Promise<void> {
    const sessionIds = new Set<string>();
    if (credentials.refreshToken) {
      const sessionId = await this.sessions.sessionOfRefreshToken(credentials.refreshToken);
      if (sessionId) sessionIds.add(sessionId);
    }
    if (credentials.accessToken) {
      const claims = await this.tokens.verifySignatureOnly(credentials.accessToken);
      if (claims) sessionIds.add(claims.sid);
    }
    this.guard.forget(await this.sessions.revokeSessions([...sessionIds], 'logout'));
  }
}
