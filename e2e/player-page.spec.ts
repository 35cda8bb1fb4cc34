import { expect, test } from '@playwright/test';
import { embed, expectPlaysPast, useApiElsewhere } from './helpers.ts';

test.describe('the player page (/embed)', () => {
  test('shows the series title and plays its first episode', async ({ page }) => {
    await embed(page, '?movie_id=2');
    await expect(page.getByRole('heading', { name: 'Город без карты' })).toBeVisible();
    await expectPlaysPast(page.locator('video'), 1.5);
  });

  test('shows the manifest URL when the manifest is missing (content 5)', async ({ page, baseURL }) => {
    await embed(page, '?movie_id=5');
    await expect(page.getByRole('alert')).toHaveText(`Ошибка в загрузке: ${baseURL}/catalog-api/manifests/episodes/501.json`);
  });

  for (const query of ['', '?movie_id=abc', '?movie_id=1.5', '?episode_id=201']) {
    test(`says movie_id is missing for "${query}"`, async ({ page }) => {
      await embed(page, query);
      await expect(page.getByRole('alert')).toHaveText('Пропущен movie_id в запросе');
    });
  }

  test('a very long address plays, and the availability call sends only its origin and path', async ({ page, baseURL }) => {
    // The call itself, not the document's answer to it: the API is configured on another origin.
    await useApiElsewhere(page, baseURL);
    const domains: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/available')) domains.push(url.searchParams.get('domain') ?? '');
    });
    await embed(page, `?movie_id=1&lang_order=${'x'.repeat(2100)}`);
    await expect(page.getByRole('heading', { name: 'Северный маяк' })).toBeVisible();
    await expectPlaysPast(page.locator('video'), 1);
    expect(domains).toEqual([`${baseURL}/embed`]);
  });

  test('before the controls are drawn, the poster and a play button show, never the browser\'s controls', async ({ page, baseURL }) => {
    // The UI chunk is held back, as on a slow link: the document alone must do.
    let releaseUi = () => {};
    const uiHeld = new Promise<void>((resolve) => (releaseUi = resolve));
    await page.route(/\/assets\/render-ui-[\w-]+\.js$/, async (route) => {
      await uiHeld;
      await route.continue();
    });
    await embed(page, '?movie_id=1');
    const video = page.locator('video');
    await expect(video).toHaveJSProperty('controls', false);
    await expect(video).toHaveAttribute('poster', `${baseURL}/catalog-api/media/posters/content-1.jpg`);
    const start = page.getByRole('button', { name: 'Воспроизвести' });
    await expect(start).toBeVisible();
    await video.evaluate((element: HTMLVideoElement) => (element.muted = true));
    await start.click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
    await expect(start).toHaveCount(0);
    releaseUi();
    await expect(page.locator('.controls')).toBeAttached();
    await expect(video).toHaveJSProperty('controls', false);
  });

  test('a malformed setting shows the generic error with a traceable id and "Перезагрузить страницу"', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await embed(page, '?movie_id=1&engine=bogus');
    const card = page.getByRole('alert');
    await expect(card).toContainText('К сожалению, произошла ошибка, попробуйте перезагрузите страницу. Идентификатор ошибки: ');
    const id = /Идентификатор ошибки: (\S+)$/.exec((await card.locator('p').textContent()) ?? '')?.[1] ?? '';
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(logged.some((line) => line.includes(`player error ${id}`))).toBe(true);
    await expect(page.getByRole('button', { name: 'Воспроизвести' })).toHaveCount(0);
    const reloaded = page.waitForEvent('framenavigated');
    await card.getByRole('button', { name: 'Перезагрузить страницу' }).click();
    await reloaded;
    await expect(page.getByRole('alert')).toBeVisible();
  });

  test('says the content is not available for an unknown id', async ({ page }) => {
    await embed(page, '?movie_id=999');
    await expect(page.getByRole('alert')).toHaveText('Контент не доступен');
  });

  // The id is there: no content can have it, as with an unknown one.
  for (const id of ['99999999999', '2147483648', '0', '-3']) {
    test(`says the content is not available for movie_id=${id}, an integer out of the ids' range`, async ({ page }) => {
      await embed(page, `?movie_id=${id}`);
      await expect(page.getByRole('alert')).toHaveText('Контент не доступен');
    });
  }

  test('takes movie_id from the page global when the query has none', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as Record<string, unknown>).__KINO_PLAYER_CONFIG__ = { movieId: 1 };
    });
    await embed(page, '');
    await expect(page.getByRole('heading', { name: 'Северный маяк' })).toBeVisible();
  });
});
