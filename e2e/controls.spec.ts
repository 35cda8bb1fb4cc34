import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseSetting, embed, expectPlaysPast, expectSettingValue, showControls, clickControl } from './helpers.ts';

const videoOf = (page: Page) => page.locator('video');
const read = <T,>(video: Locator, pick: (element: HTMLVideoElement) => T) => video.evaluate(pick);
const time = (video: Locator) => read(video, (element) => element.currentTime);

/** Plays muted to `seconds`, then pauses there: a still place to measure seeks from. */
async function pausedAt(page: Page, seconds: number): Promise<Locator> {
  const video = videoOf(page);
  await expectPlaysPast(video, seconds);
  await read(video, (element) => element.pause());
  await showControls(page);
  return video;
}

test.describe('controls at a desktop size', () => {
  test('play and pause by their buttons', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = videoOf(page);
    await page.locator('.control-bar').getByRole('button', { name: 'Воспроизвести' }).click();
    await expect.poll(() => read(video, (element) => element.paused)).toBe(false);
    await clickControl(page, page.getByRole('button', { name: 'Пауза' }));
    await expect.poll(() => read(video, (element) => element.paused)).toBe(true);
    await expect(page.locator('.control-bar').getByRole('button', { name: 'Воспроизвести' })).toBeVisible();
  });

  test('back and forward 10 seconds', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = await pausedAt(page, 12);
    const start = await time(video);
    await page.getByRole('button', { name: 'Вперёд на 10 секунд' }).click();
    await expect.poll(() => time(video)).toBeCloseTo(start + 10, 0);
    await page.getByRole('button', { name: 'Назад на 10 секунд' }).click();
    await expect.poll(() => time(video)).toBeCloseTo(start, 0);
  });

  test('the next-episode button shows its card on hover and opens the next episode', async ({ page }) => {
    await embed(page, '?movie_id=2&episode_id=202');
    const next = page.getByRole('button', { name: 'Следующая серия' });
    await next.hover();
    const card = page.getByRole('group', { name: 'Следующий эпизод' });
    await expect(card).toContainText('Эпизод 3');
    await next.click();
    await expect(page.getByTestId('episode-line')).toHaveText('1 сезон, 3 серия.');
    await expectPlaysPast(videoOf(page), 1);
  });

  test('the next-episode button shows its hover card or its tooltip, never both', async ({ page }) => {
    await embed(page, '?movie_id=2');
    const next = page.getByRole('button', { name: 'Следующая серия' });
    const tooltip = () => next.evaluate((element) => getComputedStyle(element, '::after').display);
    expect(await tooltip()).not.toBe('none');
    await next.hover();
    await expect(page.getByRole('group', { name: 'Следующий эпизод' })).toBeVisible();
    expect(await tooltip()).toBe('none');
  });

  test('mute, unmute and the volume slider', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = videoOf(page);
    await page.getByRole('button', { name: 'Выключить звук' }).click();
    await expect.poll(() => read(video, (element) => element.muted)).toBe(true);
    await page.getByRole('button', { name: 'Включить звук' }).click();
    await expect.poll(() => read(video, (element) => element.muted)).toBe(false);
    const slider = page.getByRole('slider', { name: 'Громкость' });
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => read(video, (element) => element.volume)).toBeCloseTo(0.9, 2);
    await expect(slider).toHaveAttribute('aria-valuetext', '90 %');
    await expect(page.getByRole('status').filter({ hasText: /Громкость/ })).toHaveCount(0); // cleared after 150 ms
  });

  test('seeking by the slider: a click, and the keyboard', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = await pausedAt(page, 1);
    const duration = await read(video, (element) => element.duration);
    const bar = page.getByRole('slider', { name: 'Перемотка' });
    const box = await bar.boundingBox();
    if (!box) throw new Error('no seek bar');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => time(video)).toBeCloseTo(duration / 2, 0);
    await bar.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => time(video)).toBeCloseTo(duration / 2 + 5, 0);
    await expect(bar).toHaveAttribute('aria-valuetext', /^0:00:3\d из 0:01:00$/);
  });

  test('the thumbnail preview appears over the seek bar under the pointer', async ({ page }) => {
    await embed(page, '?movie_id=1&debug');
    const video = videoOf(page);
    await expectPlaysPast(video, 1);
    await expect(page.getByTestId('thumbnails')).toHaveText('миниатюры');
    await showControls(page);
    const bar = page.getByRole('slider', { name: 'Перемотка' });
    const box = await bar.boundingBox();
    if (!box) throw new Error('no seek bar');
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2);
    const preview = page.locator('.seek-bar__thumbnail');
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((element) => getComputedStyle(element).backgroundImage)).toMatch(/thumbs/);
    await expect(page.locator('.seek-bar__time')).toHaveText(/^0:00:4[4-6]$/);
  });

  test('each settings submenu changes what it says', async ({ page }) => {
    // Five trips through the menu, each waiting on the shown controls: on a busy machine that
    // outlasts the default 45 s.
    test.slow();
    await embed(page, '?movie_id=1');
    const video = videoOf(page);
    await expectPlaysPast(video, 1);
    await chooseSetting(page, 'Скорость', '1,5');
    await expect.poll(() => read(video, (element) => element.playbackRate)).toBe(1.5);
    await chooseSetting(page, 'Качество', '240p');
    await chooseSetting(page, 'Аудио', 'English');
    await chooseSetting(page, 'Усиление звука', '200 %');
    await clickControl(page, page.getByRole('button', { name: 'Настройки' }));
    const menu = page.getByRole('menu', { name: 'Настройки' });
    await expect(menu.getByRole('menuitem', { name: /^Скорость/ })).toContainText('1,5');
    await expect(menu.getByRole('menuitem', { name: /^Качество/ })).toContainText('240p');
    await expect(menu.getByRole('menuitem', { name: /^Аудио/ })).toContainText('English');
    await expect(menu.getByRole('menuitem', { name: /^Усиление звука/ })).toContainText('200 %');
    await page.getByRole('menuitem', { name: /^Скорость/ }).click();
    await page.getByRole('button', { name: 'Назад', exact: true }).click();
    await expect(menu.getByRole('menuitem', { name: /^Качество/ })).toBeVisible();
  });

  test('the subtitles button opens the subs submenu: every track and Выкл., with a way back to the settings', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = videoOf(page);
    const showing = () => read(video, (element) => [...element.textTracks].filter((track) => track.mode === 'showing').map((track) => track.language));
    const button = page.getByRole('button', { name: 'Субтитры' });
    await button.click();
    const subs = page.getByRole('menu', { name: 'Субтитры' });
    await expect(subs.getByRole('menuitemradio')).toHaveText([/Выкл\./, /Русский/, /English/]);
    await subs.getByRole('menuitemradio', { name: 'English' }).click();
    await expect.poll(showing).toEqual(['en']);
    await button.click();
    await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('menuitemradio', { name: 'Выкл.' }).click();
    await expect.poll(showing).toEqual([]);
    await button.click();
    await page.getByRole('button', { name: 'Назад', exact: true }).click();
    await expect(page.getByRole('menu', { name: 'Настройки' })).toBeVisible();
    // The keyboard's c still turns the last track on and off.
    await page.keyboard.press('Escape');
    await page.keyboard.press('c');
    await expect.poll(showing).toEqual(['en']);
  });

  test('the audio boost comes back after a reload, at the viewer\'s first play', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = videoOf(page);
    await expectPlaysPast(video, 1);
    await chooseSetting(page, 'Усиление звука', '200 %');
    await expectSettingValue(page, 'Усиление звука', '200 %');
    await page.reload();
    // A browser starts Web Audio only after a gesture: the viewer's click that plays is the moment.
    await page.getByRole('button', { name: 'Продолжить просмотр' }).click();
    await expect.poll(() => read(video, (element) => element.paused)).toBe(false);
    await expectSettingValue(page, 'Усиление звука', '200 %');
  });

  test('in picture-in-picture the frame says so in Russian, over the browser\'s own text', async ({ page }) => {
    await embed(page, '?movie_id=2&enabled_share');
    const video = videoOf(page);
    await expectPlaysPast(video, 1);
    await clickControl(page, page.getByRole('button', { name: 'Картинка в картинке' }));
    await expect.poll(() => page.evaluate(() => document.pictureInPictureElement !== null)).toBe(true);
    const cover = page.getByTestId('pip-cover');
    await expect(cover).toContainText('Видео в режиме «картинка в картинке»');
    // Opaque over the whole video, under the controls: the top overlay stays usable above it.
    expect(await cover.boundingBox()).toEqual(await video.boundingBox());
    await expect(page.getByRole('button', { name: 'Поделиться' })).toBeVisible();
    await clickControl(page, page.getByRole('button', { name: 'Картинка в картинке' }));
    await expect(cover).toHaveCount(0);
  });

  test('no tooltip shows while a menu is open', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const subtitles = page.getByRole('button', { name: 'Субтитры' });
    const tooltip = () => subtitles.evaluate((element) => getComputedStyle(element, '::after').display);
    expect(await tooltip()).not.toBe('none');
    await page.getByRole('button', { name: 'Настройки' }).click();
    await subtitles.hover();
    expect(await tooltip()).toBe('none');
  });

  test('one menu at a time, and a click outside closes it', async ({ page }) => {
    await embed(page, '?movie_id=2');
    await page.getByRole('button', { name: 'Настройки' }).click();
    await expect(page.getByRole('menu', { name: 'Настройки' })).toBeVisible();
    await page.getByRole('button', { name: '1 сезон' }).click();
    await expect(page.getByRole('menu', { name: 'Сезоны' })).toBeVisible();
    await expect(page.getByRole('menu', { name: 'Настройки' })).toHaveCount(0);
    const box = await videoOf(page).boundingBox();
    if (!box) throw new Error('no video');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.6);
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('a click on the video that closes a menu only closes the menu', async ({ page }) => {
    await embed(page, '?movie_id=2');
    const video = videoOf(page);
    await expectPlaysPast(video, 1);
    const box = await video.boundingBox();
    if (!box) throw new Error('no video');
    for (const opener of ['Настройки', '1 серия']) {
      await clickControl(page, page.getByRole('button', { name: opener }));
      await expect(page.getByRole('menu')).toBeVisible();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.6);
      await expect(page.getByRole('menu')).toHaveCount(0);
      // A single click acts after the 250 ms double-click window: playback must go on past it.
      const clickedAt = await time(video);
      await expect.poll(() => time(video)).toBeGreaterThan(clickedAt + 0.6);
      expect(await read(video, (element) => element.paused)).toBe(false);
    }
    // Without a menu open, the same click pauses.
    await showControls(page);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.6);
    await expect.poll(() => read(video, (element) => element.paused)).toBe(true);
  });

  /** Double-clicks the gesture surface at `fraction` of its width, above the big play button. */
  const doubleClickAt = async (page: Page, fraction: number) => {
    const box = await page.getByTestId('gesture-surface').boundingBox();
    if (!box) throw new Error('no surface');
    await page.mouse.dblclick(box.x + box.width * fraction, box.y + box.height * 0.3);
  };

  test('double-click on the right fifth seeks +10 s, in the middle it toggles fullscreen', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = await pausedAt(page, 12);
    const start = await time(video);
    await doubleClickAt(page, 0.95);
    await expect.poll(() => time(video)).toBeCloseTo(start + 10, 0);
    await doubleClickAt(page, 0.5);
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await doubleClickAt(page, 0.5);
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  });

  test('double-click on the left fifth seeks −10 s', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = await pausedAt(page, 12);
    const start = await time(video);
    await doubleClickAt(page, 0.05);
    await expect.poll(() => time(video)).toBeCloseTo(start - 10, 0);
  });

  test('a single click toggles play', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = await pausedAt(page, 1);
    const box = await page.getByTestId('gesture-surface').boundingBox();
    if (!box) throw new Error('no surface');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.4);
    await expect.poll(() => read(video, (element) => element.paused)).toBe(false);
  });

  test('the keyboard map', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = await pausedAt(page, 12);
    await page.locator('body').focus();
    const start = await time(video);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => time(video)).toBeCloseTo(start + 5, 0);
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => time(video)).toBeCloseTo(start - 5, 0);
    await page.keyboard.press('l');
    await expect.poll(() => time(video)).toBeCloseTo(start + 5, 0);
    await page.keyboard.press('5');
    await expect.poll(() => time(video)).toBeCloseTo(30, 0);
    await page.keyboard.press('Home');
    await expect.poll(() => time(video)).toBeLessThan(0.5);
    const muted = await read(video, (element) => element.muted);
    await page.keyboard.press('m');
    await expect.poll(() => read(video, (element) => element.muted)).toBe(!muted);
    await page.keyboard.press('m');
    await expect.poll(() => read(video, (element) => element.muted)).toBe(muted);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => read(video, (element) => element.volume)).toBeCloseTo(0.95, 2);
    await page.keyboard.press('>');
    await expect.poll(() => read(video, (element) => element.playbackRate)).toBe(1.25);
    await page.keyboard.press('c');
    await expect.poll(() => read(video, (element) => [...element.textTracks].some((track) => track.mode === 'showing'))).toBe(true);
    await page.keyboard.press('k');
    await expect.poll(() => read(video, (element) => element.paused)).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(() => read(video, (element) => element.paused)).toBe(true);
  });

  test('Shift+N opens the next episode', async ({ page }) => {
    await embed(page, '?movie_id=2&episode_id=202');
    await expect(page.getByTestId('episode-line')).toHaveText('1 сезон, 2 серия. Перекрёсток');
    await page.locator('body').focus();
    await page.keyboard.press('Shift+N');
    await expect(page.getByTestId('episode-line')).toHaveText('1 сезон, 3 серия.');
  });

  test('the controls hide while playing without activity and come back on a move', async ({ page }) => {
    await embed(page, '?movie_id=1');
    await expectPlaysPast(videoOf(page), 0.5);
    const controls = page.locator('.controls');
    await expect(controls).toHaveClass(/controls--hidden/, { timeout: 5000 });
    await showControls(page);
    await expect(controls).toHaveClass(/controls--shown/);
  });

  test('fullscreen and picture-in-picture, entered and left by their buttons', async ({ page }) => {
    await embed(page, '?movie_id=1');
    await page.getByRole('button', { name: 'Полноэкранный режим' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.className)).toBe('player');
    await page.getByRole('button', { name: 'Выйти из полноэкранного режима' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    await expectPlaysPast(videoOf(page), 0.5);
    await clickControl(page, page.getByRole('button', { name: 'Картинка в картинке' }));
    await expect.poll(() => page.evaluate(() => document.pictureInPictureElement?.tagName)).toBe('VIDEO');
    await clickControl(page, page.getByRole('button', { name: 'Картинка в картинке' }));
    await expect.poll(() => page.evaluate(() => document.pictureInPictureElement)).toBeNull();
  });
});

