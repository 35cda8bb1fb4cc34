import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AuthConfig } from '../../server/auth/auth-config.ts';
import { outboxMessageSchema, type OutboxMessage } from '../../server/auth/mail-outbox.ts';
import { loadServerConfig } from '../../server/config.ts';
import { sessionSchema, type Session } from '../../src/contract/schemas/auth-schema.ts';
import { z } from 'zod';
import { expectJson, startTestApp, type ConfigOverrides, type TestApp } from './helpers.ts';

export const AUTH = '/authenticator';
export const ADMIN_TOKEN = 'auth-test-admin-token-0123456789';
export const AUTH_SECRET = 'auth-test-secret-0123456789abcdefghijklmnop';
export const FIRST_ADMIN = { email: 'root@kino.example', password: 'root-password-0123' };

/**
 * Names the /authenticator routes a test file exercises, as "METHOD /path" (SPEC.md section 7
 * spelling). auth-routes-coverage.test.ts reads these calls from the files' text and fails when
 * a route of the spec has none.
 */
export function covers(...routes: string[]): readonly string[] {
  return routes;
}

/** An app whose auth has a known secret and the first admin; no per-address limit unless asked. */
export function startAuthApp(auth: Partial<AuthConfig> = {}, overrides: ConfigOverrides = {}): Promise<TestApp> {
  const base = loadServerConfig({}).auth;
  return startTestApp({
    adminToken: ADMIN_TOKEN,
    auth: { ...base, secret: AUTH_SECRET, rateLimitPerMinute: 0, firstAdmin: FIRST_ADMIN, demoViewer: false, ...auth },
    ...overrides,
  });
}

export function uniqueEmail(prefix = 'viewer'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@test.example`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface ResponseCookie {
  value: string;
  /** Everything after the value, e.g. "Path=/; Expires=…; HttpOnly; SameSite=Lax". */
  attributes: string;
}

/** The Set-Cookie headers of a response, by name (the last one of a name wins, as in a browser). */
export function responseCookies(response: LightMyRequestResponse): Map<string, ResponseCookie> {
  const header = response.headers['set-cookie'];
  const cookies = new Map<string, ResponseCookie>();
  for (const line of [header ?? []].flat()) {
    const [pair = '', ...rest] = String(line).split(';');
    const separator = pair.indexOf('=');
    cookies.set(pair.slice(0, separator).trim(), { value: pair.slice(separator + 1), attributes: rest.join(';').trim() });
  }
  return cookies;
}

/** A Cookie request header carrying the given response cookies (the ones not cleared). */
export function cookieHeader(cookies: Map<string, ResponseCookie>, names = [...cookies.keys()]): string {
  return names.filter((name) => cookies.get(name)?.value).map((name) => `${name}=${cookies.get(name)?.value}`).join('; ');
}

const outboxSchema = z.strictObject({ messages: z.array(outboxMessageSchema) });

/** The outbox's mail to one address, newest first. */
export async function outboxFor(t: TestApp, email: string): Promise<OutboxMessage[]> {
  const response = await t.app.inject({ url: `/admin/outbox?to=${encodeURIComponent(email)}`, headers: bearer(ADMIN_TOKEN) });
  return expectJson(response, 200, outboxSchema).messages;
}

/** Mail is written after the answer: waits (a little) for a message of `kind` to arrive. */
export async function awaitMail(t: TestApp, email: string, kind: string): Promise<OutboxMessage> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = (await outboxFor(t, email)).find((message) => message.kind === kind);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${kind} mail for ${email}`);
}

export function postJson(t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `${AUTH}${url}`, payload: payload as object, headers: { 'content-type': 'application/json', ...headers } });
}

export async function signupCode(t: TestApp, email: string, password: string): Promise<string> {
  const response = await postJson(t, '/signup', { email, password });
  expect(response.statusCode, response.body).toBe(202);
  const mail = await awaitMail(t, email, 'signup-code');
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in ${mail.text}`);
  return code;
}

/** A new active viewer, logged in by the confirmed signup. */
export async function newViewer(t: TestApp, email = uniqueEmail(), password = 'correct horse battery'): Promise<{ email: string; password: string; session: Session; response: LightMyRequestResponse }> {
  const code = await signupCode(t, email, password);
  const response = await postJson(t, '/signup/complete', { email, code });
  return { email, password, session: expectJson(response, 200, sessionSchema), response };
}

export async function login(t: TestApp, email: string, password: string): Promise<Session> {
  return expectJson(await postJson(t, '/authentication', { email, password }), 200, sessionSchema);
}

/** The JWT's claims, read without checking (the server checks; tests look). */
export function claimsOf(accessToken: string): Record<string, unknown> {
  const payload = accessToken.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export function details(t: TestApp, headers: Record<string, string>) {
  return t.app.inject({ url: `${AUTH}/user/details`, headers });
}
