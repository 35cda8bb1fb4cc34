import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { sessionHeaders, signUpOnSite } from './site-helpers.ts';

/**
 * The catalogue site's pages against WCAG 2.1 A and AA as axe-core checks them (contrast, names,
 * roles, structure): every page reports no violation. A content page is analysed with its
 * player's frame loaded (axe goes into it), as a visitor meets it.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SERIES_PAGE = '/contents/gorod-bez-karty';

/** axe's violations on the page as it stands: rule, impact and the elements, readable in a failure. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Opens `path` and waits until the page has shown what it loads (its h1 and no loading status). */
async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeAttached();
  await expect(page.getByText('Загрузка…')).toHaveCount(0);
  // A content page's player: its frame's document shows the title once it has loaded.
  if (path.startsWith('/contents/')) await expect(page.frameLocator('[data-testid="site-player"] iframe').getByRole('heading', { name: heading })).toBeVisible();
}

test.describe('the site\'s pages meet WCAG 2.1 A/AA', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  const pages: Array<[string, string, string | RegExp]> = [
    ['the home page', '/', 'Кино — фильмы и сериалы онлайн'],
    ['a type page', '/series', 'Все сериалы'],
    ['search results', '/search?q=город', 'Результаты поиска «город»'],
    ['a content page', SERIES_PAGE, 'Город без карты'],
    ['login', '/login', 'Вход'],
    ['signup', '/signup', 'Регистрация'],
    ['playlists', '/playlists', 'Подборки'],
    ['the not-found page', '/net-takoy-stranicy', 'Страница не найдена'],
  ];
  for (const [name, path, heading] of pages) {
    test(name, async ({ page }) => {
      await open(page, path, heading);
      expect(await violations(page)).toEqual([]);
    });
  }

  test('a person\'s page', async ({ page }) => {
    await open(page, SERIES_PAGE, 'Город без карты');
    const person = page.locator('a[href^="/persons/"]').first();
    const name = (await person.textContent()) ?? '';
    await person.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Загрузка…')).toHaveCount(0);
    expect(await violations(page)).toEqual([]);
  });

  test('a viewer\'s favourites and history', async ({ page }) => {
    await signUpOnSite(page, `a11y-${Date.now()}@kino.example`);
    // A visit puts the series in the history; the favourite goes in through the API.
    const visited = page.waitForResponse((response) => response.url().endsWith('/contents/2/history') && response.request().method() === 'POST');
    await open(page, SERIES_PAGE, 'Город без карты');
    expect((await visited).status()).toBe(200);
    expect((await page.request.post('/catalog-api/contents/favorites/2', { headers: await sessionHeaders(page) })).status()).toBe(200);
    await open(page, '/favourites', 'Избранное');
    await expect(page.getByRole('list', { name: 'Избранное' }).getByRole('listitem')).toHaveCount(1);
    expect(await violations(page)).toEqual([]);
    await open(page, '/history', 'История');
    await expect(page.getByRole('list', { name: 'Вы смотрели' }).getByRole('listitem')).toHaveCount(1);
    expect(await violations(page)).toEqual([]);
  });
});
