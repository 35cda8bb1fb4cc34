import { expect, test } from '@playwright/test';
import { expectPlaysPast } from './helpers.ts';

/** The demo catalogue's contents (server/db/demo-catalogue.json): ids 1 to 8. */
const DEMO_CONTENTS = 8;

test('the demo host page (/demo) embeds a player frame per demo content, and the first one plays', async ({ page }) => {
  await page.goto('/demo');
  const frames = page.locator('iframe');
  await expect(frames).toHaveCount(DEMO_CONTENTS);
  for (let id = 1; id <= DEMO_CONTENTS; id += 1) {
    await expect(frames.nth(id - 1)).toHaveAttribute('src', `/embed?movie_id=${id}&enabled_share`);
  }
  const first = page.frameLocator('iframe[src="/embed?movie_id=1&enabled_share"]');
  await expect(first.getByRole('heading', { name: 'Северный маяк' })).toBeVisible();
  await expectPlaysPast(first.locator('video'), 1);
  // The page hears the player: its episode, then its time.
  await expect(page.locator('output[data-movie-id="1"]')).toHaveText(/^Северный маяк · \d+ \/ \d+ с$/);
});
