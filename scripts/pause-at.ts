import type { Locator } from '@playwright/test';

/**
 * Plays the video muted until its time passes `seconds`, then pauses there (paused, the
 * controls stay up): the screenshot scripts' way to a known frame.
 */
export async function pauseAt(video: Locator, seconds: number): Promise<void> {
  await video.evaluate((element: HTMLVideoElement, at) => {
    element.muted = true;
    return new Promise<void>((resolve) => {
      // No named function here: the script runner would wrap it in a helper the page lacks.
      const lifetime = new AbortController();
      element.addEventListener('timeupdate', () => {
        if (element.currentTime < at) return;
        lifetime.abort();
        element.pause();
        resolve();
      }, { signal: lifetime.signal });
      void element.play();
    });
  }, seconds);
}
