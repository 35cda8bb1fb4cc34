/**
 * The authentication service's requests and answers (SPEC.md sections 3, 6, 7; base path
 * /authenticator): the one file the server validates with and the player and its tests share.
 * The player imports types only, so zod stays out of the widget's bundles.
 */
import { z } from 'zod';

export const ROLES = ['viewer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Any C0 control character or DEL (NUL included): refused in every text a stranger sends. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Texts a stranger sends: bounded, and no control characters. */
const text = (max: number) => z.string().min(1).max(max).refine((value) => !CONTROL_CHARACTERS.test(value), 'must not contain control characters');
export const emailSchema = text(254).pipe(z.email()).transform((email) => email.toLowerCase());
/** OWASP: at least 8 characters, long passphrases allowed, nothing else imposed. */
export const passwordSchema = z.string().min(8, 'must be at least 8 characters').max(128).refine((value) => !value.includes('\u0000'), 'must not contain NUL');
/** The server's opaque tokens (refresh tokens, restore links) are base64url: nothing else can be one. */
const opaqueToken = (min: number, max: number) => z.string().min(min).max(max).regex(/^[A-Za-z0-9_-]+$/, 'must be a token we issued');

export const userSchema = z.strictObject({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** pending until the signup code is confirmed; blocked by an administrator. */
  status: z.enum(['pending', 'active', 'blocked']),
  subscription: z.strictObject({ plan: z.string(), status: z.enum(['active', 'cancelled', 'expired']), until: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** POST /signup: an account waits for the code mailed to its address. */
export const signupBodySchema = z.strictObject({ email: emailSchema, password: passwordSchema, name: text(100).optional() });
export const signupResultSchema = z.strictObject({ status: z.literal('pending'), email: z.string() });
/** POST /signup/complete: the mailed code activates the account and logs it in. */
export const signupCompleteBodySchema = z.strictObject({ email: emailSchema, code: z.string().regex(/^\d{6}$/, 'must be 6 digits') });

/** POST /authentication: a login. */
export const loginBodySchema = z.strictObject({ email: emailSchema, password: z.string().min(1).max(128) });
/**
 * What a login, a confirmed signup and a refresh answer. The access token is also in the
 * `Authorization: Bearer …` response header (the refresh's only way, SPEC.md section 7), and both
 * tokens are set as the authToken and refreshToken cookies (SPEC.md section 3).
 */
export const sessionSchema = z.strictObject({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** The access token's expiry, seconds since the epoch (its `exp`). */
  expiresAt: z.number().int(),
  user: userSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * POST /authentication/refresh: the refresh token rotates on every use (RFC 9700). The body's
 * refreshToken may be left out when the refreshToken cookie carries it: a frame cannot read an
 * HttpOnly cookie, but the browser sends it.
 */
export const refreshBodySchema = z.strictObject({ refreshToken: opaqueToken(1, 512).optional(), accessToken: z.string().max(4096).regex(/^[A-Za-z0-9_.-]*$/, 'must be a JWT').optional() });

/**
 * POST /logout (beyond SPEC.md's list): ends the session of the refresh token (body or cookie)
 * and of the access token (Bearer header or cookie); answers the same whether there was one.
 */
export const logoutBodySchema = z.strictObject({ refreshToken: opaqueToken(1, 512).optional() });
export const logoutResultSchema = z.strictObject({ status: z.literal('logged-out') });
export type LogoutResult = z.infer<typeof logoutResultSchema>;

/** POST /user/password/restore/init: a link is mailed when the account exists; the answer is the same either way. */
export const restoreInitBodySchema = z.strictObject({ email: emailSchema });
/** PUT /user/password/restore/visit-link: is this mailed link still good? Answers whose account it opens. */
export const restoreVisitBodySchema = z.strictObject({ token: opaqueToken(16, 256) });
export const restoreVisitResultSchema = z.strictObject({ email: z.string() });
/** POST /user/password/restore: the link's new password; every session of the account ends. */
export const restoreBodySchema = z.strictObject({ token: opaqueToken(16, 256), password: passwordSchema });
/** POST /user/password/change: every other session of the account ends; the caller's stays. */
export const passwordChangeBodySchema = z.strictObject({ oldPassword: z.string().min(1).max(128), newPassword: passwordSchema });
/** What restore/init (accepted), restore and change (changed) answer. */
export const actionResultSchema = z.strictObject({ status: z.enum(['accepted', 'changed']) });
export type ActionResult = z.infer<typeof actionResultSchema>;

/** PATCH /user/rename?name=…: answers the renamed user. */
export const renameQuerySchema = z.strictObject({ name: text(100) });

/** What a subscription may be bought for, and how many days one payment keeps it. */
export const PLAN_DAYS = { monthly: 30, yearly: 365 } as const;
export const PLANS = ['monthly', 'yearly'] as const;
export type Plan = (typeof PLANS)[number];
/** POST /subscription?plan=…: opens a checkout; the billing provider's notify call settles it. */
export const subscriptionQuerySchema = z.strictObject({ plan: z.enum(PLANS) });
export const checkoutSchema = z.strictObject({ checkoutId: z.string(), plan: z.enum(PLANS), status: z.literal('pending') });
/**
 * POST /subscription/notify: the billing provider's webhook, signed with the shared secret
 * (header X-Billing-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">).
 */
export const billingNotifyBodySchema = z.strictObject({
  eventId: text(100),
  type: z.enum(['payment.succeeded', 'subscription.cancelled', 'subscription.expired']),
  checkoutId: text(100),
  /** payment.succeeded: paid until; absent: the plan's days from now. */
  paidUntil: z.iso.datetime({ offset: true }).optional(),
});
export type BillingNotify = z.infer<typeof billingNotifyBodySchema>;
export const billingNotifyResultSchema = z.strictObject({ status: z.enum(['processed', 'duplicate']) });

/** POST /administration/users: one page of accounts, optionally filtered by email or name. */
export const usersQueryBodySchema = z.strictObject({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  query: text(100).optional(),
});
/** POST /administration/block-user/{id}: answers the blocked user; its sessions end at once. */
export const blockUserParamsSchema = z.strictObject({ id: z.string().regex(/^\d{1,9}$/, 'must be a positive integer').transform(Number).pipe(z.number().int().min(1)) });
export const usersPageSchema = z.strictObject({ items: z.array(userSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** The access token's claims (a JWT): who, which role, until when, which session. */
export interface AccessClaims {
  sub: string;
  role: Role;
  /** The session (refresh-token family) it belongs to: revoking the session ends it at once. */
  sid: string;
  exp: number;
  iat: number;
}
