/**
 * `npm run bench`: start-up and seek latency, main-thread cost and bytes of our widget against
 * hls.js, Shaka Player, dash.js and Chromium's native HLS, measured in one run on the same media
 * through the same shaped link, subjects interleaved (A B C … A B C …), every visit in a fresh
 * browser context. Writes bench/results/<name>.{json,md,svg}.
 *
 *   npm run bench                     the full run: 3 profiles, 3 runs each, a 30 s steady window
 *   npm run bench -- --quick          mobile-4g, 1 run, a 10 s steady window (CI's smoke run)
 *   options: --profiles a,b  --subjects a,b  --runs N  --steady S  --name NAME
 *
 * The quick run fails only on deterministic regressions (bundle budgets), never on timings.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { loadServerConfig } from '../server/config.ts';
import { startServer } from '../server/main.ts';
import { buildWidgetIfStale } from '../scripts/widget-build.ts';
import { budgetFailures, measureChunks } from './bundle-sizes.ts';
import { FILM_SEEK_TO, LONG_SEEK_TO, METRICS } from './metrics.ts';
import { PROFILES, profileById, type Profile } from './profiles.ts';
import { referenceBundles, startReferenceServer } from './reference-server.ts';
import { renderMarkdown } from './report/render-markdown.ts';
import { renderSvg } from './report/render-svg.ts';
import type { BenchResults, BenchSample, BundleSize } from './report/results.ts';
import { AFTER_AD_SUBJECTS, measureFilmAfterAd } from './after-ad.ts';
import { runSession, type SessionOutcome, type SessionPlan } from './session.ts';
import { SUBJECTS, type Origins, type Subject } from './subjects.ts';
import { createLink, startThrottleProxy } from './throttle-proxy.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The profile whose first run includes the steady-playback window: the 4G phone, when measured. */
const STEADY_PROFILE = 'mobile-4g';
const steadyProfile = (options: Options) => (options.profiles.some((p) => p.id === STEADY_PROFILE) ? STEADY_PROFILE : options.profiles[0]?.id);

interface Options {
  quick: boolean;
  profiles: Profile[];
  subjects: Subject[];
  runs: number;
  steadySeconds: number;
  name: string;
}

