/**
 * The host page subjects' names, metrics and method lines, as the report prints them.
 */
import type { BenchMetric } from '../report/results.ts';
import { BLOCKING_THRESHOLD_MS, QUIET_DEADLINE_MS, QUIET_MS } from './page-costs.ts';

export const HOST_SUBJECTS = [
  { id: 'none', label: 'none', description: 'the article with six empty 16:9 slots: no players at all' },
  { id: 'facade', label: 'facade', description: 'six data-kino-player elements, data-loading="facade" with data-title and data-poster (no catalogue call), lib.js (async) from the player\'s origin' },
  { id: 'eager', label: 'eager', description: 'the same six with data-loading="eager" (no autoplay): six frames at once' },
  {
    id: 'youtube-style', label: 'YouTube-weight stand-in',
    description: 'six iframes from a third origin, each a generated stand-in page with a YouTube embed\'s published weight (about 950 kB and 27 requests per embed, beleaf.au\'s measurements): about 730 kB of script that is parsed and run, two stylesheets, two fonts, a poster and small images, a JSON call and pings. It is a stand-in with that weight, not YouTube, and nothing in it is YouTube\'s',
  },
  { id: 'click-facade', label: 'click on a facade', description: 'one facade player above the fold: a click on its play button, once it is drawn with its poster and the link is idle' },
  { id: 'click-eager', label: 'play click on an eager player', description: 'one eager player above the fold, its ready event come and its frame idle (nothing fetched for 1 s): a click on the player\'s play button' },
] as const;

export const HOST_METRICS: readonly BenchMetric[] = [
  { id: 'lcp', label: 'largest contentful paint', unit: 'ms', headline: true, description: 'the top page\'s largest-contentful-paint entry (the article\'s hero image, unless something larger paints), from navigation' },
  {
    id: 'tbt', label: 'total blocking time', unit: 'ms', headline: true,
    description: `the sum, over the main thread's long tasks that started from navigation until the page was quiet, of each one's part over ${BLOCKING_THRESHOLD_MS} ms. Quiet: the load event has fired and no request of any frame or worker has been in flight for ${QUIET_MS / 1000} s (at the latest ${QUIET_DEADLINE_MS / 1000} s after navigation). The iframes run on the page's main thread here (one renderer), so their tasks block the page too`,
  },
  { id: 'frames-tbt', label: 'of which the iframes\' tasks', unit: 'ms', headline: false, description: 'the part of the total blocking time from tasks the browser names an iframe\'s (cross-origin-descendant)' },
  { id: 'long-tasks', label: 'main-thread long tasks', unit: 'count', headline: false, description: 'long tasks (50 ms or more) in the same window, whoever ran them' },
  { id: 'cls', label: 'cumulative layout shift', unit: 'count', headline: true, description: 'the largest session window of layout shifts without recent input (gaps under 1 s, windows up to 5 s)' },
  { id: 'bytes', label: 'bytes transferred', unit: 'kB', headline: true, description: 'every byte the shaped link delivered to the browser during the visit (headers and bodies, all frames, workers and processes), counted at the bench\'s proxies' },
  { id: 'requests', label: 'requests', unit: 'count', headline: true, description: 'every request of the browser context (the page, its iframes and their dedicated workers; Playwright\'s context request events)' },
  { id: 'player-requests', label: 'requests to the player\'s origin', unit: 'count', headline: false, description: 'those of them to the player\'s origin; for facade all of them come before any intent and should be lib.js and the posters only' },
  { id: 'quiet-at', label: 'quiet at', unit: 'ms', headline: false, description: 'when the page was quiet, from navigation: the end of the window above' },
  {
    id: 'click-to-first-frame', label: 'click to first frame', unit: 'ms', headline: true,
    description: 'from a trusted click\'s pointerdown (the event\'s time in the frame that got it) to the first video frame the player\'s iframe presented at or after it (requestVideoFrameCallback)',
  },
  { id: 'click-unmuted', label: 'played with sound (1 = unmuted)', unit: 'count', headline: false, description: 'whether that first frame played unmuted (the video\'s muted flag)' },
];

export const HOST_METHOD: string[] = [
  'The page: an article (bench/pages/article.html) with a heading, a 1200×675 hero image of its own (about 120 kB, the natural largest paint), paragraphs and six 16:9 player slots among them, each box reserved by the host\'s CSS (aspect-ratio). The variants differ only in what fills the slots. Phone profiles at 360×640, the fast profile at 1280×800.',
  'Three origins, each through the profile\'s shaped link (one bandwidth shared by all): the article\'s, the player\'s (our server: lib.js, the posters, the frames) and the stand-ins\'. All three are 127.0.0.1 on different ports: one site, so the page and its iframes share a renderer and its CPU slowdown, as on a phone where a page\'s iframes commonly share its process. On a desktop with site isolation the frames\' tasks would run in processes of their own: their blocking time is shown apart.',
  'Every visit in a fresh browser context, variants taking turns in each run, the page visible and untouched (no pointer, no focus: nothing counts as intent). The browser keeps the web\'s autoplay policy (sound only after the viewer\'s activation).',
  'The click visits start at a real input click (Playwright\'s mouse, trusted events), which gives the page user activation: the figures show the player\'s path from the click to the first frame, not how a given browser\'s autoplay policy treats a real visitor. The mouse moves onto the facade just before its click, so the facade\'s warm-up on intent gets no head start.',
];
