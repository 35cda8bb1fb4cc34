import type { BenchMetric } from './report/results.ts';

/** Film 1's unbuffered seek target: past every player's forward buffer a second into playback. */
export const FILM_SEEK_TO = 50;
/** The long film's seek target, 25 minutes in. */
export const LONG_SEEK_TO = 1500;
/** Film 8's seek target: the middle of its fifth 4 s segment, on its second 2 s GOP's keyframe (18 s = 16 s + 2 s). */
export const CMAF_SEEK_TO = 18;
/** The seek moments whose inside-the-buffer seek is a metric of its own, by far-seek metric. */
export const BUFFERED_AT_MOMENT: Readonly<Record<string, string>> = {
  'seek-far-1s': 'seek-buffered-1s',
  'seek-far-10s': 'seek-buffered-10s',
  'seek-far-full': 'seek-buffered-full',
};
/** The "buffer full" moment: this much buffered ahead of the playhead, or no growth for BUFFER_SETTLE_MS. */
export const BUFFER_FULL_SECONDS = 25;
export const BUFFER_SETTLE_MS = 3000;

const SEEK_DONE = 'until a frame within 0.5 s of the target is presented; missing when the target was already buffered';

export const METRICS: readonly BenchMetric[] = [
  {
    id: 'first-frame', label: 'first frame', unit: 'ms', headline: true,
    description: 'from the page\'s navigation to the first video frame presented (requestVideoFrameCallback), film 1; for our widget the page is the host page around its iframe',
  },
  {
    id: 'first-frame-iframe', label: 'first frame from the iframe\'s navigation', unit: 'ms', headline: false,
    description: 'our widget only: the same moment, measured from the iframe document\'s own navigation',
  },
  {
    id: 'engine-startup', label: 'first frame from the stream\'s first request', unit: 'ms', headline: true,
    description: 'from the stream\'s first request (whether the page, the iframe or a worker sends it) to the first video frame presented, film 1: the player\'s own start-up, without the page, its scripts or the catalogue calls before it. The first request is the first playlist or MPD request; when a page carries its playlists inline and requests none, it is the first media segment or init segment request',
  },
  {
    id: 'seek-unbuffered', label: `unbuffered seek (film 1 → ${FILM_SEEK_TO} s)`, unit: 'ms', headline: true,
    description: `film 1, 1 s after the first frame: currentTime = ${FILM_SEEK_TO} ${SEEK_DONE}`,
  },
  {
    id: 'seek-far-1s', label: `far seek 1 s in (film 4 → ${LONG_SEEK_TO} s)`, unit: 'ms', headline: true,
    description: `the 31-minute film, 1 s after the first frame: seek to ${LONG_SEEK_TO} s (25 min) ${SEEK_DONE}`,
  },
  {
    id: 'seek-far-10s', label: `far seek 10 s in (film 4 → ${LONG_SEEK_TO} s)`, unit: 'ms', headline: true,
    description: `the same seek in a visit of its own, 10 s after the first frame: the player is busy filling its buffer`,
  },
  {
    id: 'seek-far-full', label: `far seek, buffer full (film 4 → ${LONG_SEEK_TO} s)`, unit: 'ms', headline: true,
    description: `the same seek in a visit of its own, once the buffer is full: ${BUFFER_FULL_SECONDS} s buffered ahead of the playhead, or its end has not grown for ${BUFFER_SETTLE_MS / 1000} s (each player's own buffer goal)`,
  },
  {
    id: 'seek-cmaf', label: `seek into a segment (film 8 → ${CMAF_SEEK_TO} s)`, unit: 'ms', headline: true,
    description: `film 8 (1080p CMAF, 4 s segments of two 2 s GOPs, I-frame playlists), 1 s after the first frame: seek to ${CMAF_SEEK_TO} s, the middle of a segment, ${SEEK_DONE}`,
  },
  {
    id: 'film-after-ad', label: 'film\'s first frame after the preroll', unit: 'ms', headline: true,
    description: 'film 1 with a preroll: from the ad\'s end (skipped once allowed, 5 s in) to the film\'s first frame presented while playing; ours against hls.js in an IMA-style page that loads the film after the ad',
  },
  {
    id: 'seek-buffered', label: 'seek inside the buffer after a seek', unit: 'ms', headline: false,
    description: 'film 1, after the unbuffered seek: a seek 2 s ahead (or 1.5 s back) inside what is buffered, until a frame at the target is presented',
  },
  {
    id: 'seek-buffered-1s', label: 'seek inside the buffer 1 s in', unit: 'ms', headline: false,
    description: `film 4, 1 s after the first frame, in the far seek's visit and before it: a seek 2 s ahead (or 1.5 s back) inside what is buffered, until a frame at the target is presented`,
  },
  {
    id: 'seek-buffered-10s', label: 'seek inside the buffer 10 s in', unit: 'ms', headline: false,
    description: 'the same, 10 s after the first frame, in the visit of the far seek 10 s in',
  },
  {
    id: 'seek-buffered-full', label: 'seek inside the buffer, buffer full', unit: 'ms', headline: false,
    description: 'the same, once the buffer is full, in the visit of the far seek with a full buffer',
  },
  {
    id: 'startup-tbt', label: 'start-up blocking time', unit: 'ms', headline: false,
    description: 'total blocking time (the part of each main-thread long task over 50 ms) from navigation to the first frame',
  },
  {
    id: 'steady-tbt', label: 'steady-playback blocking time', unit: 'ms', headline: false,
    description: 'total blocking time during the steady-playback window after the first frame (film 1)',
  },
  {
    id: 'steady-long-tasks', label: 'steady-playback long tasks', unit: 'count', headline: false,
    description: 'number of main-thread long tasks (over 50 ms) during the steady-playback window',
  },
  {
    id: 'our-long-tasks', label: 'long tasks of the player', unit: 'count', headline: false,
    description: 'main-thread tasks of 50 ms or more that ran the player\'s code, from the player\'s navigation (our widget: its iframe\'s; a plain page: the page\'s) to the end of the steady-playback window, in its visit; the host page\'s tasks are not counted (host-long-tasks)',
  },
  {
    id: 'our-longest-task', label: 'longest task of the player', unit: 'ms', headline: false,
    description: 'the longest of those tasks; 0 when there were none',
  },
  {
    id: 'host-long-tasks', label: 'long tasks of the host page', unit: 'count', headline: false,
    description: 'our widget only: main-thread tasks of 50 ms or more from the host page\'s navigation to the end of the steady window that were not the widget\'s (the host page\'s parse and script, and what the browser pins on no single frame, such as a navigation\'s commit)',
  },
  {
    id: 'rebuffers', label: 'rebuffering events', unit: 'count', headline: false,
    description: '\'waiting\' events outside seeks during the steady-playback window',
  },
  {
    id: 'js-bytes', label: 'JavaScript before the first frame', unit: 'kB', headline: false,
    description: 'bytes of JavaScript transferred (gzip as served, workers included) before the first frame, film 1',
  },
  {
    id: 'peak-heap', label: 'peak JS heap (page)', unit: 'MB', headline: false,
    description: 'largest JSHeapUsedSize of the page\'s renderer main thread (DevTools Performance.getMetrics) sampled during film 1; worker heaps are not included',
  },
];