test.describe('Google Cast', () => {
  test('without a configured sender no third-party script loads and there is no Google Cast button', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).origin);
    });
    await embed(page, '?movie_id=1');
    await expectPlaysPast(videoOf(page), 0.5);
    await showControls(page);
    await expect(page.getByRole('button', { name: 'Настройки' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Google Cast' })).toHaveCount(0);
    expect(new Set(scripts)).toEqual(new Set([new URL(page.url()).origin]));
  });

  test('with a sender configured, the stream is cast at the current position and playback here pauses', async ({ page, baseURL }) => {
    await page.route(`${baseURL}/fake-cast-sender.js`, (route) => route.fulfill({ path: new URL('./fixtures/fake-cast-sender.js', import.meta.url).pathname, contentType: 'text/javascript' }));
    await page.addInitScript((url) => {
      (window as unknown as Record<string, unknown>).__KINO_PLAYER_CONFIG__ = { castSenderUrl: url };
    }, `${baseURL}/fake-cast-sender.js`);
    await embed(page, '?movie_id=1');
    const video = videoOf(page);
    await expectPlaysPast(video, 2);
    await clickControl(page, page.getByRole('button', { name: 'Google Cast' }));
    const loads = await expect
      .poll(() => page.evaluate(() => (window as unknown as { __castLoads?: Array<{ currentTime: number; autoplay: boolean; media: { contentId: string; contentType: string; metadata: { title: string } } }> }).__castLoads))
      .toHaveLength(1)
      .then(() => page.evaluate(() => (window as unknown as { __castLoads: Array<{ currentTime: number; autoplay: boolean; media: { contentId: string; contentType: string; metadata: { title: string } } }> }).__castLoads));
    const [load] = loads;
    expect(load?.media.contentId).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/catalog-api\/media\/.+\.m3u8$/);
    expect(load?.media.contentType).toBe('application/x-mpegURL');
    expect(load?.media.metadata.title).toBe('Северный маяк');
    expect(load?.currentTime).toBeGreaterThan(1.5);
    expect(load?.autoplay).toBe(true);
    await expect.poll(() => read(video, (element) => element.paused)).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: 'Воспроизводится на другом устройстве' })).toBeVisible();
  });
});

