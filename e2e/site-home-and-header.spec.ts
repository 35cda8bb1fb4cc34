import { expect, test, type Page } from '@playwright/test';

/**
 * The site's home page names what each shelf holds, and its header fits a phone: the sections and
 * the search box's placeholder are whole at 390 and 320 px wide, nothing cut at the edge.
 */

test('the home page\'s shelves name their type, and no two are named alike', async ({ page }) => {
  await page.goto('/');
  const shelves = page.locator('section.shelf h2 a');
  await expect(shelves.first()).toBeVisible();
  const titles = await shelves.allTextContents();
  expect(titles).toEqual(expect.arrayContaining(['Популярные сериалы', 'Популярные фильмы', 'Популярные мультфильмы', 'Новые фильмы', 'Новые сериалы']));
  expect(new Set(titles).size).toBe(titles.length);
  // Each shelf's list is named like its heading.
  await expect(page.getByRole('list', { name: 'Популярные сериалы' })).toBeVisible();
});

test('ratings are written the Russian way, with a decimal comma', async ({ page }) => {
  await page.goto('/');
  const ratings = page.locator('.card__rating');
  await expect(ratings.first()).toBeVisible();
  for (const text of await ratings.allTextContents()) expect(text.trim()).toMatch(/^★ \d{1,2},\d$/);
  await page.locator('article.card', { has: ratings }).first().locator('a.card__link').click();
  await expect(page.locator('.content__rating')).toContainText(/\d,\d/);
  await expect(page.locator('.content__rating')).not.toContainText(/\d\.\d/);
});

/** How the header's parts sit: every measure a cut would show. */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element) => element.getBoundingClientRect();
    const nav = document.querySelector('nav.sections')!;
    const input = document.querySelector<HTMLInputElement>('.search-box input')!;
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const placeholderWidth = context.measureText(input.placeholder).width;
    const textRoom = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const navBox = box(nav);
    return {
      viewport: document.documentElement.clientWidth,
      pageScrollWidth: document.documentElement.scrollWidth,
      header: { scrollWidth: document.querySelector('.site-header')!.scrollWidth, clientWidth: document.querySelector('.site-header')!.clientWidth },
      nav: { scrollWidth: nav.scrollWidth, clientWidth: nav.clientWidth },
      links: [...nav.querySelectorAll('a')].map((link) => {
        const linkBox = box(link);
        return { text: link.textContent, left: linkBox.left, right: linkBox.right, inNav: linkBox.left >= navBox.left - 0.5 && linkBox.right <= navBox.right + 0.5 };
      }),
      placeholder: { width: placeholderWidth, room: textRoom },
      inputRight: box(input).right,
      buttonRight: box(document.querySelector('.search-box button')!).right,
    };
  });
}

for (const viewport of [{ width: 390, height: 844 }, { width: 320, height: 568 }]) {
  test.describe(`a phone ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, isMobile: true, hasTouch: true });

    test('the header\'s sections and the search placeholder are whole, nothing cut or scrolled away', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Подборки' })).toBeVisible();
      const layout = await headerLayout(page);
      expect(layout.pageScrollWidth).toBeLessThanOrEqual(layout.viewport);
      expect(layout.header.scrollWidth).toBeLessThanOrEqual(layout.header.clientWidth);
      expect(layout.nav.scrollWidth, 'the sections row has nothing hidden past its edge').toBeLessThanOrEqual(layout.nav.clientWidth);
      expect(layout.links.map((link) => link.text)).toEqual(['Фильмы', 'Сериалы', 'Мультфильмы', 'Подборки']);
      for (const link of layout.links) {
        expect(link.inNav, `${link.text} inside the sections row`).toBe(true);
        expect(link.left).toBeGreaterThanOrEqual(0);
        expect(link.right).toBeLessThanOrEqual(layout.viewport);
      }
      expect(layout.placeholder.width, 'the placeholder fits its box').toBeLessThanOrEqual(layout.placeholder.room);
      expect(layout.buttonRight).toBeLessThanOrEqual(layout.viewport);
    });
  });
}
