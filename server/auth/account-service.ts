import type { ActionResult, User } from '../../src/contract/schemas/auth-schema.ts';
import { HttpError } from '../http/http-error.ts';
import { refuseWhileThrottled, type PasswordThrottle } from './account-throttle.ts';
import type { BackgroundWork } from './background-work.ts';
import type { IssuedSession, LoginService } from './login-service.ts';
import { alreadyRegisteredMail, passwordChangedMail, restoreLinkMail, signupCodeMail } from './mail-messages.ts';
import type { MailOutbox } from './mail-outbox.ts';
import type { OneTimeCodesRepository } from './one-time-codes-repository.ts';
import { hashPassword, verifyPassword } from './password-hasher.ts';
import type { Caller, SessionGuard } from './session-guard.ts';
import type { SessionsRepository } from './sessions-repository.ts';
import { publicUser, type StoredUser, type UsersRepository } from './users-repository.ts';

export interface AccountServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  codes: OneTimeCodesRepository;
  outbox: MailOutbox;
  guard: SessionGuard;
  throttle: PasswordThrottle;
  background: BackgroundWork;
  logins: LoginService;
  /** Where restore links point (PUBLIC_ORIGIN, else this server's own listener: never the Host header). */
  pageOrigin: string;
}

const WRONG_CODE = 'the code is wrong or has expired: sign up again for a new one';
const WRONG_LINK = 'the link is wrong, was used or has expired: ask for a new one';

/** Signup, password restore and change, rename, details and blocking. */
export class AccountService {
  private readonly deps: AccountServiceDeps;

  constructor(deps: AccountServiceDeps) {
    this.deps = deps;
  }

  /**
   * The answer is the same whether the address is new, pending or taken, and comes after the
   * same work (one password hash); what differs (the account, the code, the mail) happens after it.
   */
  async signup(email: string, password: string, name: string | undefined): Promise<void> {
    const { users, codes, outbox, background } = this.deps;
    const passwordHash = await hashPassword(password);
    const displayName = name ?? email.slice(0, email.indexOf('@'));
    background.run('signup', async () => {
      const existing = await users.findByEmail(email);
      if (existing && existing.status !== 'pending') {
        if (existing.status === 'active') await outbox.send(alreadyRegisteredMail(email));
        return;
      }
      const userId = existing?.id ?? (await users.insertPending(email, displayName, passwordHash));
      if (userId === undefined) return;
      if (existing) await users.updatePending(existing.id, displayName, passwordHash);
      await outbox.send(signupCodeMail(email, await codes.issueSignupCode(userId)));
    });
  }

  /** The mailed code confirms the address: the account becomes active and is logged in. */
  async completeSignup(email: string, code: string): Promise<IssuedSession> {
    const { users, codes, logins } = this.deps;
    const user = await users.findByEmail(email);
    if (!user || user.status !== 'pending' || (await codes.checkSignupCode(user.id, code)) !== 'accepted') {
      throw new HttpError(400, WRONG_CODE);
    }
    await users.activate(user.id);
    return logins.startSession({ ...user, status: 'active' });
  }

  /** Same answer and timing for any address; the link is mailed only to an account that can use it. */
  restoreInit(email: string): ActionResult {
    const { users, codes, outbox, background, pageOrigin } = this.deps;
    background.run('password restore', async () => {
      const user = await users.findByEmail(email);
      if (!user || user.status === 'blocked') return;
      const token = await codes.issueRestoreToken(user.id);
      if (token) await outbox.send(restoreLinkMail(email, pageOrigin, token));
    });
    return { status: 'accepted' };
  }

  /** Checks a link without using it up, so a page can ask for the new password only when it is good. */
  async restoreVisit(token: string): Promise<{ email: string }> {
    const userId = await this.deps.codes.restoreTokenOwner(token);
    const user = userId === undefined ? undefined : await this.deps.users.findById(userId);
    if (!user || user.status === 'blocked') throw new HttpError(400, WRONG_LINK);
    return { email: user.email };
  }

  /** Sets the password the link allows; every session of the account ends (whoever held them). */
  async restore(token: string, password: string): Promise<ActionResult> {
    const { users, codes, throttle } = this.deps;
    const passwordHash = await hashPassword(password);
    const userId = await codes.consumeRestoreToken(token);
    const user = userId === undefined ? undefined : await users.findById(userId);
    if (!user || user.status === 'blocked') throw new HttpError(400, WRONG_LINK);
    await users.setPassword(user.id, passwordHash);
    await this.#endSessions(user.id, 'restore');
    await throttle.clearAccount(user.email);
    return { status: 'changed' };
  }

  /** Needs the current password (counted like a login); the caller's session stays, the others end. */
  async changePassword(caller: Caller, oldPassword: string, newPassword: string, address: string): Promise<ActionResult> {
    const { users, throttle, outbox, background } = this.deps;
    const user = await this.#userOf(caller);
    await refuseWhileThrottled(throttle, user.email, address);
    if (!(await verifyPassword(user.passwordHash, oldPassword))) {
      await throttle.recordFailure(user.email, address);
      throw new HttpError(400, 'invalid body: oldPassword: is not the current password');
    }
    await throttle.succeeded(user.email, address);
    await users.setPassword(user.id, await hashPassword(newPassword));
    await this.#endSessions(user.id, 'password', caller.sessionId);
    background.run('password change mail', () => outbox.send(passwordChangedMail(user.email)));
    return { status: 'changed' };
  }

  async rename(caller: Caller, name: string): Promise<User> {
    await this.deps.users.rename(caller.userId, name);
    return publicUser(await this.#userOf(caller));
  }

  async details(caller: Caller): Promise<User> {
    return publicUser(await this.#userOf(caller));
  }

  /** Blocks an account and ends its sessions at once; an administrator cannot lock themself out. */
  async block(caller: Caller, userId: number): Promise<User> {
    if (userId === caller.userId) throw new HttpError(400, 'an administrator cannot block their own account');
    const user = await this.deps.users.findById(userId);
    if (!user) throw new HttpError(404, `no user with id ${userId}`);
    await this.deps.users.block(userId);
    await this.#endSessions(userId, 'blocked');
    return publicUser({ ...user, status: 'blocked' });
  }

  async #endSessions(userId: number, reason: 'password' | 'blocked' | 'restore', except?: string): Promise<void> {
    this.deps.guard.forget(await this.deps.sessions.revokeAllOf(userId, reason, except));
  }

  async #userOf(caller: Caller): Promise<StoredUser> {
    const user = await this.deps.users.findById(caller.userId);
    // The guard has just seen the account active; it may have been deleted since.
    if (!user) throw new HttpError(401, 'the account no longer exists');
    return user;
  }
}