test.describe('controls at a phone size', () => {
  test.use({ viewport: { width: 390, height: 220 }, hasTouch: true, isMobile: true });

  test('a tap shows the controls without pausing; a double tap on a side seeks', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = videoOf(page);
    await expectPlaysPast(video, 1);
    const controls = page.locator('.controls');
    await expect(controls).toHaveClass(/controls--hidden/, { timeout: 5000 });
    const surface = page.getByTestId('gesture-surface');
    const box = await surface.boundingBox();
    if (!box) throw new Error('no surface');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect(controls).toHaveClass(/controls--shown/);
    expect(await read(video, (element) => element.paused)).toBe(false);
    const before = await time(video);
    await page.touchscreen.tap(box.x + box.width * 0.95, box.y + box.height * 0.3);
    await page.touchscreen.tap(box.x + box.width * 0.95, box.y + box.height * 0.3);
    await expect.poll(() => time(video)).toBeGreaterThan(before + 8);
  });

  test('the mobile layout: centre row, and settings with subtitles and the extra actions', async ({ page }) => {
    await embed(page, '?movie_id=1&enabled_share');
    await expect(page.locator('.control-bar--compact')).toBeVisible();
    const centre = page.locator('.control-bar__centre').getByRole('button');
    await expect(centre.nth(0)).toHaveAccessibleName('Назад на 10 секунд');
    await expect(centre.nth(1)).toHaveAccessibleName(/^(Воспроизвести|Пауза)$/);
    await expect(centre.nth(2)).toHaveAccessibleName('Вперёд на 10 секунд');
    await page.getByRole('button', { name: 'Настройки' }).click();
    const menu = page.getByRole('menu', { name: 'Настройки' });
    await expect(menu.getByRole('menuitem', { name: /^Субтитры/ })).toContainText('Выкл.');
    await expect(menu.getByRole('menuitem', { name: 'Поделиться' })).toBeVisible();
    await menu.getByRole('menuitem', { name: /^Субтитры/ }).click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect(menu.getByRole('menuitem', { name: /^Субтитры/ })).not.toContainText('Выкл.');
  });
});

