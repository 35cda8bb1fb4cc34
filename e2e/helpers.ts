import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Starts playback and waits until the element has really presented frames past `seconds`:
 * requestVideoFrameCallback fires only for frames the compositor showed.
 */
export async function expectPlaysPast(video: Locator, seconds: number): Promise<void> {
  // An AbortError means the engine attached its source after this play(): the core asks again
  // once metadata arrives, so keep waiting for frames. Anything else fails with the engine named.
  const refused = await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play().then(
      () => undefined,
      (error: unknown) => (error instanceof DOMException && error.name === 'AbortError' ? undefined : String(error)),
    );
  });
  if (refused) {
    const engine = await video.page().getByTestId('engine').textContent().catch(() => null);
    throw new Error(`play() was refused (${refused}); engine: ${engine ?? 'none shown'}`);
  }
  await video.evaluate(
    (element: HTMLVideoElement, target) =>
      new Promise<void>((resolve) => {
        const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
          if (meta.mediaTime > target) resolve();
          else element.requestVideoFrameCallback(onFrame);
        };
        element.requestVideoFrameCallback(onFrame);
      }),
    seconds,
  );
  const size = await video.evaluate((element: HTMLVideoElement) => ({ width: element.videoWidth, height: element.videoHeight }));
  expect(size.width).toBeGreaterThan(0);
  expect(size.height).toBeGreaterThan(0);
}

export function embed(page: Page, query: string) {
  return page.goto(`/embed${query}`);
}

/**
 * Seeks and resolves with the milliseconds until a frame within `tolerance` seconds of the
 * target was presented (requestVideoFrameCallback), measured in the page.
 */
export async function seekAndTimeFirstFrame(video: Locator, target: number, tolerance = 0.5): Promise<number> {
  return video.evaluate(
    (element: HTMLVideoElement, [to, within]) =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
          if (Math.abs(meta.mediaTime - to) <= within) resolve(performance.now() - started);
          else element.requestVideoFrameCallback(onFrame);
        };
        element.requestVideoFrameCallback(onFrame);
        element.currentTime = to;
      }),
    [target, tolerance] as const,
  );
}

/**
 * Shows the controls (they hide 2 s after the last activity while playing) by moving the mouse
 * over the player.
 */
export async function showControls(page: Page): Promise<void> {
  const box = await page.locator('video.player__video').boundingBox();
  if (!box) throw new Error('no video on the page');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 3 + 5);
}

/**
 * Opens 'Настройки', the submenu whose row starts with `submenu`, picks the item whose name
 * starts with `item`, and closes the menu with Escape. Resolves with the submenu's item names
 * as they were offered.
 */
export async function chooseSetting(page: Page, submenu: string, item: string): Promise<string[]> {
  await clickControl(page, page.getByRole('button', { name: 'Настройки' }));
  await page.getByRole('menuitem', { name: new RegExp(`^${submenu}`) }).click();
  const items = page.getByRole('menuitemradio');
  // The names as a screen reader reads them: decorative marks (aria-hidden) left out.
  const names = await items.evaluateAll((elements) =>
    elements.map((element) => {
      const clone = element.cloneNode(true) as Element;
      for (const hidden of clone.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return clone.textContent?.trim() ?? '';
    }),
  );
  await items.filter({ hasText: new RegExp(item) }).first().click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  return names;
}

/** Opens 'Настройки', expects the row `row` to show `value`, and closes the menu with Escape. */
export async function expectSettingValue(page: Page, row: string, value: string): Promise<void> {
  await clickControl(page, page.getByRole('button', { name: 'Настройки' }));
  const item = page.getByRole('menuitem', { name: new RegExp(`^${row}`) });
  await expect(item.locator('.settings-menu__value')).toHaveText(value);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
}

/**
 * Clicks a control of the bar or the top overlay. While playing, the controls hide 2 s after the
 * last activity, and on a busy machine that can fall between showing them and the click: so the
 * controls are shown and the click tried again until it lands (it never lands twice: a click
 * that times out did not happen).
 */
export async function clickControl(page: Page, control: Locator): Promise<void> {
  await expect(async () => {
    await showControls(page);
    await control.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Configures the player (its page global) with the catalogue API at `localhost` while its
 * document comes from 127.0.0.1: another origin, which the document's boot data does not answer
 * for, so every catalogue call goes to the network, where a test can see or change it.
 */
export async function useApiElsewhere(page: Page, baseURL: string | undefined): Promise<string> {
  const apiBaseUrl = `${(baseURL ?? '').replace('127.0.0.1', 'localhost')}/catalog-api`;
  await page.addInitScript((url) => {
    const global = window as unknown as Record<string, Record<string, unknown> | undefined>;
    global.__KINO_PLAYER_CONFIG__ = { ...global.__KINO_PLAYER_CONFIG__, apiBaseUrl: url };
  }, apiBaseUrl);
  return apiBaseUrl;
}
