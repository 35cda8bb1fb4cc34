/**
 * The authentication service's requests and answers (SPEC.md sections 3, 6, 7; base path
 * /authenticator): the one file the server validates with and the player and its tests share.
 * The player imports types only, so zod stays out of the widget's bundles.
 */
import { z } from 'zod';

export const ROLES = ['viewer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Texts a stranger sends: bounded, and no control characters (NUL included). */
const text = (max: number) => z.string().min(1).max(max).regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters');
export const emailSchema = text(254).pipe(z.email()).transform((email) => email.toLowerCase());
/** OWASP: at least 8 characters, long passphrases allowed, nothing else imposed. */
export const passwordSchema = z.string().min(8, 'must be at least 8 characters').max(128).regex(/^[^\u0000]*$/, 'must not contain NUL');

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
export const refreshBodySchema = z.strictObject({ refreshToken: z.string().min(1).max(512).optional(), accessToken: z.string().max(4096).optional() });

export const restoreInitBodySchema = z.strictObject({ email: emailSchema });
export const restoreVisitBodySchema = z.strictObject({ token: z.string().min(16).max(256) });
export const restoreBodySchema = z.strictObject({ token: z.string().min(16).max(256), password: passwordSchema });
export const passwordChangeBodySchema = z.strictObject({ oldPassword: z.string().min(1).max(128), newPassword: passwordSchema });

/** POST /administration/users: one page of accounts, optionally filtered by email or name. */
export const usersQueryBodySchema = z.strictObject({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  query: text(100).optional(),
});
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