/** The boxes of `locator`'s matches that are visible. */
async function boxesOf(locator: Locator): Promise<{ name: string; box: { x: number; y: number; width: number; height: number } }[]> {
  const found = [];
  for (const element of await locator.all()) {
    const box = await element.boundingBox();
    if (box && box.width > 0 && box.height > 0) found.push({ name: (await element.textContent()) ?? '', box });
  }
  return found;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const [width, height] of [[390, 220], [358, 201], [320, 180]] as const) {
  test.describe(`a series at ${width}×${height} with touch`, () => {
    test.use({ viewport: { width, height }, hasTouch: true, isMobile: true });

    test('nothing lies over the centre row, and its play button plays', async ({ page }) => {
      await embed(page, '?movie_id=2&enabled_share');
      await expect(page.locator('.controls--shown .control-bar__centre')).toBeVisible();
      const centre = await boxesOf(page.locator('.control-bar__centre .control-button'));
      expect(centre).toHaveLength(3);
      const top = await boxesOf(page.locator('.top-overlay h1, .top-overlay p, .top-overlay button, .control-bar__top button, .control-bar__bottom > *'));
      expect(top.length).toBeGreaterThan(4);
      for (const button of centre) {
        for (const other of top) expect(overlaps(button.box, other.box), `${other.name} over a centre button`).toBe(false);
        // Inside the frame, whole.
        expect(button.box.y).toBeGreaterThanOrEqual(0);
        expect(button.box.y + button.box.height).toBeLessThanOrEqual(height);
      }
      const play = centre[1]!.box;
      await page.touchscreen.tap(play.x + play.width / 2, play.y + play.height / 2);
      await expect.poll(() => read(videoOf(page), (element) => element.paused)).toBe(false);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('the share popup fits, its time-code row included', async ({ page }) => {
      await embed(page, '?movie_id=2&enabled_share');
      await page.getByRole('button', { name: 'Настройки' }).click();
      await page.getByRole('menuitem', { name: 'Поделиться' }).click();
      const popup = page.getByRole('dialog', { name: 'Поделиться' });
      await expect(popup.getByRole('checkbox', { name: 'Поделиться с тайм кодом:' })).toBeInViewport({ ratio: 1 });
      await expect(popup.getByRole('button', { name: 'Копировать' })).toBeInViewport({ ratio: 1 });
      await expect(popup.getByRole('link', { name: 'VK' })).toBeInViewport({ ratio: 1 });
    });
  });
}

test.describe('double tap while the controls show', () => {
  test.use({ viewport: { width: 390, height: 220 }, hasTouch: true, isMobile: true });

  test('paused, a double tap on the left fifth seeks −10 s and on the right fifth +10 s', async ({ page }) => {
    test.setTimeout(75_000);
    await embed(page, '?movie_id=1');
    const video = await pausedAt(page, 12);
    // Paused, the controls stay up: the dimmed overlay is over the video.
    await expect(page.locator('.controls')).toHaveClass(/controls--shown/);
    const box = await page.getByTestId('gesture-surface').boundingBox();
    if (!box) throw new Error('no surface');
    const start = await time(video);
    // Two taps within 275 ms are a double tap. On a starved machine the second tap can leave the
    // test later than that, which the player rightly takes for two single taps (the controls
    // toggle, the time stays): the viewer would tap again, and so does the test, until the time
    // moves. It moves once: a check reads the time after each try.
    const doubleTapUntilSeek = async (fraction: number, from: number) => {
      await expect(async () => {
        // Past the window of any earlier tap, so this one starts afresh (a tap within 275 ms of
        // the last would go on with the same seek chain, as on YouTube).
        await page.waitForFunction((since) => performance.now() - since > 300, await page.evaluate(() => performance.now()));
        await page.touchscreen.tap(box.x + box.width * fraction, box.y + box.height * 0.4);
        await page.touchscreen.tap(box.x + box.width * fraction, box.y + box.height * 0.4);
        await expect.poll(() => time(video), { timeout: 5000 }).not.toBeCloseTo(from, 0);
      }).toPass({ timeout: 25_000 });
    };
    await doubleTapUntilSeek(0.08, start);
    expect(await time(video)).toBeCloseTo(start - 10, 0);
    await doubleTapUntilSeek(0.92, start - 10);
    expect(await time(video)).toBeCloseTo(start, 0);
    expect(await read(video, (element) => element.paused)).toBe(true);
  });
});
