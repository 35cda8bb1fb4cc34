import { expect, test } from '@playwright/test';
import { sessionHeaders, signUpOnSite } from './site-helpers.ts';

/**
 * What the site shows of a viewer comes from that viewer: a first-time visitor sees no episode as
 * watched, and the favourite button knows a favourite however many newer ones the viewer has.
 */

const SERIES_PAGE = '/contents/gorod-bez-karty';
const SERIES_ID = 2;

test('a first-time visitor, not logged in, sees no episode marked watched, and the player opens the first', async ({ page }) => {
  // The test's own context is new: no cookies, no storage, nobody logged in.
  expect(await page.context().cookies()).toEqual([]);
  await page.goto(SERIES_PAGE);
  const episodes = page.getByRole('list', { name: '1 сезон' });
  await expect(episodes.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('просмотрено')).toHaveCount(0);
  // With nothing watched, the player opens the series' first episode and the list marks it.
  await expect(episodes.getByRole('button', { name: /^1 серия/ })).toHaveAttribute('aria-current', 'true');
});

test('the favourite button knows a favourite added before a hundred newer ones', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpOnSite(page, `many-favourites-${Date.now()}@kino.example`);
  const headers = await sessionHeaders(page);
  const add = async (id: number) => expect((await page.request.post(`/catalog-api/contents/favorites/${id}`, { headers })).status()).toBe(200);
  // The series first, then 100 newer favourites: the series is the 101st newest.
  await add(SERIES_ID);
  const listing = await page.request.post('/catalog-api/v2/contents', { data: { page: 1, pageSize: 100, sort: 'title' } });
  const others = ((await listing.json()) as { items: { id: number }[] }).items.map((card) => card.id).filter((id) => id !== SERIES_ID);
  expect(others.length).toBeGreaterThanOrEqual(100);
  for (const id of others.slice(0, 100)) await add(id);

  await page.goto(SERIES_PAGE);
  await expect(page.getByRole('button', { name: '★ В избранном' })).toHaveAttribute('aria-pressed', 'true');
  // And taken out, it says so.
  await page.getByRole('button', { name: '★ В избранном' }).click();
  await expect(page.getByRole('button', { name: '☆ В избранное' })).toHaveAttribute('aria-pressed', 'false');
});
