import { z } from 'zod';

/** The authentication service's part of the server configuration (server/config.ts). */
export interface AuthConfig {
  /**
   * AUTH_SECRET: signs the access tokens (HS256), at least 32 characters. Required when
   * NODE_ENV=production; unset elsewhere, each run makes its own, so the access tokens of an
   * earlier run stop verifying.
   */
  secret: string | undefined;
  /** Access token lifetime in seconds. AUTH_ACCESS_TOKEN_MINUTES, default 15. */
  accessTokenSeconds: number;
  /** A refresh token's lifetime, renewed by every refresh. AUTH_REFRESH_TOKEN_DAYS, default 30. */
  refreshTokenDays: number;
  /** Attempts per minute per client address on the calls that check a password or a code; 0: no limit. AUTH_RATE_LIMIT, default 30. */
  rateLimitPerMinute: number;
  /** Failed password checks per (account, address) before that address is locked out of the account (three times as many per address). AUTH_ACCOUNT_FAILURE_LIMIT, default 10. */
  accountFailureLimit: number;
  /** ADMIN_EMAIL + ADMIN_PASSWORD: this account is created (or promoted) as an administrator at start. */
  firstAdmin: { email: string; password: string } | undefined;
  /** DEMO_VIEWER: the demo viewer demo@kino.example exists; default true unless NODE_ENV=production. */
  demoViewer: boolean;
  /** SMTP_URL (smtp:// or smtps://user:pass@host:port): mail also goes out through it; unset: the outbox table only. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of the service's mail. */
  mailFrom: string;
  /** BILLING_WEBHOOK_SECRET: signs POST /authenticator/subscription/notify; unset: it answers 503. */
  billingWebhookSecret: string | undefined;
}

const wholeNumber = (digits: number, what: string) =>
  z.string().regex(new RegExp(`^\\d{1,${digits}}$`), `must be a whole number of ${what}`).transform(Number);

/** Spread into the server's environment schema. */
export const authEnvShape = {
  NODE_ENV: z.string().optional(),
  // Shorter secrets are guessable offline from any one token.
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').max(512).optional(),
  AUTH_ACCESS_TOKEN_MINUTES: wholeNumber(4, 'minutes').pipe(z.number().min(1).max(1440)).default(15),
  AUTH_REFRESH_TOKEN_DAYS: wholeNumber(3, 'days').pipe(z.number().min(1).max(365)).default(30),
  AUTH_RATE_LIMIT: wholeNumber(6, 'attempts a minute').default(30),
  AUTH_ACCOUNT_FAILURE_LIMIT: wholeNumber(4, 'failures').pipe(z.number().min(1)).default(10),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(128).optional(),
  DEMO_VIEWER: z.enum(['true', 'false']).optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\/\S+$/, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).max(200).default('Kino <no-reply@kino.example>'),
  BILLING_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').max(512).optional(),
};

type AuthEnv = z.infer<z.ZodObject<typeof authEnvShape>>;

/** Problems no single variable shows. */
export function authProblems(env: AuthEnv): string[] {
  const problems: string[] = [];
  // A secret made per run would log every viewer out on each restart of a real deployment.
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) problems.push('AUTH_SECRET: required when NODE_ENV=production');
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) problems.push('ADMIN_EMAIL, ADMIN_PASSWORD: set both or neither');
  return problems;
}

export function authConfig(env: AuthEnv): AuthConfig {
  const production = env.NODE_ENV === 'production';
  return {
    secret: env.AUTH_SECRET,
    accessTokenSeconds: env.AUTH_ACCESS_TOKEN_MINUTES * 60,
    refreshTokenDays: env.AUTH_REFRESH_TOKEN_DAYS,
    rateLimitPerMinute: env.AUTH_RATE_LIMIT,
    accountFailureLimit: env.AUTH_ACCOUNT_FAILURE_LIMIT,
    firstAdmin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD } : undefined,
    demoViewer: env.DEMO_VIEWER === undefined ? !production : env.DEMO_VIEWER === 'true',
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    billingWebhookSecret: env.BILLING_WEBHOOK_SECRET,
  };
}
