import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { AdminSessions } from '../analytics/admin-sessions.ts';
import { AccessTokens } from './access-tokens.ts';
import { AccountService } from './account-service.ts';
import { LoginThrottle } from './account-throttle.ts';
import { AUTHENTICATOR_PREFIX, authenticatorRoutes } from './authenticator-routes.ts';
import { BackgroundWork } from './background-work.ts';
import { LoginService } from './login-service.ts';
import { MailOutbox } from './mail-outbox.ts';
import { OneTimeCodesRepository } from './one-time-codes-repository.ts';
import { outboxAdminRoutes } from './outbox-admin-routes.ts';
import { RedisLoginThrottle } from './redis-login-throttle.ts';
import { SessionGuard } from './session-guard.ts';
import { SessionsRepository } from './sessions-repository.ts';
import { smtpTransport } from './smtp-transport.ts';
import { ensureStartupAccounts } from './startup-accounts.ts';
import { SubscriptionService } from './subscription-service.ts';
import { UsersRepository } from './users-repository.ts';
import { XsrfGuard } from './xsrf.ts';
import { XsrfTokens } from './xsrf-tokens.ts';

/** Used refresh tokens are kept for reuse detection until they expire; then they are only weight. */
const PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Accounts on the server: the /authenticator service, GET /admin/outbox, the session guard
 * every route can ask (`requireRole` in require-role.ts), and the accounts the environment asks
 * for. Called on the root instance, so its decoration is seen by every scope.
 */
export async function installAuth(app: FastifyInstance, config: ServerConfig, db: Database): Promise<void> {
  const auth = config.auth;
  let secret = auth.secret;
  if (secret === undefined) {
    secret = randomBytes(32).toString('base64url');
    app.log.warn('auth: AUTH_SECRET is not set; access tokens are signed with a key made for this run and stop working when the server restarts (clients must refresh or log in again)');
  }
  const users = new UsersRepository(db);
  const sessions = new SessionsRepository(db, auth.refreshTokenDays);
  const tokens = new AccessTokens(secret, auth.accessTokenSeconds);
  const xsrfTokens = new XsrfTokens(secret);
  const guard = new SessionGuard(tokens, sessions, new XsrfGuard(tokens, sessions, xsrfTokens), app.sharedState);
  // With Redis, one count per account across every process; alone, this process's memory.
  const { redis, prefix } = app.sharedState;
  const throttle = redis
    ? new RedisLoginThrottle({ redis, prefix, limit: auth.accountFailureLimit, log: app.log })
    : new LoginThrottle(auth.accountFailureLimit);
  const background = new BackgroundWork(app.log);
  const outbox = new MailOutbox(db, auth.smtpUrl ? await smtpTransport(auth.smtpUrl) : undefined, auth.mailFrom);
  const logins = new LoginService(users, sessions, tokens, guard, throttle);
  const accounts = new AccountService({
    users, sessions, codes: new OneTimeCodesRepository(db), outbox, guard, throttle, background, logins,
    // Restore links never take their origin from the request: a forged Host would send them elsewhere.
    pageOrigin: config.publicOrigin ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
  });

  app.decorate('sessionGuard', guard);
  app.decorate('adminSessions', new AdminSessions(db));
  await ensureStartupAccounts(users, auth, app.log);
  await app.register(authenticatorRoutes, {
    prefix: AUTHENTICATOR_PREFIX,
    logins, accounts, users, guard, xsrfTokens,
    subscriptions: new SubscriptionService(db),
    attemptsPerMinute: auth.rateLimitPerMinute,
    refreshTokenDays: auth.refreshTokenDays,
    billingWebhookSecret: auth.billingWebhookSecret,
  });
  outboxAdminRoutes(app, { outbox, adminToken: config.adminToken });

  let pruning: Promise<unknown> = Promise.resolve();
  const prune = () => {
    pruning = sessions.deleteExpiredTokens().catch((error: unknown) => app.log.error({ err: error }, 'auth: pruning refresh tokens failed'));
  };
  const timer = setInterval(prune, PRUNE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await Promise.all([pruning, background.drain()]);
  });
}
