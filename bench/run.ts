/**
 * `npm run bench`: start-up and seek latency, main-thread cost and bytes of our widget against
 * hls.js, Shaka Player, dash.js and Chromium's native HLS, measured in one run on the same media
 * through the same shaped link, subjects interleaved (A B C … A B C …), every visit in a fresh
 * browser context. Writes bench/results/<name>.{json,md,svg}.
 *
 *   npm run bench                     the full run: 3 profiles, 3 runs each, a 30 s steady window
 *   npm run bench -- --quick          mobile-4g, 1 run, a 10 s steady window, the far seek 1 s in only (CI's smoke run)
 *   npm run bench -- --host-pages-only --profiles mobile-4g --runs 1 --name try
 *                                     only the host page subjects (bench/host-pages/: an article with six players)
 *   options: --profiles a,b  --subjects a,b  --metrics a,b  --runs N  --moment-runs N  --steady S  --name NAME
 *   (--metrics keeps only the visits that measure one of those metrics, e.g. --metrics seek-cmaf;
 *   --moment-runs: how many runs per profile, from the first, measure the far seek 10 s in and
 *   with a full buffer; 1 by default, which keeps the full run within 35 minutes)
 *
 * phone-1core runs once (its maxRuns) in a browser of its own pinned to one core. The full run
 * also measures the host page subjects on mobile-4g and fast (about 8 minutes more); the quick
 * run does not.
 * The quick run fails only on deterministic regressions (bundle budgets), never on timings.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadServerConfig } from '../server/config.ts';
import { startServer } from '../server/main.ts';
import { buildWidgetIfStale } from '../scripts/widget-build.ts';
import { budgetFailures, measureChunks } from './bundle-sizes.ts';
import { CHROMIUM, launchBrowser } from './browser.ts';
import { BUFFERED_AT_MOMENT, CMAF_SEEK_TO, FILM_SEEK_TO, LONG_SEEK_TO, METRICS } from './metrics.ts';
import { PROFILES, profileById, type Profile } from './profiles.ts';
import { referenceBundles, startReferenceServer } from './reference-server.ts';
import { renderMarkdown } from './report/render-markdown.ts';
import { renderSvg } from './report/render-svg.ts';
import type { BenchResults, BenchSample, BundleSize, HostPageResults, SeekFloor } from './report/results.ts';
import { HOST_PAGE_PROFILES, measureHostPages } from './host-pages/host-pages.ts';
import { AFTER_AD_SUBJECTS, measureFilmAfterAd } from './after-ad.ts';
import { runSession, type SessionOutcome, type SessionPlan } from './session.ts';
import { floorMs, seekFloorBytes } from './seek-floor.ts';
import { MOVIE_ID, SUBJECTS, type Media, type Origins, type Subject } from './subjects.ts';
import { createLink, startThrottleProxy } from './throttle-proxy.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** The profile whose first run includes the steady-playback window: the 4G phone, when measured. */
const STEADY_PROFILE = 'mobile-4g';
const steadyProfile = (options: Options) => (options.profiles.some((p) => p.id === STEADY_PROFILE) ? STEADY_PROFILE : options.profiles[0]?.id);
/** The one-core phone watches the steady window too (its only run): the long tasks it counts are a goal there. */
const watchesSteady = (options: Options, profile: Profile) => profile.id === steadyProfile(options) || profile.id === 'phone-1core';

interface Options {
  quick: boolean;
  profiles: Profile[];
  subjects: Subject[];
  runs: number;
  steadySeconds: number;
  name: string;
  /** Only the visits that measure one of these; undefined = all. */
  metrics: ReadonlySet<string> | undefined;
  /** Runs per profile that measure the far seek 10 s in and with a full buffer (the first ones). */
  momentRuns: number;
  /** Measure the host page subjects (the full run), or only them. */
  hostPages: 'no' | 'also' | 'only';
}

