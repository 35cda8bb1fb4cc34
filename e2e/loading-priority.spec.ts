import { expect, test } from '@playwright/test';
import { embed, expectPlaysPast } from './helpers.ts';
import { ERROR_DSN } from './playwright.config.ts';

/**
 * The chunks asked for after the first picture are fetched at Chromium's Low priority, so they
 * never take the link from the film (src/ui/loading/quiet-import.ts). Read through the DevTools
 * protocol: what Chromium decided, not what the page asked for.
 */
test('after the first picture the UI, page services, analytics and the error reporter are fetched at Low priority; the entry and the engine are not', async ({ page }) => {
  await page.addInitScript((dsn) => {
    (window as unknown as Record<string, unknown>).__KINO_PLAYER_CONFIG__ = { errorDsn: dsn };
  }, ERROR_DSN);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const priorities = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', ({ request }) => {
    const file = /\/assets\/([\w.-]+?)-[\w-]{8}\.(js|css)$/.exec(new URL(request.url).pathname);
    if (file) priorities.set(`${file[1]}.${file[2]}`, request.initialPriority);
  });
  await embed(page, '?movie_id=1&auto_play=true');
  await expectPlaysPast(page.locator('video'), 1);
  // The controls are drawn: the UI chunk and its style arrived.
  await expect(page.locator('.control-bar')).toBeAttached();
  await expect.poll(() => priorities.get('page-services.js')).toBe('Low');
  // Analytics and the reporter come once the buffer is safe: 10 s after the first picture at the latest.
  await expect.poll(() => priorities.get('start-analytics.js'), { timeout: 20_000 }).toBe('Low');
  await expect.poll(() => priorities.get('error-reporter.js'), { timeout: 20_000 }).toBe('Low');
  expect(priorities.get('render-ui.js')).toBe('Low');
  expect(['Low', 'VeryLow']).toContain(priorities.get('render-ui.css'));
  // Its style applies: the bar is laid out as the stylesheet says, not in the document's flow.
  await expect(page.locator('.control-bar')).toHaveCSS('position', 'absolute');
  // What the first picture needs keeps its priority.
  expect(priorities.get('embed.js')).not.toBe('Low');
  expect(priorities.get('mse-adapter.js')).not.toBe('Low');
});
