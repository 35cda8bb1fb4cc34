/**
 * The bench's page-side code, as text: tsx would wrap named functions in a helper the page does
 * not have, so these go in through addInitScript or evaluate as strings.
 */

/** Installed in every frame before its scripts run: long tasks, the first frame, rebuffering. */
export const PROBE = `(() => {
  const bench = (window.__bench = { longTasks: [], waiting: 0 });
  try {
    new PerformanceObserver((list) => {
      // Which frame saw it and how the browser names it (self, cross-origin-descendant…): whose it was.
      for (const entry of list.getEntries()) bench.longTasks.push({ start: performance.timeOrigin + entry.startTime, duration: entry.duration, name: entry.name, top: window === window.top });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const watch = (video) => {
    // Every subject starts the same way: muted autoplay as soon as the element exists.
    video.muted = true;
    video.autoplay = true;
    video.requestVideoFrameCallback(() => {
      bench.firstFrame = performance.now();
      bench.firstFrameEpoch = performance.timeOrigin + bench.firstFrame;
    });
    video.addEventListener('waiting', () => {
      if (bench.firstFrame !== undefined && !video.seeking && !bench.inSeek) bench.waiting += 1;
    });
  };
  new MutationObserver((_, observer) => {
    const video = document.querySelector('video');
    if (!video) return;
    observer.disconnect();
    watch(video);
  }).observe(document, { subtree: true, childList: true });
})();`;

/** Seeks and resolves with the time to the first frame within 0.5 s of the target (null after 30 s). */
export const TIME_SEEK = `(to) => new Promise((resolve) => {
  const video = document.querySelector('video');
  const ranges = video.buffered;
  let buffered = false;
  const held = [];
  for (let i = 0; i < ranges.length; i += 1) {
    if (ranges.start(i) <= to && to < ranges.end(i) - 0.1) buffered = true;
    held.push(ranges.start(i).toFixed(1) + '–' + ranges.end(i).toFixed(1));
  }
  const state = 'at ' + video.currentTime.toFixed(1) + ' s, buffered ' + (held.join(', ') || 'nothing');
  window.__bench.inSeek = true;
  const started = performance.now();
  const timer = setTimeout(() => resolve({ ms: null, buffered, state }), 30000);
  const onFrame = (_now, meta) => {
    if (Math.abs(meta.mediaTime - to) <= 0.5) {
      clearTimeout(timer);
      window.__bench.inSeek = false;
      resolve({ ms: performance.now() - started, buffered, state });
    } else video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
  video.currentTime = to;
})`;

/** A target inside the buffer: 2 s ahead if buffered, else 1.5 s back, else none. */
export const BUFFERED_TARGET = `(() => {
  const video = document.querySelector('video');
  const now = video.currentTime;
  const ranges = video.buffered;
  for (let i = 0; i < ranges.length; i += 1) {
    if (ranges.start(i) <= now && now < ranges.end(i)) {
      if (ranges.end(i) - now > 2.6) return now + 2;
      if (now - ranges.start(i) > 2) return now - 1.5;
    }
  }
  return null;
})()`;

/** Waits until the buffer is full: BUFFER_FULL_SECONDS ahead of the playhead, or its end still for BUFFER_SETTLE_MS (30 s at most). */
export const BUFFER_FULL = `(full, settleMs) => new Promise((resolve) => {
  const video = document.querySelector('video');
  const end = () => {
    const ranges = video.buffered;
    for (let i = 0; i < ranges.length; i += 1) if (ranges.start(i) <= video.currentTime + 0.1 && video.currentTime < ranges.end(i)) return ranges.end(i);
    return video.currentTime;
  };
  const started = performance.now();
  let last = end();
  let grewAt = started;
  const timer = setInterval(() => {
    const now = performance.now();
    const e = end();
    if (e > last + 0.01) { last = e; grewAt = now; }
    const ahead = e - video.currentTime;
    const why = ahead >= full ? 'ahead' : now - grewAt >= settleMs ? 'settled' : now - started > 30000 ? 'timeout' : null;
    if (why) { clearInterval(timer); resolve({ ahead, why }); }
  }, 100);
})`;