function parseOptions(argv: readonly string[]): Options {
  const flags = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument "${arg}"`);
    const [key, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (key === 'quick' || key === 'host-pages-only') flags.set(key, 'true');
    else flags.set(key, inline ?? argv[(index += 1)] ?? '');
  }
  const known = new Set(['quick', 'host-pages-only', 'profiles', 'subjects', 'metrics', 'runs', 'moment-runs', 'steady', 'name']);
  for (const key of flags.keys()) if (!known.has(key)) throw new Error(`unknown option --${key}`);
  const quick = flags.has('quick');
  const list = (value: string | undefined) => value?.split(',').map((item) => item.trim()).filter(Boolean);
  const positive = (key: string, fallback: number) => {
    const value = Number(flags.get(key) ?? fallback);
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${key} takes a whole number (got "${flags.get(key)}")`);
    return value;
  };
  const subjectIds = list(flags.get('subjects'));
  const subjects = subjectIds ? subjectIds.map((id) => {
    const subject = SUBJECTS.find((candidate) => candidate.id === id);
    if (!subject) throw new Error(`unknown subject "${id}"; known: ${SUBJECTS.map((s) => s.id).join(', ')}`);
    return subject;
  }) : [...SUBJECTS];
  if (!subjects.some((subject) => subject.reference)) throw new Error('--subjects must include ours: every ratio is against it');
  const metricIds = list(flags.get('metrics'));
  for (const id of metricIds ?? []) {
    if (!METRICS.some((metric) => metric.id === id)) throw new Error(`unknown metric "${id}"; known: ${METRICS.map((m) => m.id).join(', ')}`);
  }
  return {
    quick,
    profiles: (list(flags.get('profiles')) ?? (quick ? ['mobile-4g'] : PROFILES.map((p) => p.id))).map(profileById),
    subjects,
    runs: Math.max(1, positive('runs', quick ? 1 : 3)),
    steadySeconds: positive('steady', quick ? 10 : 30),
    name: flags.get('name') ?? (quick ? 'quick' : 'full'),
    metrics: metricIds ? new Set(metricIds) : undefined,
    momentRuns: positive('moment-runs', 1),
    hostPages: flags.has('host-pages-only') ? 'only' : quick ? 'no' : 'also',
  };
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/** Who ships which of our chunks, and what it is for. */
function ourRole(name: string): string {
  if (name === 'embed') return 'main-thread entry (configuration, catalogue calls, the core)';
  if (name === 'render-ui') return 'React and the UI, loaded beside the first frame';
  if (name === 'engine.worker') return 'custom engine worker (playlists, fetching, transmuxing, MediaSource)';
  if (name === 'hls.worker') return 'hls.js transmuxer worker (lazy)';
  if (name === 'hls-adapter') return 'lazy chunk: hls.js and its adapter';
  if (name === 'dash.all.min') return 'lazy chunk: dash.js';
  if (name.endsWith('.worker')) return 'worker';
  return 'lazy chunk';
}

async function bundleSizes(): Promise<BundleSize[]> {
  const ours = [...(await measureChunks()).entries()].map(([name, gzipBytes]): BundleSize => ({ name, owner: 'ours', role: ourRole(name), gzipBytes }));
  return [...ours, ...(await referenceBundles())];
}

/** The unbuffered seeks, with their media and target, whose floor the report prints. */
const FLOORED_SEEKS: ReadonlyArray<{ metrics: readonly string[]; media: Media; to: number }> = [
  { metrics: ['seek-unbuffered'], media: 'film', to: FILM_SEEK_TO },
  { metrics: ['seek-far-1s', 'seek-far-10s', 'seek-far-full'], media: 'long', to: LONG_SEEK_TO },
  { metrics: ['seek-cmaf'], media: 'cmaf', to: CMAF_SEEK_TO },
];

