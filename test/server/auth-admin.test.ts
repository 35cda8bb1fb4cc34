import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersPageSchema, userSchema, type Session } from '../../src/contract/schemas/auth-schema.ts';
import { expectApiError, expectJson, startTestApp, type TestApp } from './helpers.ts';
import {
  ADMIN_TOKEN, AUTH, bearer, covers, details, FIRST_ADMIN, login, newViewer, postJson, startAuthApp,
} from './auth-helpers.ts';

covers('POST /administration/users', 'POST /administration/block-user/{id}');

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await startAuthApp();
  admin = await login(t, FIRST_ADMIN.email, FIRST_ADMIN.password);
});
afterAll(() => t.close());

const usersPage = (body: object, headers: Record<string, string>) => postJson(t, '/administration/users', body, headers);
const block = (id: number | string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `${AUTH}/administration/block-user/${id}`, headers });

describe('the first administrator (ADMIN_EMAIL, ADMIN_PASSWORD)', () => {
  it('exists at start with the admin role', () => {
    expect(admin.user).toMatchObject({ email: FIRST_ADMIN.email, role: 'admin', status: 'active' });
  });

  it('promotes an existing account on the next start and keeps its password', async () => {
    const { email, password } = await newViewer(t);
    const restarted = await startAuthAppOn(t, { email, password: 'ignored-new-password' });
    try {
      expect((await login(restarted, email, password)).user.role).toBe('admin');
      expectApiError(await postJson(restarted, '/authentication', { email, password: 'ignored-new-password' }), 401);
    } finally {
      await restarted.close();
    }
  });
});

