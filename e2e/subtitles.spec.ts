import { expect, test, type Locator, type Page } from '@playwright/test';
import { embed, expectPlaysPast, showControls } from './helpers.ts';

const videoOf = (page: Page) => page.locator('video');
const showingLanguages = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) => [...element.textTracks].filter((track) => track.mode === 'showing').map((track) => track.language));

/** The part of a DevTools protocol DOM node read here. */
interface ProtocolNode {
  nodeId: number;
  attributes?: string[];
  children?: ProtocolNode[];
  shadowRoots?: ProtocolNode[];
}

/**
 * The boxes the browser drew the subtitle cues in, as the viewer sees them. Native cues live in
 * the video's user-agent shadow tree, which only the DevTools protocol reaches (pierce: true).
 */
async function renderedCues(page: Page): Promise<Array<{ top: number; bottom: number }>> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: ProtocolNode };
    const displays: number[] = [];
    const walk = (node: ProtocolNode) => {
      const attributes = node.attributes ?? [];
      for (let index = 0; index < attributes.length; index += 2) {
        if (attributes[index] === 'pseudo' && attributes[index + 1] === '-webkit-media-text-track-display') displays.push(node.nodeId);
      }
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) walk(child);
    };
    walk(root);
    const boxes = [];
    for (const nodeId of displays) {
      const { model } = await cdp.send('DOM.getBoxModel', { nodeId });
      const ys = model.border.filter((_value, index) => index % 2 === 1);
      boxes.push({ top: Math.min(...ys), bottom: Math.max(...ys) });
    }
    return boxes;
  } finally {
    await cdp.detach();
  }
}

/** The lowest edge of the cues on screen; null with none. */
const cueBottom = async (page: Page) => {
  const boxes = await renderedCues(page);
  return boxes.length > 0 ? Math.max(...boxes.map((box) => box.bottom)) : null;
};

test.describe('subtitles', () => {
  test('a subtitle chosen from the subtitles button closes the menu', async ({ page }) => {
    await embed(page, '?movie_id=1');
    await page.getByRole('button', { name: 'Субтитры' }).click();
    await page.getByRole('menu', { name: 'Субтитры' }).getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect.poll(() => showingLanguages(videoOf(page))).toEqual(['ru']);
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('cues move above the control bar while it shows, and back down when it hides', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = videoOf(page);
    await page.getByRole('button', { name: 'Субтитры' }).click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect.poll(() => showingLanguages(video)).toEqual(['ru']);
    await expectPlaysPast(video, 1);
    // Paused, the controls stay up.
    await video.evaluate((element: HTMLVideoElement) => element.pause());
    await showControls(page);
    const bar = page.locator('.control-bar');
    await expect(page.locator('.controls')).toHaveClass(/controls--shown/);
    const barBox = await bar.boundingBox();
    if (!barBox) throw new Error('no control bar');
    await expect.poll(() => cueBottom(page)).not.toBeNull();
    await expect.poll(async () => (await cueBottom(page))! <= barBox.y + 0.5).toBe(true);

    // Playing with the pointer still, the controls hide after 2 s and the cues return to the bottom.
    await video.evaluate((element: HTMLVideoElement) => void element.play());
    await expect(page.locator('.controls')).toHaveClass(/controls--hidden/, { timeout: 10_000 });
    const videoBox = await video.boundingBox();
    await expect.poll(async () => (await cueBottom(page)) ?? 0).toBeGreaterThan(videoBox!.y + videoBox!.height - 8);
  });
});
