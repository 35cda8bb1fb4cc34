import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { embed, expectPlaysPast } from './helpers.ts';

// axe-core over the player as a viewer finds it: the controls shown (paused), and a menu open.
// WCAG 2.1 A and AA only; nothing excluded: what it reports is fixed in the widget.
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Each violation as "rule: the elements it found", so a failure says what to fix. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return results.violations.map((violation) => `${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The series, played a moment and paused: the controls stay shown while paused. */
async function pausedWithControls(page: Page): Promise<void> {
  await embed(page, '?movie_id=2&enabled_share');
  const video = page.locator('video.player__video');
  await expectPlaysPast(video, 1);
  await video.evaluate((element: HTMLVideoElement) => element.pause());
  await expect(page.locator('.controls--shown')).toBeVisible();
}

for (const [layout, options] of [
  ['the desktop bar', { viewport: { width: 960, height: 540 } }],
  ['a phone frame', { viewport: { width: 358, height: 201 }, hasTouch: true, isMobile: true }],
] as const) {
  test.describe(`accessibility of the widget: ${layout}`, () => {
    test.use(options);

    test('with the controls shown, no WCAG 2.1 A/AA violation', async ({ page }) => {
      await pausedWithControls(page);
      expect(await violations(page)).toEqual([]);
    });

    test('with the settings menu and its quality menu open, no WCAG 2.1 A/AA violation', async ({ page }) => {
      await pausedWithControls(page);
      await page.getByRole('button', { name: 'Настройки' }).click();
      await expect(page.getByRole('menu', { name: 'Настройки' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('menuitem', { name: /^Качество/ }).click();
      await expect(page.getByRole('menu', { name: 'Качество' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('with the share popup open, no WCAG 2.1 A/AA violation', async ({ page }) => {
      // A phone browser without the native share sheet gets the popup too.
      await page.addInitScript(() => {
        delete (Navigator.prototype as Partial<Navigator>).share;
      });
      await pausedWithControls(page);
      const share = page.getByRole('button', { name: 'Поделиться' });
      if (await share.isVisible()) await share.click();
      else {
        await page.getByRole('button', { name: 'Настройки' }).click();
        await page.getByRole('menuitem', { name: 'Поделиться' }).click();
      }
      await expect(page.getByRole('dialog', { name: 'Поделиться' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}
