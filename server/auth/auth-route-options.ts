import type { AccountService } from './account-service.ts';
import type { LoginService } from './login-service.ts';
import type { SessionGuard } from './session-guard.ts';
import type { SubscriptionService } from './subscription-service.ts';
import type { UsersRepository } from './users-repository.ts';
import type { XsrfTokens } from './xsrf-tokens.ts';

/** What the /authenticator routes are given (server/auth/install-auth.ts builds it). */
export interface AuthRouteOptions {
  logins: LoginService;
  accounts: AccountService;
  subscriptions: SubscriptionService;
  users: UsersRepository;
  guard: SessionGuard;
  /** Signs each session's XSRF token. */
  xsrfTokens: XsrfTokens;
  /** Attempts per minute per client address on the routes that check a password or a code; 0: none. */
  attemptsPerMinute: number;
  refreshTokenDays: number;
  billingWebhookSecret: string | undefined;
}

/** Every body the service reads is a small JSON object: a form's worth. */
export const AUTH_BODY_LIMIT_BYTES = 4 * 1024;

/** The route's @fastify/rate-limit setting: per client address, per minute. */
export function attemptsLimit(perMinute: number): { max: number; timeWindow: number } | false {
  return perMinute > 0 ? { max: perMinute, timeWindow: 60_000 } : false;
}
