import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSchema, signupResultSchema, userSchema } from '../../src/contract/schemas/auth-schema.ts';
import { expectApiError, expectJson, type TestApp } from './helpers.ts';
import {
  AUTH, awaitMail, bearer, covers, details, login, newViewer, outboxFor, postJson, responseCookies, signupCode, startAuthApp, uniqueEmail,
} from './auth-helpers.ts';

covers('POST /signup', 'POST /signup/complete', 'GET /user/details');

let t: TestApp;
beforeAll(async () => {
  t = await startAuthApp();
});
afterAll(() => t.close());

describe('signup → mailed code → complete → details', () => {
  it('answers 202 pending, mails a six-digit code, and the code logs the new account in', async () => {
    const email = uniqueEmail();
    const signup = await postJson(t, '/signup', { email: email.toUpperCase(), password: 'a long passphrase', name: 'Анна' });
    expect(expectJson(signup, 202, signupResultSchema)).toEqual({ status: 'pending', email });
    expect(signup.headers.authorization).toBeUndefined();

    const mail = await awaitMail(t, email, 'signup-code');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toContain(code);

    const complete = await postJson(t, '/signup/complete', { email, code });
    const session = expectJson(complete, 200, sessionSchema);
    expect(session.user).toMatchObject({ email, name: 'Анна', role: 'viewer', status: 'active', subscription: null });
    expect(complete.headers.authorization).toBe(`Bearer ${session.accessToken}`);
    const cookies = responseCookies(complete);
    expect(cookies.get('authToken')?.value).toBe(session.accessToken);
    expect(cookies.get('refreshToken')?.value).toBe(session.refreshToken);
    expect(cookies.get('XSRF-TOKEN')?.value).toMatch(/^[\w-]{20,}$/);

    const read = await details(t, bearer(session.accessToken));
    expect(expectJson(read, 200, userSchema)).toEqual(session.user);
    expect(read.headers.authorization).toBeUndefined();
    expect(read.headers['cache-control']).toBe('no-store');
  });

  it('names the account after the address when no name is given', async () => {
    const { session, email } = await newViewer(t, uniqueEmail('anon'));
    expect(session.user.name).toBe(email.slice(0, email.indexOf('@')));
  });

  it('a code is used once', async () => {
    const email = uniqueEmail();
    const code = await signupCode(t, email, 'password one two');
    expect((await postJson(t, '/signup/complete', { email, code })).statusCode).toBe(200);
    expectApiError(await postJson(t, '/signup/complete', { email, code }), 400);
  });
});

describe('what signup gives away: nothing', () => {
  it('an address with an account gets the same answer, its owner a note, and its password is unchanged', async () => {
    const { email, password } = await newViewer(t);
    const again = await postJson(t, '/signup', { email, password: 'someone else entirely' });
    expect(expectJson(again, 202, signupResultSchema)).toEqual({ status: 'pending', email });
    await awaitMail(t, email, 'already-registered');
    expect((await outboxFor(t, email)).filter((message) => message.kind === 'signup-code')).toHaveLength(1);
    await login(t, email, password);
  });

  it('a pending account cannot log in, with the answer of a wrong password', async () => {
    const email = uniqueEmail();
    await signupCode(t, email, 'pending password');
    const refused = expectApiError(await postJson(t, '/authentication', { email, password: 'pending password' }), 401);
    expect(refused.message).toBe('wrong email or password');
  });

  it('signing up again while pending mails a new code and takes the new password', async () => {
    const email = uniqueEmail();
    await signupCode(t, email, 'first password');
    expect((await postJson(t, '/signup', { email, password: 'second password' })).statusCode).toBe(202);
    const codes = async () => (await outboxFor(t, email)).filter((message) => message.kind === 'signup-code');
    for (let attempt = 0; attempt < 100 && (await codes()).length < 2; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    const [newest, oldest] = (await codes()).map((message) => /\b(\d{6})\b/.exec(message.text)?.[1] ?? '');
    if (newest !== oldest) expectApiError(await postJson(t, '/signup/complete', { email, code: oldest }), 400);
    expect((await postJson(t, '/signup/complete', { email, code: newest })).statusCode).toBe(200);
    await login(t, email, 'second password');
  });
});

describe('wrong codes', () => {
  it('are 400, and after five the right one no longer works', async () => {
    const email = uniqueEmail();
    const code = await signupCode(t, email, 'five tries only');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(expectApiError(await postJson(t, '/signup/complete', { email, code: wrong }), 400).message).toMatch(/code is wrong/);
    }
    expectApiError(await postJson(t, '/signup/complete', { email, code }), 400);
  });

  it('for an address without an account are the same 400', async () => {
    expect(expectApiError(await postJson(t, '/signup/complete', { email: uniqueEmail(), code: '123456' }), 400).message).toMatch(/code is wrong/);
  });
});

describe('bad input → 400 naming the field', () => {
  it.each([
    [{ email: 'not-an-email', password: 'long enough' }, 'email'],
    [{ email: 'a@b.example', password: 'short' }, 'password'],
    [{ email: 'a@b.example', password: 'long enough', role: 'admin' }, 'role'],
    [{ email: 'a@b.example', password: 'long enough', name: 'tab\there' }, 'name'],
    [{ email: 'a\u0000@b.example', password: 'long enough' }, 'email'],
    [{ email: 'a@b.example', password: 'nul\u0000inside' }, 'password'],
    [{ email: 'a@b.example', password: 'x'.repeat(129) }, 'password'],
    [{ email: 42, password: 'long enough' }, 'email'],
    [[], 'whole'],
  ])('POST /signup %j', async (payload, field) => {
    const error = expectApiError(await postJson(t, '/signup', payload), 400);
    expect(error.message).toMatch(/^invalid body: /);
    expect(error.message).toContain(field);
  });

  it.each([
    [{ email: 'a@b.example', code: '12345' }, 'code'],
    [{ email: 'a@b.example', code: '12345a' }, 'code'],
    [{ email: 'a@b.example' }, 'code'],
  ])('POST /signup/complete %j', async (payload, field) => {
    expect(expectApiError(await postJson(t, '/signup/complete', payload), 400).message).toContain(field);
  });

  it('a body past 4 kB is 413, a form is 415, broken JSON is 400', async () => {
    expectApiError(await postJson(t, '/signup', { email: 'a@b.example', password: 'p'.repeat(5000) }), 413);
    expectApiError(await t.app.inject({ method: 'POST', url: `${AUTH}/signup`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a' }), 415);
    expectApiError(await t.app.inject({ method: 'POST', url: `${AUTH}/signup`, headers: { 'content-type': 'application/json' }, payload: '{"email":' }), 400);
  });

  it('details without a token is 401 with WWW-Authenticate: Bearer', async () => {
    const response = await details(t, {});
    expectApiError(response, 401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
  });
});
