import { expect, test, type Locator, type Page } from '@playwright/test';
import { embed, expectPlaysPast, clickControl, useApiElsewhere } from './helpers.ts';

const episodeLine = (page: Page) => page.getByTestId('episode-line');

/** Resolves with the media time of the next frame the element presents. */
function nextFrameTime(video: Locator): Promise<number> {
  return video.evaluate((element: HTMLVideoElement) => new Promise<number>((resolve) => {
    element.requestVideoFrameCallback((_now, meta) => resolve(meta.mediaTime));
  }));
}

/** Watches a few seconds of the series' first episode (a new viewer's), then pauses: the pause saves the time. */
async function watchAndPause(page: Page): Promise<number> {
  await embed(page, '?movie_id=2');
  const video = page.locator('video');
  await expectPlaysPast(video, 3);
  return video.evaluate((element: HTMLVideoElement) => {
    element.pause();
    return element.currentTime;
  });
}

test.describe('resume, next episode, share, host messages', () => {
  test('progress survives a reload, and "Продолжить просмотр" goes on from there', async ({ page }) => {
    const stoppedAt = await watchAndPause(page);
    await page.reload();
    const resume = page.getByRole('dialog', { name: /^Вы остановились на 0:00:0\d$/ });
    // The window rounds the saved time (formatTimeCode), which is the last time update before the pause: either second.
    await expect(resume).toHaveAccessibleName(new RegExp(`^Вы остановились на 0:00:0[${Math.floor(stoppedAt)}${Math.round(stoppedAt)}]$`));
    const video = page.locator('video');
    await page.getByRole('button', { name: 'Продолжить просмотр' }).click();
    await expect(resume).toBeHidden();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
    expect(await nextFrameTime(video)).toBeGreaterThan(stoppedAt - 0.5);
  });

  test('"Начать сначала" plays from the beginning', async ({ page }) => {
    await watchAndPause(page);
    await page.reload();
    const video = page.locator('video');
    await page.getByRole('button', { name: 'Начать сначала' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
    expect(await nextFrameTime(video)).toBeLessThan(1.5);
  });

  /** Watches film 1 from `seconds` for a moment, then pauses: the pause saves the time. */
  async function watchFilmTo(page: Page, seconds: number): Promise<Locator> {
    await embed(page, '?movie_id=1');
    const video = page.locator('video');
    await expectPlaysPast(video, 0.5);
    await video.evaluate((element: HTMLVideoElement, to) => {
      element.currentTime = to;
    }, seconds);
    await expectPlaysPast(video, seconds + 1);
    await video.evaluate((element: HTMLVideoElement) => element.pause());
    return video;
  }

  test('after "Начать сначала", a reload offers the new place, not the old one', async ({ page }) => {
    const video = await watchFilmTo(page, 21);
    await page.reload();
    await expect(page.getByRole('dialog', { name: /^Вы остановились на 0:00:2\d$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Начать сначала' }).click();
    await expectPlaysPast(video, 4);
    // Left while playing, well inside the 10 s save throttle: the page going away saves the place.
    const leftAt = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    await page.reload();
    const resume = page.getByRole('dialog', { name: /^Вы остановились на / });
    await expect(resume).toBeVisible();
    const offered = Number(/Вы остановились на 0:00:(\d\d)/.exec((await resume.textContent()) ?? '')?.[1]);
    expect(Math.abs(offered - leftAt)).toBeLessThanOrEqual(1.5);
  });

  test('a time code skips the resume window and starts there', async ({ page }) => {
    await watchAndPause(page);
    await embed(page, '?movie_id=2&t=12');
    const video = page.locator('video');
    await expect(episodeLine(page)).toHaveText('1 сезон, 1 серия. Пилот');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThanOrEqual(11.5);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('with auto_play, a time code far into a long film plays from there', async ({ page }) => {
    // Film 4 runs 31 minutes: the playhead's start must reach the engine before any play does.
    await embed(page, '?movie_id=4&auto_play&t=925');
    const video = page.locator('video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(925.5);
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
  });

  /** Plays S1E2 of the series to its last second: the card comes at the end. */
  async function playToEnd(page: Page, query = ''): Promise<Locator> {
    await embed(page, `?movie_id=2&episode_id=202${query}`);
    const video = page.locator('video');
    await expectPlaysPast(video, 1);
    await video.evaluate((element: HTMLVideoElement) => {
      element.currentTime = element.duration - 1;
    });
    return video;
  }

  test('at the end of an episode the card counts down from 5 with the ended episode named, then the next one plays', async ({ page }) => {
    const video = await playToEnd(page);
    const card = page.getByRole('dialog', { name: 'Следующий эпизод' });
    await expect(card).toContainText('Эпизод 3');
    await expect(card.getByTestId('next-episode-countdown')).toHaveText('Начнётся через 5 с');
    // While it counts, the overlay still names the episode that ended.
    await expect(episodeLine(page)).toHaveText('1 сезон, 2 серия. Перекрёсток');
    await expect(card.getByTestId('next-episode-countdown')).toHaveText('Начнётся через 3 с');
    await expect(episodeLine(page)).toHaveText('1 сезон, 2 серия. Перекрёсток');
    await expect(episodeLine(page)).toHaveText('1 сезон, 3 серия.', { timeout: 20_000 });
    await expectPlaysPast(video, 1);
    await expect(card).toHaveCount(0);
  });

  test('"Смотреть" on the card plays the next episode at once', async ({ page }) => {
    const video = await playToEnd(page, '&next_episode_countdown=60');
    const card = page.getByRole('dialog', { name: 'Следующий эпизод' });
    await expect(card.getByTestId('next-episode-countdown')).toHaveText('Начнётся через 60 с');
    await card.getByRole('button', { name: 'Смотреть', exact: true }).click();
    await expect(episodeLine(page)).toHaveText('1 сезон, 3 серия.');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
    await expect(card).toHaveCount(0);
  });

  test('"Отмена" on the card keeps the ended episode, and nothing opens later', async ({ page }) => {
    // The jump lands in the episode's credits: their card counts down from there, and at the end
    // its way out is 'Отмена' (before it, 'Смотреть титры').
    await playToEnd(page, '&next_episode_countdown=5');
    const card = page.getByRole('dialog', { name: 'Следующий эпизод' });
    await card.getByRole('button', { name: 'Отмена' }).click();
    await expect(card).toHaveCount(0);
    await expect(page.locator('.controls')).toBeVisible();
    // Past the 5 s it would have waited, the ended episode is still the one on screen.
    await page.waitForFunction(() => new Promise((resolve) => setTimeout(() => resolve(true), 5500)));
    await expect(episodeLine(page)).toHaveText('1 сезон, 2 серия. Перекрёсток');
  });

  test('the share popup pauses the video and gives the link with and without the time code', async ({ page, baseURL }) => {
    await embed(page, '?movie_id=2&enabled_share');
    const video = page.locator('video');
    await expectPlaysPast(video, 2);
    await clickControl(page, page.getByRole('button', { name: 'Поделиться' }));
    const popup = page.getByRole('dialog', { name: 'Поделиться' });
    await expect(popup).toBeVisible();
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    const time = Math.round(await video.evaluate((element: HTMLVideoElement) => element.currentTime));
    const link = popup.getByRole('textbox', { name: 'Ссылка' });
    const plain = `${baseURL}/embed/season-1/episode-1?movie_id=2&enabled_share`;
    await expect(link).toHaveValue(plain);
    await expect(popup.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', `https://t.me/share/url?url=${encodeURIComponent(plain)}`);
    await popup.getByRole('checkbox', { name: 'Поделиться с тайм кодом:' }).check();
    await expect(link).toHaveValue(`${plain}&t=${time}`);
    await popup.getByRole('button', { name: 'Закрыть' }).click();
    await expect(popup).toBeHidden();

    // The shared link opens that episode at that time.
    await page.goto(`${plain}&t=${time}`);
    await expect(episodeLine(page)).toHaveText('1 сезон, 1 серия. Пилот');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThanOrEqual(time - 0.5);
  });

  test('a link shared after picking another episode names that episode, and opens it', async ({ page, baseURL }) => {
    await embed(page, '?movie_id=2&enabled_share&episode_id=201');
    await expect(episodeLine(page)).toHaveText('1 сезон, 1 серия. Пилот');
    await page.getByRole('button', { name: '1 серия' }).click();
    await page.getByRole('menu', { name: 'Серии' }).getByRole('menuitemradio', { name: 'Серия 3' }).click();
    await expect(episodeLine(page)).toHaveText('1 сезон, 3 серия.');
    await page.getByRole('button', { name: 'Поделиться' }).click();
    const link = page.getByRole('dialog', { name: 'Поделиться' }).getByRole('textbox', { name: 'Ссылка' });
    const shared = `${baseURL}/embed/season-1/episode-3?movie_id=2&enabled_share`;
    await expect(link).toHaveValue(shared);

    await page.goto(shared);
    await expect(episodeLine(page)).toHaveText('1 сезон, 3 серия.');
    // A link made before the query was cleaned up still opens the episode its path names.
    await page.goto(`${baseURL}/embed/season-1/episode-3?movie_id=2&enabled_share&episode_id=201`);
    await expect(episodeLine(page)).toHaveText('1 сезон, 3 серия.');
    await expectPlaysPast(page.locator('video'), 1);
  });

  test('without enabled_share there is no "Поделиться"', async ({ page }) => {
    await embed(page, '?movie_id=2');
    await expect(episodeLine(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Поделиться' })).toHaveCount(0);
  });

  test('a host page on another origin hears each episode change at its own origin', async ({ page, baseURL }) => {
    // Another origin on this machine: a page the browser counts as public may not frame a local server.
    const host = baseURL!.replace('127.0.0.1', 'localhost');
    await page.goto(`${host}/catalog-api/contents/1`);
    await page.setContent(`<!doctype html><iframe src="${baseURL}/embed?movie_id=2" width="800" height="450" allow="autoplay"></iframe>
      <script>
        window.received = [];
        addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
      </script>`);
    const frame = page.frameLocator('iframe');
    const episodes = () => page.evaluate(() => (window as unknown as { received: Array<{ origin: string; data: { type: string; payload: { episode?: { order: number } } } }> }).received
      .filter(({ data }) => data.type === 'episodeChanged')
      .map(({ origin, data }) => `${origin} ${data.payload.episode?.order}`));
    await expect.poll(episodes).toEqual([`${baseURL} 1`]);
    await frame.getByRole('button', { name: '1 серия' }).click();
    await frame.getByRole('menuitemradio', { name: 'Серия 3' }).click();
    await expect.poll(episodes).toEqual([`${baseURL} 1`, `${baseURL} 3`]);
  });

  test('"Перезагрузить страницу" starts the player over without reloading the page', async ({ page, baseURL }) => {
    // The first episodes call must fail on the network: not answered by the document (the API elsewhere).
    await useApiElsewhere(page, baseURL);
    let failures = 1;
    await page.route('**/catalog-api/episodes?content-id=2', (route) => (failures-- > 0 ? route.fulfill({ status: 500, body: '{}' }) : route.fallback()));
    await embed(page, '?movie_id=2');
    await expect(page.getByRole('alert')).toHaveText(/^К сожалению, произошла ошибка, попробуйте перезагрузите страницу\. Идентификатор ошибки: \w+Перезагрузить страницу$/);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.getByRole('button', { name: 'Перезагрузить страницу' }).click();
    await expect(episodeLine(page)).toHaveText('1 сезон, 1 серия. Пилот');
    await expectPlaysPast(page.locator('video'), 1);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
});

test('the device_fp cookie is written after the first frame and sent as X-Session-Context from then on', async ({ page, context, baseURL }) => {
  // Calls the document does not answer (the API elsewhere), so each load sends its header.
  await useApiElsewhere(page, baseURL);
  const sessionHeaders: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/catalog-api/contents/1') sessionHeaders.push(request.headers()['x-session-context'] ?? '');
  });
  await embed(page, '?movie_id=1');
  await expectPlaysPast(page.locator('video'), 1);
  const cookie = await expect
    .poll(async () => (await context.cookies()).find(({ name }) => name === 'device_fp'))
    .toMatchObject({ path: '/', value: expect.stringMatching(/^\w{16,}$/) })
    .then(async () => (await context.cookies()).find(({ name }) => name === 'device_fp'));
  const yearFromNow = Date.now() / 1000 + 31_536_000;
  expect(Math.abs((cookie?.expires ?? 0) - yearFromNow)).toBeLessThan(120);
  expect(sessionHeaders).toEqual(['']);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Северный маяк' })).toBeVisible();
  expect(sessionHeaders).toEqual(['', cookie?.value]);
});