/** Each shaped profile's floor for each unbuffered seek, from the media files on disk. */
async function seekFloors(mediaDir: string, profiles: readonly Profile[]): Promise<SeekFloor[]> {
  const floors: SeekFloor[] = [];
  for (const seek of FLOORED_SEEKS) {
    const bytes = await seekFloorBytes(path.join(mediaDir, 'films', String(MOVIE_ID[seek.media]), 'master.m3u8'), seek.to);
    for (const profile of profiles.filter((candidate) => candidate.downKbps !== null)) {
      for (const metric of seek.metrics) floors.push({ profile: profile.id, metric, bytes, ms: Math.round(floorMs(bytes, profile)) });
    }
  }
  return floors;
}

async function entryBudget(): Promise<number | undefined> {
  const budgets = JSON.parse(await readFile(path.join(ROOT, 'bench/budgets.json'), 'utf8')) as { gzipBytes?: Record<string, number> };
  return budgets.gzipBytes?.embed;
}

/** The sizes the "do not grow" goal compares with (bench/baseline.json). */
async function sizeBaseline(): Promise<BenchResults['baseline']> {
  const recorded = JSON.parse(await readFile(path.join(ROOT, 'bench/baseline.json'), 'utf8')) as { entryGzipBytes: number; jsBeforeFirstFrameKb: number };
  return { entryGzipBytes: recorded.entryGzipBytes, jsBeforeFirstFrameKb: recorded.jsBeforeFirstFrameKb };
}

const ONE_SECOND_IN = { afterFirstFrameMs: 1000 };

/** Whether this run measures the far seek 10 s in and with a full buffer. */
const laterMoments = (options: Options, run: number): boolean => !options.quick && run < options.momentRuns;

/** The metrics a visit can produce, for --metrics. */
function planMetrics(plan: SessionPlan): string[] {
  const metrics: string[] = [];
  if (plan.measureStartup) metrics.push('first-frame', 'first-frame-iframe', 'engine-startup', 'startup-tbt', 'js-bytes', 'peak-heap');
  if (plan.seek) metrics.push(plan.seek.metric, ...(plan.seek.insideBuffer ? ['seek-buffered'] : []), ...(plan.seek.bufferedFirst ? [plan.seek.bufferedFirst] : []));
  if (plan.steadySeconds) metrics.push('steady-tbt', 'steady-long-tasks', 'rebuffers', 'peak-heap', 'our-long-tasks', 'our-longest-task', 'host-long-tasks');
  return metrics;
}

/**
 * The visits one subject makes in one run: film 1 (start-up, an unbuffered seek and one inside
 * the buffer), the long film's far seek at three moments (each a visit of its own, each with a
 * seek inside the buffer first), film 8's seek into a segment, and film 1 again for the steady
 * window.
 */
