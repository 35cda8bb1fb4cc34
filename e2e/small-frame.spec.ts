import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { expectPlaysPast, useApiElsewhere } from './helpers.ts';
import { cueBottom } from './native-cues.ts';
import { boxOf, expectAllInside, expectInside, openPhoneFrame, phoneContext, PHONE_PAGES, type PhoneFrame } from './phone-frame.ts';

// The player's overlays in a phone's 16:9 frame (358×201 and 288×162, touch): what a viewer
// needs of each lies inside the frame, nothing overlaps, and what cannot fit scrolls visibly.

const film = (frame: FrameLocator) => frame.locator('video.player__video');

/** Plays S1E2 of the series to its end in the frame: the next-episode card comes, waiting a minute. */
async function endCard(page: Page, baseURL: string | undefined): Promise<PhoneFrame & { card: Locator }> {
  const opened = await openPhoneFrame(page, baseURL, '?movie_id=2&episode_id=202&next_episode_countdown=60');
  const video = film(opened.frame);
  await expectPlaysPast(video, 1);
  await video.evaluate((element: HTMLVideoElement) => {
    element.currentTime = element.duration - 1;
  });
  const card = opened.frame.getByRole('dialog', { name: 'Следующий эпизод' });
  await expect(card.getByTestId('next-episode-countdown')).toHaveText(/^Начнётся через (60|59) с$/);
  // The jump lands in the credits, whose card turns into the end's ('Отмена') when the episode ends.
  await expect(card.getByRole('button', { name: 'Отмена' })).toBeVisible();
  return { ...opened, card };
}

/** What a viewer would notice in an open settings panel: rows over rows, text cut by its row, a list that hides its rest. */
function menuGeometry(menu: Locator) {
  return menu.evaluate((root) => {
    const list = root.querySelector<HTMLElement>('.settings-menu__list');
    if (!list) throw new Error('no list in the menu');
    const rows = [...list.querySelectorAll<HTMLElement>('.settings-menu__row')];
    const problems: string[] = [];
    rows.forEach((row, index) => {
      const box = row.getBoundingClientRect();
      for (const part of row.querySelectorAll<HTMLElement>('span')) {
        const text = part.getBoundingClientRect();
        if (text.height > 0 && (text.top < box.top - 0.5 || text.bottom > box.bottom + 0.5)) {
          problems.push(`"${part.textContent ?? ''}" runs out of its row "${row.textContent ?? ''}"`);
        }
      }
      const next = rows[index + 1];
      if (next && next.getBoundingClientRect().top < box.bottom - 0.5) problems.push(`row ${index} overlaps row ${index + 1}`);
    });
    const style = getComputedStyle(list);
    return {
      problems,
      rows: rows.length,
      scrolls: list.scrollHeight > list.clientHeight + 1,
      mask: `${style.maskImage} ${style.webkitMaskImage}`,
    };
  });
}

/**
 * Checks an open panel: inside the frame, no row over another or cutting its text, and when it
 * scrolls, a fade says there is more, and the last row can be brought into view.
 */
async function expectMenuFits(menu: Locator, frameBox: PhoneFrame['box']): Promise<void> {
  expectInside(await boxOf(menu), frameBox, 'the menu');
  const geometry = await menuGeometry(menu);
  expect(geometry.problems).toEqual([]);
  expect(geometry.rows).toBeGreaterThan(1);
  if (geometry.scrolls) {
    expect(geometry.mask, 'a list that scrolls fades at its cut edge').toContain('gradient');
    const list = menu.locator('.settings-menu__list');
    await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    const last = list.locator('.settings-menu__row').last();
    await expect.poll(async () => {
      const [row, shown] = [await boxOf(last), await boxOf(list)];
      return row.y + row.height <= shown.y + shown.height + 0.5;
    }).toBe(true);
  }
}

