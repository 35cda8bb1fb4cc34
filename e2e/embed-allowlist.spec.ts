import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectPlaysPast } from './helpers.ts';
import { ADMIN_TOKEN } from './playwright.config.ts';

// The operator's allowlist of host sites, in a real browser: a generated content no other spec
// opens is allowed on partner.test only; other.test gets the refusal card and its message.
//
// The host pages come from a small server of the test's own on this machine, named by the .test
// names the browser maps here. Not from page.route: a fulfilled page has no address, so
// Chromium's Local Network Access counts it as a public site and blocks its frame of a server on
// this machine before our answer is seen. Plain http to http, so the browser sends the Referer
// by its default policy, as a host site's page does.
const CONTENT_ID = 4321;
const ORIGINS = '/catalog-api/admin/embed-origins';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

interface Received {
  origin: string;
  data: unknown;
}

/** A host site's page framing the player; it keeps every message it hears in window.received. */
function hostPage(baseURL: string): string {
  return `<!doctype html><html><head><title>host</title>
    <script>
      window.received = [];
      addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
    </script></head>
    <body><iframe src="${baseURL}/embed?movie_id=${CONTENT_ID}" width="800" height="450" allow="autoplay; fullscreen"></iframe></body></html>`;
}

const receivedOn = (page: Page) => page.evaluate(() => (window as unknown as { received: Received[] }).received);

test.describe('a content allowed on one partner site', () => {
  // One worker for both: the entry is added once and removed after the last of them.
  test.describe.configure({ mode: 'serial' });
  let entryId: number | undefined;
  let hosts: Server | undefined;
  let partner = '';
  let other = '';

  test.beforeAll(async ({ request, baseURL }) => {
    const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage(baseURL!)));
    hosts = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    partner = `http://partner.test:${port}`;
    other = `http://other.test:${port}`;
    const response = await request.post(ORIGINS, { headers: admin, data: { origin: partner, contentId: CONTENT_ID } });
    expect(response.status(), await response.text()).toBe(201);
    entryId = ((await response.json()) as { id: number }).id;
  });

  test.afterAll(async ({ request }) => {
    await new Promise((resolve) => (hosts ? hosts.close(resolve) : resolve(undefined)));
    if (entryId !== undefined) expect((await request.delete(`${ORIGINS}/${entryId}`, { headers: admin })).status()).toBe(200);
  });

  test('plays in the frame on the partner\'s site', async ({ page }) => {
    await page.goto(`${partner}/watch`);
    const frame = page.frameLocator('iframe');
    await expectPlaysPast(frame.locator('video'), 1);
    expect((await receivedOn(page)).some(({ data }) => (data as { type?: string }).type === 'embedRefused')).toBe(false);
  });

  test('shows the refusal card on another site, with no player, and tells the host page why', async ({ page, baseURL }) => {
    await page.goto(`${other}/watch`);
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('heading', { name: 'Плеер недоступен на этом сайте' })).toBeVisible();
    const line = `Владелец плеера не разрешил показывать его на ${new URL(other).host}.`;
    await expect(frame.getByText(line)).toBeVisible();
    await expect(frame.locator('video')).toHaveCount(0);
    await expect.poll(() => receivedOn(page)).toEqual([{
      origin: baseURL,
      data: { source: 'kino-player', version: 1, type: 'embedRefused', payload: { code: 'NotAllowedError', message: line } },
    }]);
  });
});