function parseOptions(argv: readonly string[]): Options {
  const flags = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument "${arg}"`);
    const [key, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (key === 'quick') flags.set('quick', 'true');
    else flags.set(key, inline ?? argv[(index += 1)] ?? '');
  }
  const known = new Set(['quick', 'profiles', 'subjects', 'runs', 'steady', 'name']);
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
  return {
    quick,
    profiles: (list(flags.get('profiles')) ?? (quick ? ['mobile-4g'] : PROFILES.map((p) => p.id))).map(profileById),
    subjects,
    runs: Math.max(1, positive('runs', quick ? 1 : 3)),
    steadySeconds: positive('steady', quick ? 10 : 30),
    name: flags.get('name') ?? (quick ? 'quick' : 'full'),
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

/** The visits one subject makes in one run: film 1 (start-up, seeks), the long film (far seek), and film 1 again for the steady window. */
function plansFor(subject: Subject, profile: Profile, origins: Origins, steadySeconds: number): SessionPlan[] {
  const plans: SessionPlan[] = [
    { subject, profile, origins, media: 'film', measureStartup: true, seekTo: FILM_SEEK_TO, seekInsideBuffer: true },
    { subject, profile, origins, media: 'long', seekTo: LONG_SEEK_TO },
  ];
  if (steadySeconds > 0) plans.push({ subject, profile, origins, media: 'film', steadySeconds });
  return plans;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const startedAt = new Date();
  await buildWidgetIfStale();
  const failures = await budgetFailures();

  // The start-up and seek figures are the film's: no preroll in front of it.
  const server = await startServer({ ...loadServerConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', AD_LIST_URL: '/catalog-api/ad-list.json?case=none' }) });
  const reference = await startReferenceServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'],
  });
  const samples: BenchSample[] = [];
  /** One sample per metric per run: the visits' values merged (the heap's peak is the largest of them). */
  const record = (subject: Subject, profile: Profile, run: number, outcomes: readonly SessionOutcome[], watchedSteady: boolean) => {
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
      if (!merged.has(metric.id) && expectedMetric(metric.id, subject, watchedSteady)) merged.set(metric.id, null);
    }
    for (const [metric, value] of merged) {
      samples.push({ subject: subject.id, profile: profile.id, metric, run, value: value === null ? null : Math.round(value * 10) / 10, ...(notes.length ? { note: notes.join('; ') } : {}) });
    }
  };
  try {
    for (const profile of options.profiles) {
      // One shaped link per profile, shared by both origins: the host page, the widget and the media compete as on a phone.
      const link = createLink(profile.link);
      const widgetProxy = await startThrottleProxy(hostAndPort(server.url), link);
      const referenceProxy = await startThrottleProxy(hostAndPort(reference.url), link);
      const origins: Origins = { widget: `http://127.0.0.1:${widgetProxy.port}`, reference: `http://127.0.0.1:${referenceProxy.port}` };
      try {
        for (let run = 0; run < options.runs; run += 1) {
          // The steady window costs its full length in wall time per subject: it is watched in the
          // first run of the phone profile only, which keeps the full run under 15 minutes.
          const steady = run === 0 && profile.id === steadyProfile(options) ? options.steadySeconds : 0;
          for (const subject of options.subjects) {
            const outcomes: SessionOutcome[] = [];
            for (const plan of plansFor(subject, profile, origins, steady)) {
              const outcome = await runSession(browser, plan);
              outcomes.push(outcome);
              const shown = Object.entries(outcome.values).map(([metric, value]) => `${metric} ${value === null ? '—' : Math.round(value)}`).join(', ');
              console.log(`${profile.id} run ${run + 1}/${options.runs} ${subject.id.padEnd(10)} ${plan.media.padEnd(4)} ${shown}${outcome.notes.length ? `  [${outcome.notes.join('; ')}]` : ''}`);
            }
            if (AFTER_AD_SUBJECTS.has(subject.id)) {
              const outcome = await measureFilmAfterAd(browser, subject, profile, origins);
              outcomes.push(outcome);
              console.log(`${profile.id} run ${run + 1}/${options.runs} ${subject.id.padEnd(10)} ad   film after the preroll ${outcome.values['film-after-ad'] == null ? '—' : Math.round(outcome.values['film-after-ad'])}${outcome.notes.length ? `  [${outcome.notes.join('; ')}]` : ''}`);
            }
            record(subject, profile, run, outcomes, steady > 0);
          }
        }
      } finally {
        await widgetProxy.close();
        await referenceProxy.close();
      }
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
      `${options.runs} run(s) per profile; in each run the subjects take turns (interleaved), every visit in a fresh browser context with an empty cache.`,
      'The network is shaped below the browser by a TCP proxy (bench/throttle-proxy.ts): half the round trip each way per chunk, one bandwidth budget shared by every connection and both origins, at most 64 kB in flight per connection. DevTools network throttling does not reliably reach dedicated workers, and the players differ exactly in what runs there.',
      'CPU slowdown is DevTools\' Emulation.setCPUThrottlingRate on the page. It may not slow dedicated workers, which favours players that work in workers (ours and hls.js).',
      `Media: film 1 (60 s; 240p/480p/720p MPEG-TS at about 0.4/1.3/2.7 Mbit/s with separate AAC audio, 4 s segments) and film 4 (31 min, 360p) for the far seek; dash.js plays their DASH remux (the same encodes in fMP4).`,
      'Playback starts muted and automatic as soon as the <video> exists, for every subject.',
      'Film after the preroll (ours and hls.js only): a visit of its own with the demo preroll (15 s, skippable at 5 s) before film 1; the ad is skipped once allowed, and the time runs to the film\'s first frame presented while playing. Ours buffers the film behind the ad; the hls.js page follows the IMA-style flow (bench/pages/hls-ad.html) and loads the film after the ad. The ad plays unmuted (autoplay allowed by the browser flag).',
      `The steady-playback window (${options.steadySeconds} s after the first frame of film 1, in a visit of its own) is watched in the first run of ${steadyProfile(options)} only: it costs its full length in wall time per subject, and the full run must stay under 15 minutes.`,
      'Timings are medians with [min–max]; ratios are peer ÷ ours, so above 1 means the peer is slower or larger. Absolute times drift between machines and runs; the ratios from one run are the claim.',
    ],
    profiles: options.profiles.map(({ link: _link, ...profile }) => profile),
    subjects: options.subjects.map(({ url: _url, frame: _frame, expectEngine: _engine, ...subject }) => subject),
    metrics: [...METRICS],
    samples,
    bundles: await bundleSizes(),
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
function expectedMetric(metric: string, subject: Subject, watchedSteady: boolean): boolean {
  if (metric === 'first-frame-iframe') return subject.frame;
  if (metric === 'film-after-ad') return AFTER_AD_SUBJECTS.has(subject.id);
  if (['steady-tbt', 'steady-long-tasks', 'rebuffers'].includes(metric)) return watchedSteady;
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