function plansFor(subject: Subject, profile: Profile, origins: Origins, steadySeconds: number, options: Options, run: number): SessionPlan[] {
  const base = { subject, profile, origins };
  const only = options.metrics;
  const plans: SessionPlan[] = [
    { ...base, media: 'film', measureStartup: true, seek: { to: FILM_SEEK_TO, metric: 'seek-unbuffered', moment: ONE_SECOND_IN, insideBuffer: true } },
    { ...base, media: 'long', seek: { to: LONG_SEEK_TO, metric: 'seek-far-1s', moment: ONE_SECOND_IN, bufferedFirst: BUFFERED_AT_MOMENT['seek-far-1s'] } },
    // The two later moments cost 10-30 s of wall time per visit: they are measured in the first
    // --moment-runs runs of each profile only, and the quick run (a smoke run) leaves them out.
    ...(!laterMoments(options, run) ? [] : [
      { ...base, media: 'long', seek: { to: LONG_SEEK_TO, metric: 'seek-far-10s', moment: { afterFirstFrameMs: 10_000 }, bufferedFirst: BUFFERED_AT_MOMENT['seek-far-10s'] } },
      { ...base, media: 'long', seek: { to: LONG_SEEK_TO, metric: 'seek-far-full', moment: 'buffer-full', bufferedFirst: BUFFERED_AT_MOMENT['seek-far-full'] } },
    ] satisfies SessionPlan[]),
    { ...base, media: 'cmaf', seek: { to: CMAF_SEEK_TO, metric: 'seek-cmaf', moment: ONE_SECOND_IN } },
  ];
  if (steadySeconds > 0) plans.push({ ...base, media: 'film', steadySeconds });
  return only ? plans.filter((plan) => planMetrics(plan).some((metric) => only.has(metric))) : plans;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const startedAt = new Date();
  await buildWidgetIfStale();
  const failures = await budgetFailures();

  // The start-up and seek figures are the film's: no preroll in front of it.
  const serverConfig = loadServerConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', AD_LIST_URL: '/catalog-api/ad-list.json?case=none' });
  const server = await startServer({ ...serverConfig });
  const reference = await startReferenceServer();
  const browser = await launchBrowser();
  const samples: BenchSample[] = [];
  let hostPages: HostPageResults | undefined;
  /** One sample per metric per run: the visits' values merged (the heap's peak is the largest of them). */
  const record = (subject: Subject, profile: Profile, run: number, outcomes: readonly SessionOutcome[], watchedSteady: boolean, moments: boolean) => {
    const merged = new Map<string, number | null>();
    for (const { values } of outcomes) {
      for (const [metric, value] of Object.entries(values)) {
        const earlier = merged.get(metric);
        merged.set(metric, metric === 'peak-heap' && earlier != null && value != null ? Math.max(earlier, value) : (earlier ?? value));
      }
    }
    const notes = outcomes.flatMap((outcome) => outcome.notes);
    for (const metric of METRICS) {
      // A metric a visit should have produced but did not is a missing sample, with the reason.
      if (!merged.has(metric.id) && expectedMetric(metric.id, subject, watchedSteady, options.metrics, moments)) merged.set(metric.id, null);
    }
    for (const [metric, value] of merged) {
      samples.push({ subject: subject.id, profile: profile.id, metric, run, value: value === null ? null : Math.round(value * 10) / 10, ...(notes.length ? { note: notes.join('; ') } : {}) });
    }
  };
  try {
    for (const profile of options.hostPages === 'only' ? [] : options.profiles) {
      // One shaped link per profile, shared by both origins: the host page, the widget and the media compete as on a phone.
      const link = createLink(profile.link);
      const widgetProxy = await startThrottleProxy(hostAndPort(server.url), link);
      const referenceProxy = await startThrottleProxy(hostAndPort(reference.url), link);
      const origins: Origins = { widget: `http://127.0.0.1:${widgetProxy.port}`, reference: `http://127.0.0.1:${referenceProxy.port}` };
      const profileBrowser = profile.cpus === undefined ? browser : await launchBrowser(profile.cpus);
      const runs = Math.min(options.runs, profile.maxRuns ?? options.runs);
      try {
        for (let run = 0; run < runs; run += 1) {
          // The steady window costs its full length in wall time per subject: it is watched in the
          // first run of the phone profiles only, which keeps the full run near 35 minutes.
          const steady = run === 0 && watchesSteady(options, profile) ? options.steadySeconds : 0;
          for (const subject of options.subjects) {
            const outcomes: SessionOutcome[] = [];
            for (const plan of plansFor(subject, profile, origins, steady, options, run)) {
              const outcome = await runSession(profileBrowser, plan);
              outcomes.push(outcome);
              const shown = Object.entries(outcome.values).map(([metric, value]) => `${metric} ${value === null ? '—' : Math.round(value)}`).join(', ');
              console.log(`${profile.id} run ${run + 1}/${runs} ${subject.id.padEnd(10)} ${plan.media.padEnd(4)} ${shown}${outcome.notes.length ? `  [${outcome.notes.join('; ')}]` : ''}`);
            }
            if (AFTER_AD_SUBJECTS.has(subject.id) && (!options.metrics || options.metrics.has('film-after-ad'))) {
              const outcome = await measureFilmAfterAd(profileBrowser, subject, profile, origins);
              outcomes.push(outcome);
              console.log(`${profile.id} run ${run + 1}/${runs} ${subject.id.padEnd(10)} ad   film after the preroll ${outcome.values['film-after-ad'] == null ? '—' : Math.round(outcome.values['film-after-ad'])}${outcome.notes.length ? `  [${outcome.notes.join('; ')}]` : ''}`);
            }
            record(subject, profile, run, outcomes, steady > 0, laterMoments(options, run));
          }
        }
      } finally {
        if (profileBrowser !== browser) await profileBrowser.close();
        await widgetProxy.close();
        await referenceProxy.close();
      }
    }
    const hostProfiles = options.profiles.filter((profile) => HOST_PAGE_PROFILES.includes(profile.id));
    if (options.hostPages !== 'no' && hostProfiles.length === 0) console.log(`host pages: measured on ${HOST_PAGE_PROFILES.join(', ')} only, none of which this run has`);
    if (options.hostPages !== 'no' && hostProfiles.length > 0) {
      hostPages = await measureHostPages({ serverUrl: server.url, profiles: hostProfiles, runs: options.runs, log: (line) => console.log(line) });
    }
  } finally {
    await browser.close();
    await reference.close();
    await server.close();
  }

  const results: BenchResults = {
    title: options.quick ? 'Bench (quick run)' : 'Bench',
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    quick: options.quick,
    environment: {
      chromium: chromiumVersion(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      os: `${os.type()} ${os.release()}`,
    },
    method: [
      `${options.runs} run(s) per profile (phone-1core: one run, to keep the full bench within 35 minutes); in each run the subjects take turns (interleaved), every visit in a fresh browser context with an empty cache.`,
      'The network is shaped below the browser by a TCP proxy (bench/throttle-proxy.ts): half the round trip each way per chunk, one bandwidth budget shared by every connection and both origins, at most 64 kB in flight per connection. DevTools network throttling does not reliably reach dedicated workers, and the players differ exactly in what runs there.',
      'CPU slowdown is DevTools\' Emulation.setCPUThrottlingRate on the page. It does not slow dedicated workers, which favours players that work in workers (ours and hls.js). phone-1core closes that gap: the same 4× page slowdown on the mobile-4g link, in a browser launched of its own through a wrapper that execs Chromium under `taskset -c 0`, so every browser process (the page, its workers, the network and GPU processes) shares one core, as on a cheap phone.',
      `Media: film 1 (60 s; 240p/480p/720p MPEG-TS at about 0.4/1.3/2.7 Mbit/s with separate AAC audio, 4 s segments), film 4 (31 min, 360p) for the far seek, and film 8 (32 s; 240p–1080p CMAF fMP4 at about 0.44/1.26/2.6/4.65 Mbit/s, 4 s segments of two 2 s GOP fragments each, I-frame playlists, separate AAC audio). dash.js plays films 1 and 4 from their DASH remux (the same encodes in fMP4) and film 8 from an MPD over the very same files.`,
      `Seeks: film 1 → ${FILM_SEEK_TO} s and film 8 → ${CMAF_SEEK_TO} s (the middle of a segment, where a keyframe index lets a player start from the segment's second GOP), 1 s after the first frame; film 4 → ${LONG_SEEK_TO} s at three moments, each a visit of its own: 1 s and 10 s after the first frame, and once the buffer is full (25 s ahead of the playhead, or its end has stopped growing for 3 s). The 10 s and buffer-full moments cost their wait in wall time per subject and are measured in the first ${options.momentRuns} run(s) of each profile only${options.quick ? ' (not at all in the quick run)' : ''}. A seek whose target was already buffered is not counted.`,
      'Seeks inside the buffer: 2 s ahead of the playhead (or 1.5 s back) inside what is buffered, until a frame at the target is presented; once in film 1 right after its unbuffered seek, and once at each of the far seek\'s moments, in the far seek\'s visit just before it (the far seek follows once playback has moved 0.5 s past that target, so it starts about 0.6 s after its moment). Each seek\'s floor beside it is one round trip plus the bytes of the first GOP at the target (the I-frame playlist\'s, else the whole keyframe segment) of the smallest rendition and of the audio segment, at the profile\'s bandwidth: no player that fetches the target\'s media after the seek can present a frame sooner.',
      'The stream\'s first request, from which the player\'s own start-up is timed, is the first playlist or MPD request; a page that carries its playlists inline (our /embed with the master and media playlists in its boot data) requests none, and then it is the first media or init segment request.',
      'Playback starts muted and automatic as soon as the <video> exists, for every subject.',
      'Film after the preroll (ours and hls.js only): a visit of its own with the demo preroll (15 s, skippable at 5 s) before film 1; the ad is skipped once allowed, and the time runs to the film\'s first frame presented while playing. Ours buffers the film behind the ad; the hls.js page follows the IMA-style flow (bench/pages/hls-ad.html) and loads the film after the ad. The ad plays unmuted (autoplay allowed by the browser flag).',
      `The steady-playback window (${options.steadySeconds} s after the first frame of film 1, in a visit of its own) is watched in the first run of ${[...new Set([steadyProfile(options), ...options.profiles.filter((p) => p.id === 'phone-1core').map((p) => p.id)])].join(' and ')} only: it costs its full length in wall time per subject. The same visit counts the main thread's long tasks (50 ms or more, Long Tasks API) from the player's navigation to the window's end, split by whose they were: each frame's observer records the entry's name, and a task the widget's iframe calls its own (the host page: a descendant's) is ours; the host page's own tasks, and those the browser pins on no single frame (a navigation's commit), are the host's and counted apart. Worker tasks are not main-thread long tasks and are not counted.`,
      'Timings are medians with [min–max]; ratios are peer ÷ ours, so above 1 means the peer is slower or larger. Absolute times drift between machines and runs; the ratios from one run are the claim.',
    ],
    profiles: options.profiles.map(({ link: _link, cpus: _cpus, maxRuns: _maxRuns, ...profile }) => profile),
    subjects: options.subjects.map(({ url: _url, frame: _frame, expectEngine: _engine, ...subject }) => subject),
    metrics: [...METRICS],
    samples,
    bundles: await bundleSizes(),
    floors: await seekFloors(serverConfig.mediaDir, options.profiles),
    entryBudgetBytes: await entryBudget(),
    baseline: await sizeBaseline(),
    ...(hostPages ? { hostPages } : {}),
  };
  const dir = path.join(ROOT, 'bench/results');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${options.name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(dir, `${options.name}.md`), renderMarkdown(results));
  await writeFile(path.join(dir, `${options.name}.svg`), renderSvg(results));
  const minutes = (Date.now() - startedAt.getTime()) / 60000;
  console.log(`\nbench/results/${options.name}.md written (${minutes.toFixed(1)} min)`);
  if (failures.length > 0) {
    console.error(`\nBundle budgets exceeded:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

/** Whether a run of this subject should have produced the metric (so its absence counts as missing). */
function expectedMetric(metric: string, subject: Subject, watchedSteady: boolean, only: ReadonlySet<string> | undefined, moments: boolean): boolean {
  if (only && !only.has(metric)) return false;
  if (['seek-far-10s', 'seek-far-full', 'seek-buffered-10s', 'seek-buffered-full'].includes(metric)) return moments;
  if (metric === 'first-frame-iframe') return subject.frame;
  if (metric === 'film-after-ad') return AFTER_AD_SUBJECTS.has(subject.id);
  if (metric === 'host-long-tasks') return watchedSteady && subject.frame;
  if (['steady-tbt', 'steady-long-tasks', 'rebuffers', 'our-long-tasks', 'our-longest-task'].includes(metric)) return watchedSteady;
  return true;
}

function hostAndPort(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) };
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}
