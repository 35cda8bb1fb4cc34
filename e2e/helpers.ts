import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Starts playback and waits until the element has really presented frames past `seconds`:
 * requestVideoFrameCallback fires only for frames the compositor showed.
 */
export async function expectPlaysPast(video: Locator, seconds: number): Promise<void> {
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
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
