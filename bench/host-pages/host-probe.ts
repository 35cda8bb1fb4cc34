/**
 * Page-side code of the host page visits, as text (tsx would wrap named functions in a helper
 * the page does not have). Installed in every frame before its scripts run. Unlike the frame
 * subjects' probe it touches no video: the click visits measure the player's own start,
 * muted flag included.
 *
 * Top frame: largest contentful paint, layout shifts, the main thread's long tasks (each with
 * the name the browser gives it: `self` for the page's own, `cross-origin-descendant` for an
 * iframe's, which share the page's renderer here). Every frame: its first trusted pointerdown
 * (epoch ms), and each frame its video presents (epoch ms, muted or not).
 */
export const HOST_PROBE = `(() => {
  const bench = (window.__hostBench = { longTasks: [], shifts: [], lcp: null, pointerDown: null, presented: [] });
  const top = window === window.top;
  const observe = (type, handle) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(handle)).observe({ type, buffered: true }); } catch {}
  };
  if (top) {
    observe('longtask', (entry) => bench.longTasks.push({ start: performance.timeOrigin + entry.startTime, duration: entry.duration, name: entry.name }));
    observe('layout-shift', (entry) => bench.shifts.push({ at: entry.startTime, value: entry.value, hadRecentInput: entry.hadRecentInput }));
    observe('largest-contentful-paint', (entry) => {
      const element = entry.element;
      bench.lcp = { at: entry.startTime, size: entry.size, element: element ? element.tagName.toLowerCase() + (element.className ? '.' + String(element.className).split(' ')[0] : '') : entry.url };
    });
  }
  addEventListener('pointerdown', (event) => {
    if (event.isTrusted && bench.pointerDown === null) bench.pointerDown = performance.timeOrigin + event.timeStamp;
  }, { capture: true });
  const watch = (video) => {
    const onFrame = (now) => {
      if (bench.presented.length < 600) bench.presented.push({ epoch: performance.timeOrigin + now, muted: video.muted });
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  new MutationObserver((_, observer) => {
    const video = document.querySelector('video');
    if (!video) return;
    observer.disconnect();
    watch(video);
  }).observe(document, { subtree: true, childList: true });
})();`;

/** What the top frame's probe holds after a visit. */
export interface TopProbe {
  longTasks: Array<{ start: number; duration: number; name: string }>;
  shifts: Array<{ at: number; value: number; hadRecentInput: boolean }>;
  lcp: { at: number; size: number; element: string } | null;
}

/** Page-side: the first frame presented at or after `since` (epoch ms), or null. */
export const presentedSince = (since: number) => `(() => {
  const bench = window.__hostBench;
  return (bench && bench.presented.find((frame) => frame.epoch >= ${since})) || null;
})()`;

/** Page-side, in the host page: the centre of the facade's play button (inside its shadow root), or null until it is drawn with its poster. */
export const FACADE_BUTTON = `(() => {
  const facade = document.querySelector('[data-kino-facade]');
  const root = facade && facade.shadowRoot;
  const button = root && root.querySelector('button');
  const poster = root && root.querySelector('img');
  if (!button || !poster || !poster.complete) return null;
  const box = button.getBoundingClientRect();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
})()`;

/** Page-side, in the host page: where the player's iframe is. */
export const FRAME_BOX = `(() => {
  const box = document.querySelector('[data-kino-player] iframe').getBoundingClientRect();
  return { x: box.x, y: box.y, width: box.width, height: box.height };
})()`;

/**
 * Page-side, in the player's frame: the centre of its play button, or null until it shows: the
 * big one in the middle, or in a small frame (which has none) the control bar's.
 */
export const PLAY_BUTTON = `(() => {
  const button = document.querySelector('.controls__big-play')
    || [...document.querySelectorAll('button')].find((candidate) => candidate.getAttribute('aria-label') === 'Воспроизвести');
  if (!button) return null;
  const box = button.getBoundingClientRect();
  return box.width > 0 ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
})()`;
