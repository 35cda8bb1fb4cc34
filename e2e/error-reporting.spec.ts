import { expect, test, type Page, type Request } from '@playwright/test';
import { embed, expectPlaysPast } from './helpers.ts';
import { ADMIN_TOKEN, ERROR_DSN } from './playwright.config.ts';

/** The project label these tests give through the page global, so their reports are told apart. */
const PROJECT = 'e2e-error-reporting';

interface StoredReport {
  errorId: string | null;
  errorCode: string | null;
  project: string | null;
  level: string | null;
  itemTypes: string[];
  tags: Record<string, string>;
}

/** The page global names the DSN (the server writes the same one) and the project; every request is recorded. */
async function openWithReporting(page: Page, query: string): Promise<Request[]> {
  await page.addInitScript(
    ([dsn, project]) => {
      (window as unknown as Record<string, unknown>).__KINO_PLAYER_CONFIG__ = { errorDsn: dsn, errorProject: project };
      // When the first picture came, on the page's clock (media events do not bubble: capture them).
      document.addEventListener('loadeddata', () => ((window as unknown as Record<string, number>).__firstFrameAt ??= performance.now()), true);
    },
    [ERROR_DSN, PROJECT] as const,
  );
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await embed(page, query);
  return requests;
}

/** Everything went to the frame's own origin: no third-party request. */
function expectOwnOriginOnly(requests: readonly Request[], baseURL: string | undefined): void {
  const origin = new URL(baseURL ?? '').origin;
  const foreign = requests.map((request) => request.url()).filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin);
  expect(foreign).toEqual([]);
}

test.describe('error reporting (SPEC.md sections 1 and 8)', () => {
  test('a fatal stream error reaches the tunnel with the project, the code and the id the viewer saw', async ({ page, request, baseURL }) => {
    // Every playlist and segment of the film fails, for every engine that tries it.
    await page.route(/\/media\/films\/1\/.*\.(m3u8|ts|m4s|mp4|mpd)$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    const requests = await openWithReporting(page, '?movie_id=1');
    const card = page.getByRole('alert');
    await expect(card).toContainText('Идентификатор ошибки: ');
    const id = /Идентификатор ошибки: (\S+)$/.exec((await card.locator('p').textContent()) ?? '')?.[1] ?? '';
    expect(id).toMatch(/^[0-9a-f]{8}$/);

    const reportOf = async () => {
      const response = await request.get('/admin/error-reports', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { reports: StoredReport[] }).reports.find((report) => report.errorId === id);
    };
    await expect.poll(reportOf).toBeDefined();
    const report = await reportOf();
    expect(report).toMatchObject({ project: PROJECT, errorCode: '4', level: 'fatal', itemTypes: ['event'] });
    expect(report!.tags).toMatchObject({ project: PROJECT, error_id: id, error_code: '4' });
    // Replay comes after the fatal error, from our own bundle.
    expect(requests.some((sent) => /\/assets\/session-replay-[\w-]+\.js$/.test(sent.url()))).toBe(true);
    expect(requests.filter((sent) => sent.url().endsWith('/error-tunnel')).length).toBeGreaterThan(0);
    expectOwnOriginOnly(requests, baseURL);
  });

  test('a normal start requests no Sentry code before the first frame, and no replay at all', async ({ page, request, baseURL }) => {
    const requests = await openWithReporting(page, '?movie_id=1');
    await expectPlaysPast(page.locator('video'), 1);
    // The reporter comes after the first picture: wait until it has been asked for.
    const reporterAt = () =>
      page.evaluate(() => performance.getEntriesByType('resource').find((entry) => /\/assets\/error-reporter-[\w-]+\.js$/.test(entry.name))?.startTime);
    await expect.poll(reporterAt).toBeDefined();
    const firstFrameAt = await page.evaluate(() => (window as unknown as Record<string, number>).__firstFrameAt ?? 0);
    expect(firstFrameAt).toBeGreaterThan(0);
    expect(await reporterAt()).toBeGreaterThanOrEqual(firstFrameAt);

    // Every script the page fetched before its first frame is free of Sentry's code.
    const before = await page.evaluate(
      (until) => performance.getEntriesByType('resource').filter((entry) => entry.startTime < until && /\.js(\?|$)/.test(entry.name)).map((entry) => entry.name),
      firstFrameAt,
    );
    expect(before.length).toBeGreaterThan(0);
    for (const url of before) {
      expect(await (await request.get(url)).text(), url).not.toContain('__SENTRY__');
    }
    expect(requests.some((sent) => /session-replay/.test(sent.url()))).toBe(false);
    expect(requests.some((sent) => sent.url().endsWith('/error-tunnel'))).toBe(false);
    expectOwnOriginOnly(requests, baseURL);
  });
});
