/**
 * When the player may start loading its source (SPEC.md section 4): at once (eager), when the
 * page is idle, when the player scrolls into view, or when the viewer asks to play.
 */
export type LoadStrategy = 'eager' | 'idle' | 'visible' | 'play';

/** The browser hooks a strategy waits on, replaceable in tests. */
export interface LoadStrategyHooks {
  whenIdle(signal: AbortSignal): Promise<void>;
  whenVisible(element: Element, signal: AbortSignal): Promise<void>;
}

export const browserLoadStrategyHooks: LoadStrategyHooks = {
  whenIdle: (signal) =>
    new Promise((resolve) => {
      const idle = (globalThis as { requestIdleCallback?: (callback: () => void) => number }).requestIdleCallback;
      // Safari has no requestIdleCallback: the next task is the closest thing.
      const handle = idle ? idle(() => resolve()) : setTimeout(resolve, 1);
      signal.addEventListener('abort', () => {
        if (idle) (globalThis as { cancelIdleCallback?: (id: number) => void }).cancelIdleCallback?.(handle as number);
        else clearTimeout(handle as ReturnType<typeof setTimeout>);
      });
    }),
  whenVisible: (element, signal) =>
    new Promise((resolve) => {
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(element);
      signal.addEventListener('abort', () => observer.disconnect());
    }),
};

/**
 * Resolves when `strategy` allows loading. 'play' waits for `playRequested` (the core's play()
 * request) or the element's own play event (its native controls).
 */
export function loadGate(
  strategy: LoadStrategy,
  video: HTMLVideoElement,
  playRequested: Promise<void>,
  signal: AbortSignal,
  hooks: LoadStrategyHooks = browserLoadStrategyHooks,
): Promise<void> {
  switch (strategy) {
    case 'eager':
      return Promise.resolve();
    case 'idle':
      return hooks.whenIdle(signal);
    case 'visible':
      return hooks.whenVisible(video, signal);
    case 'play':
      return Promise.race([
        playRequested,
        new Promise<void>((resolve) => video.addEventListener('play', () => resolve(), { once: true, signal })),
      ]);
  }
}
