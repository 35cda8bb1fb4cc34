import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

/**
 * The way most viewers meet the player: a 16:9 iframe at the full width of a portrait phone's
 * page, as on /demo (1 rem margins): 358×201 in a 390 px page, 288×162 in a 320 px one.
 */
export const PHONE_PAGES = [
  { frame: '358x201', viewport: { width: 390, height: 844 } },
  { frame: '288x162', viewport: { width: 320, height: 568 } },
] as const;

/** Context options of a touch phone held upright, for `test.use`. */
export const phoneContext = (viewport: { width: number; height: number }) => ({ viewport, hasTouch: true, isMobile: true });

export interface PhoneFrame {
  frame: FrameLocator;
  /** The iframe's box in the page: what a viewer sees of the player. */
  box: Box;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Opens a host page with the player at `/embed{query}` in a 16:9 iframe at 100 % width. The page
 * is written into a document of the server's own origin (a fulfilled page has no address, and
 * Chromium would block its frame of a server on this machine).
 */
export async function openPhoneFrame(page: Page, baseURL: string | undefined, query: string): Promise<PhoneFrame> {
  await page.goto(`${baseURL}/catalog-api/contents/1`);
  await page.setContent(`<!doctype html><html lang="ru"><head>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <style>
      body { margin: 2rem auto; max-width: 840px; padding: 0 1rem; font-family: system-ui, sans-serif; }
      iframe { display: block; border: 0; width: 100%; aspect-ratio: 16 / 9; height: auto; background: #000; }
    </style></head>
    <body><h1>Хост</h1><iframe id="player" src="${baseURL}/embed${query}" title="Плеер"
      allow="autoplay; fullscreen; picture-in-picture; clipboard-write"></iframe></body></html>`);
  const box = await page.locator('#player').boundingBox();
  if (!box) throw new Error('the player frame has no box');
  return { frame: page.frameLocator('#player'), box };
}

/** The element's box in the page; fails when it has none (not rendered). */
export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${String(locator)}`);
  return box;
}

/** Expects `inner` to lie wholly inside `outer` (half a pixel of rounding allowed); names the edges that do not. */
export function expectInside(inner: Box, outer: Box, what: string): void {
  const slack = 0.5;
  const outside = [
    inner.x < outer.x - slack ? 'left' : '',
    inner.y < outer.y - slack ? 'top' : '',
    inner.x + inner.width > outer.x + outer.width + slack ? 'right' : '',
    inner.y + inner.height > outer.y + outer.height + slack ? 'bottom' : '',
  ].filter(Boolean);
  expect(outside, `${what} ${JSON.stringify(inner)} crosses ${JSON.stringify(outer)} at`).toEqual([]);
}

/** Expects each of `locators` to be visible and wholly inside `outer`. */
export async function expectAllInside(locators: Record<string, Locator>, outer: Box): Promise<void> {
  for (const [what, locator] of Object.entries(locators)) {
    await expect(locator, what).toBeVisible();
    expectInside(await boxOf(locator), outer, what);
  }
}