for (const { frame: size, viewport } of PHONE_PAGES) {
  test.describe(`in a ${size} frame of a phone page`, () => {
    test.use(phoneContext(viewport));

    test('the end-of-episode card shows its countdown and both buttons without scrolling, and "Отмена" works by tap', async ({ page, baseURL }) => {
      const { frame, box, card } = await endCard(page, baseURL);
      const cancel = card.getByRole('button', { name: 'Отмена' });
      await expectAllInside({
        'the card': card,
        'the countdown': card.getByTestId('next-episode-countdown'),
        '"Смотреть"': card.getByRole('button', { name: 'Смотреть', exact: true }),
        '"Отмена"': cancel,
      }, box);
      expect(await card.evaluate((panel) => panel.scrollHeight - panel.clientHeight), 'the card needs no scrolling').toBeLessThanOrEqual(1);
      await cancel.tap();
      await expect(card).toHaveCount(0);
      await expect(frame.getByTestId('episode-line')).toHaveText('1 сезон, 2 серия. Перекрёсток');
    });

    test('"Смотреть" on the end card opens the next episode by tap', async ({ page, baseURL }) => {
      const { frame, box, card } = await endCard(page, baseURL);
      const watch = card.getByRole('button', { name: 'Смотреть', exact: true });
      await expectAllInside({ '"Смотреть"': watch }, box);
      await watch.tap();
      await expect(frame.getByTestId('episode-line')).toHaveText('1 сезон, 3 серия.');
      await expect(card).toHaveCount(0);
    });

    test('the settings menu and its quality menu: no row over another, cut rows fade, the back arrow in view', async ({ page, baseURL }) => {
      const { frame, box } = await openPhoneFrame(page, baseURL, '?movie_id=1&enabled_share');
      // Not started: the controls stay shown.
      await frame.getByRole('button', { name: 'Настройки' }).tap();
      const main = frame.locator('.settings-menu');
      await expect(frame.getByRole('menu', { name: 'Настройки' })).toBeVisible();
      await expectMenuFits(main, box);

      await frame.getByRole('menuitem', { name: /^Качество/ }).tap();
      const quality = frame.getByRole('menu', { name: 'Качество' });
      // The engine's renditions: Auto and one row per height, each with its bitrate on a second line.
      await expect.poll(() => quality.getByRole('menuitemradio').count()).toBeGreaterThan(3);
      await expect(quality.locator('.settings-menu__detail').first()).toHaveText(/Мбит\/с/);
      await expectAllInside({ '"Назад"': frame.getByRole('button', { name: 'Назад', exact: true }) }, box);
      await expectMenuFits(main, box);
      // Scrolled to its end, the back arrow is still there.
      await expectAllInside({ '"Назад"': frame.getByRole('button', { name: 'Назад', exact: true }) }, box);
    });

    test('subtitles rise above the controls\' bottom row while it shows, and go back down when it hides', async ({ page, baseURL }) => {
      const { frame, box } = await openPhoneFrame(page, baseURL, '?movie_id=1');
      const video = film(frame);
      await frame.getByRole('button', { name: 'Настройки' }).tap();
      await frame.getByRole('menuitem', { name: /^Субтитры/ }).tap();
      await frame.getByRole('menuitemradio', { name: 'Русский' }).tap();
      // Chosen from the main panel, the menu returns there; Escape closes it.
      await expect(frame.getByRole('menu', { name: 'Настройки' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(frame.getByRole('menu')).toHaveCount(0);
      await expectPlaysPast(video, 1);
      // Paused, the controls stay up.
      await video.evaluate((element: HTMLVideoElement) => element.pause());
      await expect(frame.locator('.controls')).toHaveClass(/controls--shown/);
      const bottomRow = await boxOf(frame.locator('.control-bar__bottom'));
      await expect.poll(() => cueBottom(page)).not.toBeNull();
      await expect.poll(async () => (await cueBottom(page))! <= bottomRow.y + 0.5).toBe(true);

      // Playing untouched, the controls hide and the cues return to the picture's bottom edge.
      await video.evaluate((element: HTMLVideoElement) => void element.play());
      await expect(frame.locator('.controls')).toHaveClass(/controls--hidden/, { timeout: 10_000 });
      await expect.poll(async () => (await cueBottom(page)) ?? 0).toBeGreaterThan(bottomRow.y + 0.5);
      expect((await cueBottom(page))!, 'the cues stay inside the frame').toBeLessThanOrEqual(box.y + box.height + 0.5);
    });

    test('the share popup fits: its link, the copy button and the time-code row', async ({ page, baseURL }) => {
      // A phone browser without the native share sheet gets the popup.
      await page.addInitScript(() => {
        delete (Navigator.prototype as Partial<Navigator>).share;
      });
      const { frame, box } = await openPhoneFrame(page, baseURL, '?movie_id=2&enabled_share&t=18');
      await expect.poll(() => film(frame).evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThanOrEqual(17.5);
      await frame.getByRole('button', { name: 'Настройки' }).tap();
      await frame.getByRole('menuitem', { name: 'Поделиться' }).tap();
      const popup = frame.getByRole('dialog', { name: 'Поделиться' });
      await expectAllInside({
        'the popup': popup,
        'the title': popup.getByRole('heading', { name: 'Поделиться' }),
        'the link': popup.getByRole('textbox', { name: 'Ссылка' }),
        '"Копировать"': popup.getByRole('button', { name: 'Копировать' }),
        'the time-code checkbox': popup.getByRole('checkbox', { name: /^Поделиться с тайм кодом:/ }),
        'the time': popup.getByText('0:00:18'),
      }, box);
      expect(await popup.evaluate((panel) => panel.scrollHeight - panel.clientHeight), 'the popup needs no scrolling').toBeLessThanOrEqual(1);
    });

    test('the resume window fits with both its buttons, and "Продолжить просмотр" works by tap', async ({ page, baseURL }) => {
      const first = await openPhoneFrame(page, baseURL, '?movie_id=2');
      const video = film(first.frame);
      await expectPlaysPast(video, 2);
      await video.evaluate((element: HTMLVideoElement) => element.pause());
      const { frame, box } = await openPhoneFrame(page, baseURL, '?movie_id=2');
      const resume = frame.getByRole('dialog', { name: /^Вы остановились на / });
      const resumeButton = frame.getByRole('button', { name: 'Продолжить просмотр' });
      await expectAllInside({
        'the window': resume,
        'its text': resume.getByText(/^Вы остановились на /),
        '"Продолжить просмотр"': resumeButton,
        '"Начать сначала"': frame.getByRole('button', { name: 'Начать сначала' }),
      }, box);
      await resumeButton.tap();
      await expect(resume).toHaveCount(0);
    });

    test('the error cards fit with their text and button', async ({ page, baseURL }) => {
      // Every catalogue call over the network (not the boot data), so one of them can fail.
      await useApiElsewhere(page, baseURL);
      await page.route('**/catalog-api/episodes?content-id=2', (route) => route.fulfill({ status: 500, body: '{}' }));
      const { frame, box } = await openPhoneFrame(page, baseURL, '?movie_id=2');
      const card = frame.getByRole('alert');
      await expect(card).toContainText('К сожалению, произошла ошибка');
      await expectAllInside({
        'the text': card.locator('.message-card__text'),
        '"Перезагрузить страницу"': card.getByRole('button', { name: 'Перезагрузить страницу' }),
      }, box);
      expect(await card.evaluate((element) => element.scrollHeight - element.clientHeight), 'the card needs no scrolling').toBeLessThanOrEqual(1);
    });

    test('the ad overlay fits: its marking, pod counter, "Пропустить" and controls, none over another', async ({ page, baseURL }) => {
      await page.addInitScript(() => {
        (window as unknown as Record<string, unknown>).__KINO_PLAYER_CONFIG__ = { adListUrl: '/catalog-api/ad-list.json?case=pod' };
      });
      const { frame, box } = await openPhoneFrame(page, baseURL, '?movie_id=1&auto_play');
      const skip = frame.getByRole('button', { name: /^Пропустить через/ });
      await expect(skip).toBeVisible();
      const overlay = frame.locator('.ad-overlay');
      await expectAllInside({
        'the marking': overlay.getByText('Реклама', { exact: true }),
        'the pod counter': overlay.getByText('1 из 2'),
        '"Пропустить"': skip,
        'play/pause': overlay.getByRole('button', { name: /^(Пауза рекламы|Воспроизвести рекламу)$/ }),
        'the time left': overlay.locator('.ad-overlay__remaining'),
      }, box);
      // The bar's parts side by side, none over another; the skip button on one line.
      const parts = await overlay.locator('.ad-overlay__bar > *').evaluateAll((elements) =>
        elements.map((element) => {
          const rect = element.getBoundingClientRect();
          return { left: rect.left, right: rect.right };
        }));
      for (let index = 1; index < parts.length; index += 1) {
        expect(parts[index]!.left, `part ${index} starts after part ${index - 1}`).toBeGreaterThanOrEqual(parts[index - 1]!.right - 0.5);
      }
      // One client rect per line box of its text.
      const skipLines = await skip.evaluate((button) => {
        const text = document.createRange();
        text.selectNodeContents(button);
        return text.getClientRects().length;
      });
      expect(skipLines, '"Пропустить через N" on one line').toBe(1);
    });
  });
}
