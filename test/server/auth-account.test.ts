import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionResultSchema, restoreVisitResultSchema, sessionSchema, userSchema } from '../../src/contract/schemas/auth-schema.ts';
import { expectApiError, expectJson, type TestApp } from './helpers.ts';
import { AUTH, awaitMail, bearer, covers, details, login, newViewer, outboxFor, postJson, startAuthApp, uniqueEmail } from './auth-helpers.ts';

covers(
  'PATCH /user/rename',
  'POST /user/password/change',
  'POST /user/password/restore/init',
  'PUT /user/password/restore/visit-link',
  'POST /user/password/restore',
);

let t: TestApp;
beforeAll(async () => {
  t = await startAuthApp();
});
afterAll(() => t.close());

const rename = (query: string, headers: Record<string, string>) => t.app.inject({ method: 'PATCH', url: `${AUTH}/user/rename${query}`, headers });
const visit = (token: string) => t.app.inject({ method: 'PUT', url: `${AUTH}/user/password/restore/visit-link`, payload: { token } });

describe('PATCH /user/rename?name=', () => {
  it('renames the caller and answers the user', async () => {
    const { session } = await newViewer(t);
    const renamed = expectJson(await rename(`?name=${encodeURIComponent('Кино Зритель')}`, bearer(session.accessToken)), 200, userSchema);
    expect(renamed.name).toBe('Кино Зритель');
    expect(expectJson(await details(t, bearer(session.accessToken)), 200, userSchema).name).toBe('Кино Зритель');
  });

  it.each([
    ['', 'name'],
    ['?name=', 'name'],
    ['?name=a&name=b', 'name'],
    [`?name=${'x'.repeat(101)}`, 'name'],
    ['?name=ok&role=admin', 'role'],
  ])('%s → 400 naming the field', async (query, field) => {
    const { session } = await newViewer(t);
    expect(expectApiError(await rename(query, bearer(session.accessToken)), 400).message).toContain(field);
  });

  it('a control character in the name is refused', async () => {
    const { session } = await newViewer(t);
    expectApiError(await rename('?name=a%0Ab', bearer(session.accessToken)), 400);
  });

  it('without a token is 401', async () => {
    expectApiError(await rename('?name=x', {}), 401);
  });
});

describe('POST /user/password/change', () => {
  it('needs the current password; the other sessions end at once, the caller\'s stays', async () => {
    const { email, password, session: mine } = await newViewer(t);
    const other = await login(t, email, password);
    expectJson(await details(t, bearer(other.accessToken)), 200, userSchema);

    const change = (body: object) => postJson(t, '/user/password/change', body, bearer(mine.accessToken));
    expect(expectApiError(await change({ oldPassword: 'not it at all', newPassword: 'brand new password' }), 400).message).toContain('oldPassword');
    expectApiError(await change({ oldPassword: password, newPassword: 'short' }), 400);
    expect(expectJson(await change({ oldPassword: password, newPassword: 'brand new password' }), 200, actionResultSchema)).toEqual({ status: 'changed' });

    expectApiError(await details(t, bearer(other.accessToken)), 401);
    expectApiError(await postJson(t, '/authentication/refresh', { refreshToken: other.refreshToken }), 401);
    expectJson(await details(t, bearer(mine.accessToken)), 200, userSchema);
    expectJson(await postJson(t, '/authentication/refresh', { refreshToken: mine.refreshToken }), 200, sessionSchema);
    expectApiError(await postJson(t, '/authentication', { email, password }), 401);
    await login(t, email, 'brand new password');
    await awaitMail(t, email, 'password-changed');
  });

  it('without a token is 401', async () => {
    expectApiError(await postJson(t, '/user/password/change', { oldPassword: 'a', newPassword: 'bbbbbbbb' }), 401);
  });
});

describe('password restore: init → mailed link → visit-link → restore', () => {
  it('works once, ends every session and takes the new password', async () => {
    const { email, session } = await newViewer(t);
    const init = await postJson(t, '/user/password/restore/init', { email });
    expect(init.statusCode).toBe(202);
    expect(actionResultSchema.parse(init.json())).toEqual({ status: 'accepted' });

    const mail = await awaitMail(t, email, 'restore-link');
    const token = /#restore-token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    expect(mail.text).toMatch(/^http:\/\/127\.0\.0\.1:8080\/#restore-token=/m);
    expect(expectJson(await visit(token), 200, restoreVisitResultSchema)).toEqual({ email });
    // Visiting does not use the link up.
    expectJson(await visit(token), 200, restoreVisitResultSchema);

    const restore = await postJson(t, '/user/password/restore', { token, password: 'restored password' });
    expect(expectJson(restore, 200, actionResultSchema)).toEqual({ status: 'changed' });
    expectApiError(await details(t, bearer(session.accessToken)), 401);
    expectApiError(await postJson(t, '/authentication/refresh', { refreshToken: session.refreshToken }), 401);
    await login(t, email, 'restored password');

    expectApiError(await visit(token), 400);
    expectApiError(await postJson(t, '/user/password/restore', { token, password: 'yet another one' }), 400);
  });

  it('answers the same for an address with no account, and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const init = await postJson(t, '/user/password/restore/init', { email });
    expect(init.statusCode).toBe(202);
    expect(init.json()).toEqual({ status: 'accepted' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await outboxFor(t, email)).toEqual([]);
  });

  it('mails one link a minute per account, however often the form is sent', async () => {
    const { email } = await newViewer(t);
    for (let sent = 0; sent < 3; sent++) expect((await postJson(t, '/user/password/restore/init', { email })).statusCode).toBe(202);
    await awaitMail(t, email, 'restore-link');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await outboxFor(t, email)).filter((message) => message.kind === 'restore-link')).toHaveLength(1);
  });

  it.each([
    ['an unknown token', { token: 'A'.repeat(43) }, 400],
    ['a short token', { token: 'abc' }, 400],
    ['a token with other characters', { token: `${'a'.repeat(20)}/../` }, 400],
    ['no token', {}, 400],
  ])('visit-link with %s → %i', async (_what, body, status) => {
    expectApiError(await t.app.inject({ method: 'PUT', url: `${AUTH}/user/password/restore/visit-link`, payload: body }), status);
  });

  it('restore with a weak password is 400 and leaves the link usable', async () => {
    const { email } = await newViewer(t);
    await postJson(t, '/user/password/restore/init', { email });
    const token = /#restore-token=([\w-]+)/.exec((await awaitMail(t, email, 'restore-link')).text)?.[1] ?? '';
    expect(expectApiError(await postJson(t, '/user/password/restore', { token, password: 'short' }), 400).message).toContain('password');
    expectJson(await visit(token), 200, restoreVisitResultSchema);
  });
});
