import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../server/config.ts';
import { ABUSE_REASONS, abuseReportCreatedSchema, abuseReportListSchema, type AbuseReportBody } from '../../src/contract/schemas/site-schema.ts';
import { bearer, FIRST_ADMIN, login, newViewer, startAuthApp } from './auth-helpers.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, expectApiError, expectJson, startTestApp, type TestApp } from './helpers.ts';

coversCatalogue('POST /abuse/new');

let t: TestApp;
let admin: Record<string, string>;
let viewer: Record<string, string>;
beforeAll(async () => {
  t = await startAuthApp({}, { dataDir: 'memory://', abuseRateLimit: 0 });
  admin = bearer((await login(t, FIRST_ADMIN.email, FIRST_ADMIN.password)).accessToken);
  viewer = bearer((await newViewer(t)).session.accessToken);
});
afterAll(() => t.close());

const report = (app: TestApp, payload: unknown, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: `${API}/abuse/new`, payload: payload as object, headers: { 'content-type': 'application/json', ...headers } });

/** A series' episode, read from the database, so the test follows the catalogue. */
async function seriesEpisode(): Promise<{ contentId: number; episodeId: number }> {
  const [row] = await t.db.query<{ content_id: number; id: number }>(
    "SELECT e.content_id, e.id FROM episodes e JOIN contents c ON c.id = e.content_id WHERE c.content_type = 'series' ORDER BY e.id LIMIT 1",
  );
  if (!row) throw new Error('no series episode');
  return { contentId: row.content_id, episodeId: row.id };
}

describe('POST /catalog-api/abuse/new', () => {
  it('stores a report about an episode and answers 201 with its id and time', async () => {
    const { contentId, episodeId } = await seriesEpisode();
    const body: AbuseReportBody = { contentId, episodeId, reason: 'broken', message: 'Звук пропадает на 10-й минуте', email: 'viewer@kino.example' };
    const started = Date.now();
    const created = expectJson(await report(t, body), 201, abuseReportCreatedSchema);
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(started - 1000);
    const listed = expectJson(await t.app.inject({ url: `${API}/admin/abuse-reports`, headers: admin }), 200, abuseReportListSchema);
    expect(listed.items.find((item) => item.id === created.id)).toEqual({ id: created.id, ...body, createdAt: created.createdAt });
  });

  it('takes every reason, and a content without an episode, message or email', async () => {
    for (const reason of ABUSE_REASONS) {
      const created = expectJson(await report(t, { contentId: 1, reason }), 201, abuseReportCreatedSchema);
      const [row] = await t.db.query<{ reason: string; episode_id: number | null; message: string; email: string | null }>(
        'SELECT reason, episode_id, message, email FROM abuse_reports WHERE id = $1', [created.id],
      );
      expect(row).toEqual({ reason, episode_id: null, message: '', email: null });
    }
  });

  it('answers 400 naming the field for a bad reason, a long message, a bad email, a missing content, an extra field or a body that is not JSON', async () => {
    const cases: [unknown, RegExp][] = [
      [{ contentId: 1, reason: 'boring' }, /reason/],
      [{ contentId: 1, reason: 'spam', message: 'x'.repeat(2001) }, /message/],
      [{ contentId: 1, reason: 'spam', email: 'not-an-email' }, /email/],
      [{ reason: 'spam' }, /contentId/],
      [{ contentId: '1', reason: 'spam' }, /contentId/],
      [{ contentId: 1, reason: 'spam', admin: true }, /admin/],
    ];
    for (const [payload, field] of cases) expect(expectApiError(await report(t, payload), 400).message).toMatch(field);
    expectApiError(await t.app.inject({ method: 'POST', url: `${API}/abuse/new`, payload: 'reason=spam', headers: { 'content-type': 'text/plain' } }), 400);
  });

  it('answers 404 for an unknown content, and for an episode of another content or none', async () => {
    const { contentId, episodeId } = await seriesEpisode();
    expect(expectApiError(await report(t, { contentId: 999_999, reason: 'spam' }), 404).message).toMatch(/content 999999/);
    const other = contentId === 1 ? 3 : 1;
    expect(expectApiError(await report(t, { contentId: other, episodeId, reason: 'spam' }), 404).message).toMatch(new RegExp(`episode ${episodeId}`));
    expectApiError(await report(t, { contentId, episodeId: 999_999, reason: 'spam' }), 404);
    const [{ count }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM abuse_reports WHERE content_id IN (999999) OR episode_id = 999999') as [{ count: number }];
    expect(count).toBe(0);
  });

  it('takes ABUSE_RATE_LIMIT reports a minute from one client, then 429 with Retry-After', async () => {
    const limited = await startTestApp({ dataDir: 'memory://', abuseRateLimit: 2 }, t.db);
    try {
      for (let i = 0; i < 2; i++) expect((await report(limited, { contentId: 1, reason: 'spam' })).statusCode).toBe(201);
      const refused = await report(limited, { contentId: 1, reason: 'spam' });
      expectApiError(refused, 429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Only this route is counted: the catalogue still answers the same client.
      expect((await limited.app.inject(`${API}/contents/1`)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /catalog-api/admin/abuse-reports', () => {
  it('lists the newest first, at most `limit`', async () => {
    const first = expectJson(await report(t, { contentId: 1, reason: 'other', message: 'первая' }), 201, abuseReportCreatedSchema);
    const second = expectJson(await report(t, { contentId: 1, reason: 'other', message: 'вторая' }), 201, abuseReportCreatedSchema);
    const listed = expectJson(await t.app.inject({ url: `${API}/admin/abuse-reports?limit=2`, headers: admin }), 200, abuseReportListSchema);
    expect(listed.items.map((item) => item.id)).toEqual([second.id, first.id]);
  });

  it('is for administrators: 401 without a token, 403 for a viewer, 400 for a bad limit', async () => {
    expectApiError(await t.app.inject(`${API}/admin/abuse-reports`), 401);
    expectApiError(await t.app.inject({ url: `${API}/admin/abuse-reports`, headers: viewer }), 403);
    expectApiError(await t.app.inject({ url: `${API}/admin/abuse-reports?limit=0`, headers: admin }), 400);
    expectApiError(await t.app.inject({ url: `${API}/admin/abuse-reports?limit=many`, headers: admin }), 400);
  });
});

describe('ABUSE_RATE_LIMIT', () => {
  it('defaults to 10 reports a minute; 0 turns the limit off; words are refused', () => {
    expect(loadServerConfig({}).abuseRateLimit).toBe(10);
    expect(loadServerConfig({ ABUSE_RATE_LIMIT: '0' }).abuseRateLimit).toBe(0);
    expect(() => loadServerConfig({ ABUSE_RATE_LIMIT: 'lots' })).toThrow(/ABUSE_RATE_LIMIT/);
  });
});