describe('roles: 401 without a valid token, 403 with the wrong role', () => {
  it('administration/users', async () => {
    const { session } = await newViewer(t);
    const anonymous = await usersPage({}, {});
    expectApiError(anonymous, 401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    const viewer = await usersPage({}, bearer(session.accessToken));
    expect(expectApiError(viewer, 403).message).toMatch(/administrator/);
    expect(viewer.headers['www-authenticate']).toContain('insufficient_scope');
    expectApiError(await usersPage({}, bearer('garbage')), 401);
    expectJson(await usersPage({}, bearer(admin.accessToken)), 200, usersPageSchema);
  });

  it('administration/block-user', async () => {
    const { session } = await newViewer(t);
    expectApiError(await block(session.user.id, {}), 401);
    expectApiError(await block(admin.user.id, bearer(session.accessToken)), 403);
  });
});

describe('POST /administration/users', () => {
  beforeAll(async () => {
    for (let index = 1; index <= 25; index++) {
      await t.db.query("INSERT INTO users (email, name, password_hash, status) VALUES ($1, $2, 'not-a-hash', 'active')", [
        `paged-${String(index).padStart(2, '0')}@paging.example`, `Paged User ${index}`,
      ]);
    }
  });

  it('pages by id with the total; past the end is an empty page', async () => {
    const page = (number: number) => usersPage({ page: number, pageSize: 10, query: 'paging.example' }, bearer(admin.accessToken));
    const first = expectJson(await page(1), 200, usersPageSchema);
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(first.items.map((user) => user.email)[0]).toBe('paged-01@paging.example');
    expect(first.items).toHaveLength(10);
    const third = expectJson(await page(3), 200, usersPageSchema);
    expect(third.items.map((user) => user.email)).toEqual([21, 22, 23, 24, 25].map((index) => `paged-${index}@paging.example`));
    expect(expectJson(await page(4), 200, usersPageSchema)).toMatchObject({ items: [], total: 25 });
  });

  it('matches the name too, case-insensitively; % and _ are plain characters', async () => {
    const byName = expectJson(await usersPage({ query: 'PAGED USER 2', pageSize: 100 }, bearer(admin.accessToken)), 200, usersPageSchema);
    expect(byName.total).toBe(7);
    expect(expectJson(await usersPage({ query: '%' }, bearer(admin.accessToken)), 200, usersPageSchema).total).toBe(0);
    expect(expectJson(await usersPage({ query: 'paged_0' }, bearer(admin.accessToken)), 200, usersPageSchema).total).toBe(0);
  });

  it('defaults to page 1 of 20 and never shows a password hash', async () => {
    const response = await usersPage({}, bearer(admin.accessToken));
    const page = expectJson(response, 200, usersPageSchema);
    expect(page).toMatchObject({ page: 1, pageSize: 20 });
    expect(response.body).not.toMatch(/hash|argon2/i);
  });

  it.each([
    [{ page: 0 }, 'page'],
    [{ pageSize: 101 }, 'pageSize'],
    [{ page: '1' }, 'page'],
    [{ query: '' }, 'query'],
    [{ query: 'a\u0007b' }, 'query'],
    [{ sort: 'email' }, 'sort'],
  ])('%j → 400 naming the field', async (body, field) => {
    expect(expectApiError(await usersPage(body, bearer(admin.accessToken)), 400).message).toContain(field);
  });
});

describe('POST /administration/block-user/{id}', () => {
  it('ends the account\'s sessions at once: its access and refresh tokens stop working, and it cannot log in', async () => {
    const { email, password, session } = await newViewer(t);
    const second = await login(t, email, password);
    // Both sessions are now in the guard's cache.
    expectJson(await details(t, bearer(session.accessToken)), 200, userSchema);
    expectJson(await details(t, bearer(second.accessToken)), 200, userSchema);

    const blocked = expectJson(await block(session.user.id, bearer(admin.accessToken)), 200, userSchema);
    expect(blocked).toMatchObject({ id: session.user.id, status: 'blocked' });

    expectApiError(await details(t, bearer(session.accessToken)), 401);
    expectApiError(await details(t, bearer(second.accessToken)), 401);
    expectApiError(await postJson(t, '/authentication/refresh', { refreshToken: second.refreshToken }), 401);
    expect(expectApiError(await postJson(t, '/authentication', { email, password }), 401).message).toBe('wrong email or password');
    const listed = expectJson(await usersPage({ query: email }, bearer(admin.accessToken)), 200, usersPageSchema);
    expect(listed.items[0]?.status).toBe('blocked');
  });

  it('an administrator cannot block themself; an unknown id is 404; a bad id is 400', async () => {
    expect(expectApiError(await block(admin.user.id, bearer(admin.accessToken)), 400).message).toMatch(/own account/);
    expectApiError(await block(999_999, bearer(admin.accessToken)), 404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) expect(expectApiError(await block(id, bearer(admin.accessToken)), 400).message).toContain('id');
  });
});

describe('the operator\'s pages take an administrator\'s access token as well as ADMIN_TOKEN', () => {
  const pages = ['/admin/analytics/data.json', '/admin/error-reports', '/admin/outbox'];

  it.each(pages)('%s', async (url) => {
    const { session } = await newViewer(t);
    expect((await t.app.inject({ url, headers: bearer(admin.accessToken) })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: bearer(ADMIN_TOKEN) })).statusCode).toBe(200);
    expectApiError(await t.app.inject({ url, headers: bearer(session.accessToken) }), 403);
    expectApiError(await t.app.inject({ url }), 401);
  });

  it('without ADMIN_TOKEN only an administrator opens them; anyone else finds them off (503)', async () => {
    const off = await startAuthAppOn(t, FIRST_ADMIN, { withAdminToken: false });
    try {
      const token = (await login(off, FIRST_ADMIN.email, FIRST_ADMIN.password)).accessToken;
      for (const url of pages) {
        expect((await off.app.inject({ url, headers: bearer(token) })).statusCode).toBe(200);
        expectApiError(await off.app.inject({ url }), 503);
      }
    } finally {
      await off.close();
    }
  });
});

/** A second app on the same database, as after a restart. */
function startAuthAppOn(on: TestApp, firstAdmin: { email: string; password: string }, { withAdminToken = true } = {}): Promise<TestApp> {
  return startTestApp({ adminToken: withAdminToken ? ADMIN_TOKEN : undefined, auth: { ...on.config.auth, firstAdmin } }, on.db);
}
