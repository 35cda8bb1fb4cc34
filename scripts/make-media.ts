// Generates the demo media served by the catalogue server (server/media/).
// Run with `npm run media`. Titles, ids, folders and durations come from
// server/db/demo-catalogue.json; this file only decides how each content
// looks and sounds. The output folder is wiped and rebuilt on every run.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AacOptions, Phrase, VoiceTrack } from './media/audio.ts';
import {
  buildAltAudioEpisode, buildDashEpisode, buildMuxedEpisode, type BuildSummary, type SubtitleTrack,
} from './media/builders.ts';
import { buildCmafEpisode } from './media/cmaf-episode.ts';
import { remuxHlsToDash } from './media/dash-remux.ts';
import { contentById, episodesOf, filmEpisode, loadCatalogue, type Catalogue, type EpisodeRef } from './media/catalogue.ts';
import { GLASS_GARDEN_RU, LIGHTHOUSE, LONG_ROAD_RU, SHORT_CIRCUIT_RU } from './media/dialogue.ts';
import { makeAd, makePlaceholder } from './media/extras.ts';
import { checkTools, log, ToolMissingError } from './media/run.ts';
import { makeProgressive } from './media/progressive.ts';
import { buildSeriesEpisodes } from './media/series.ts';
import { makePosters } from './media/stills.ts';
import { buildVtt } from './media/subs.ts';
import { verifyAll, type EpisodeExpectation } from './media/verify.ts';
import type { Rendition } from './media/video.ts';
import { mediaRoot, Workspace } from './media/workspace.ts';

// Audio formats. 32 kHz throughout: 4 s is then exactly 125 AAC frames of 1024
// samples, so audio segments are exactly 4 s like the video ones (at 48 kHz they
// alternate 4.011 / 3.989 s). The 31-minute film is mono at a low bitrate to stay small.
const STEREO_64: AacOptions = { bitrateKbps: 64, sampleRate: 32000, channels: 2 };
const MONO_24: AacOptions = { bitrateKbps: 24, sampleRate: 32000, channels: 1 };

// Video ladder for the small demo contents. CRF keeps simple pictures cheap;
// the low maxrate caps keep the busy ones (testsrc2) within the media budget.
const R240: Rendition = { name: 'v240', width: 426, height: 240, crf: 28, maxrateKbps: 120 };
const R360: Rendition = { name: 'v360', width: 640, height: 360, crf: 28, maxrateKbps: 200 };
const R480: Rendition = { name: 'v480', width: 854, height: 480, crf: 28, maxrateKbps: 250 };

// Film 1 is also the bench suite's media, so it carries the bitrates of a real
// film ladder. A test pattern alone compresses to a few hundred kbit/s even at
// 720p, which would make every segment download in a blink and hide exactly the
// cost (whole-segment waits) the bench exists to measure; film grain (temporal
// noise) makes x264 spend up to the cap on every frame, as real footage does.
const FILM_240: Rendition = { name: 'v240', width: 426, height: 240, crf: 20, maxrateKbps: 400 };
const FILM_480: Rendition = { name: 'v480', width: 854, height: 480, crf: 20, maxrateKbps: 1200 };
const FILM_720: Rendition = { name: 'v720', width: 1280, height: 720, crf: 20, maxrateKbps: 2500 };
const withGrain = (source: string): string => `${source},noise=alls=12:allf=t+u`;

// Film 8 is the 1080p CMAF film: the rates of a streaming service's ladder (about 0.44,
// 1.26, 2.6 and 4.65 Mbit/s). At CRF 20 the 240p picture stays near 0.32 Mbit/s, under its
// cap; a lower CRF there makes the cap the limit, as it is for the larger sizes.
const CMAF_240: Rendition = { name: 'v240', width: 426, height: 240, crf: 16, maxrateKbps: 430 };
const CMAF_480: Rendition = { name: 'v480', width: 854, height: 480, crf: 20, maxrateKbps: 1200 };
const CMAF_720: Rendition = { name: 'v720', width: 1280, height: 720, crf: 20, maxrateKbps: 2500 };
const CMAF_1080: Rendition = { name: 'v1080', width: 1920, height: 1080, crf: 20, maxrateKbps: 4450, level: '4.0' };
/** Two GOPs per 4 s segment: a seek into a segment's middle can start from its second keyframe. */
const CMAF_GOP_SECONDS = 2;

/** A spoken marker every `every` seconds: "<prefix> <n>", n = the second (or minute) it is spoken at. */
function markers(duration: number, every: number, text: (at: number) => string): Phrase[] {
  const phrases: Phrase[] = [];
  for (let at = 0; at < duration - 2; at += every) phrases.push({ at, text: text(at) });
  return phrases;
}

function track(voice: VoiceTrack['voice'], toneHz: number, duration: number, phrases: Phrase[], aac: AacOptions): VoiceTrack {
  return { voice, toneHz, duration, phrases, sampleRate: aac.sampleRate, channels: aac.channels, fit: 'hls' };
}

/** Subtitles for the languages the catalogue lists, from the given dialogue. */
function subtitles(langs: readonly string[], dialogue: Record<string, readonly string[]>, duration: number, every: number, offset = 0): SubtitleTrack[] {
  return langs.map((lang) => {
    const lines = dialogue[lang];
    if (!lines) throw new Error(`no dialogue written for subtitle language "${lang}"`);
    return { lang, vtt: buildVtt(lines, duration, every, offset) };
  });
}

const outDir = (dir: string): string => path.join(mediaRoot, dir);
const subtitleLangs = (ref: EpisodeRef): string[] => ref.episode.media?.subtitles ?? [];

/**
 * The bench plays the two films it uses through a DASH player too; <dir>/dash/
 * carries the same encodes remuxed, so only the player differs, not the media.
 */
const DASH_ENTRY = 'dash/manifest.mpd';
async function withDash(summary: BuildSummary): Promise<BuildSummary> {
  const dash = await remuxHlsToDash(summary.dir, path.join(summary.dir, path.dirname(DASH_ENTRY)));
  return { dir: summary.dir, lines: [...summary.lines, ...dash.lines] };
}

// ---------------------------------------------------------------- content 1
/** The showcase and bench media: 3 video renditions at film bitrates, Russian + English audio, 2 subtitle tracks, and its DASH remux. */
async function film1(ws: Workspace, cat: Catalogue, expect: EpisodeExpectation[]): Promise<BuildSummary> {
  const ref = filmEpisode(cat, 1);
  const d = ref.episode.duration;
  expect.push({ ref, dir: outDir(ref.dir), entry: ['master.m3u8', DASH_ENTRY], subtitles: subtitleLangs(ref), thumbInterval: 5 });
  return withDash(await buildAltAudioEpisode(ws, {
    outDir: outDir(ref.dir),
    picture: { background: (s, r) => withGrain(`testsrc2=s=${s}:r=${r}`), fps: 25, duration: d, title: ref.content.title, clock: 'hms' },
    renditions: [FILM_240, FILM_480, FILM_720],
    audio: [
      { name: 'audio-ru', language: 'ru', label: 'Русский', aac: STEREO_64, track: track('ru', 330, d, markers(d, 10, (s) => `Русская дорожка, секунда ${s}`), STEREO_64) },
      { name: 'audio-en', language: 'en', label: 'English', aac: STEREO_64, track: track('en', 550, d, markers(d, 10, (s) => `English track, second ${s}`), STEREO_64) },
    ],
    masters: [{ file: 'master.m3u8', audio: ['audio-ru', 'audio-en'] }],
    subtitles: subtitles(subtitleLangs(ref), LIGHTHOUSE, d, 5),
    thumbInterval: 5,
  }));
}

// ---------------------------------------------------------------- content 2
/** Five episodes, two voice-overs each, the shared opening and the credits card (scripts/media/series.ts). */
function series2(ws: Workspace, cat: Catalogue, expect: EpisodeExpectation[]): Promise<BuildSummary[]> {
  return buildSeriesEpisodes(ws, cat, expect, { renditions: [R240, R480], aac: STEREO_64 });
}

// ------------------------------------------------------- contents 3, 4, 6, 7
/** Short film, one 360p rendition with audio muxed into the TS segments. */
async function film3(ws: Workspace, cat: Catalogue, expect: EpisodeExpectation[]): Promise<BuildSummary> {
  const ref = filmEpisode(cat, 3);
  const d = ref.episode.duration;
  expect.push({ ref, dir: outDir(ref.dir), entry: ['master.m3u8'], subtitles: subtitleLangs(ref), thumbInterval: 5 });
  return buildMuxedEpisode(ws, {
    outDir: outDir(ref.dir),
    picture: { background: (s, r) => `gradients=s=${s}:r=${r}:c0=0x127475:c1=0xe8d5b7:speed=0.03`, fps: 25, duration: d, title: ref.content.title, clock: 'hms' },
    rendition: R360,
    track: track('ru', 294, d, markers(d, 6, (s) => `${ref.content.title}, секунда ${s}`), STEREO_64),
    aac: STEREO_64,
    segmentType: 'mpegts',
    subtitles: subtitles(subtitleLangs(ref), {}, d, 5),
    thumbInterval: 5,
  });
}

/**
 * The long film. TS costs at least one 188-byte packet per video frame, so
 * the picture is a flat colour at 10 fps with a clock that changes once a
 * second (near-empty P-frames), and there is a single 360p rendition: a
 * second one would add ~5 MB for nothing the short films don't already show.
 */
async function film4(ws: Workspace, cat: Catalogue, expect: EpisodeExpectation[]): Promise<BuildSummary> {
  const ref = filmEpisode(cat, 4);
  const d = ref.episode.duration;
  expect.push({ ref, dir: outDir(ref.dir), entry: ['master.m3u8', DASH_ENTRY], subtitles: subtitleLangs(ref), thumbInterval: 10 });
  const minuteMarkers = markers(d, 60, (s) => (s === 0 ? 'Начало фильма' : `Минута ${s / 60}`));
  return withDash(await buildAltAudioEpisode(ws, {
    outDir: outDir(ref.dir),
    picture: {
      background: (s, r) => `color=c=0x3b2a14:s=${s}:r=${r}`, fps: 10, duration: d, title: ref.content.title, clock: 'seconds', tune: 'stillimage',
    },
    renditions: [{ ...R360, crf: 36, maxrateKbps: 120 }],
    audio: [{ name: 'audio-ru', language: 'ru', label: 'Русский', aac: MONO_24, track: track('ru', 196, d, minuteMarkers, MONO_24) }],
    masters: [{ file: 'master.m3u8', audio: ['audio-ru'] }],
    subtitles: subtitles(subtitleLangs(ref), { ru: LONG_ROAD_RU }, d, 30),
    thumbInterval: 10,
  }));
}

/** fMP4 HLS (EXT-X-MAP + .m4s), audio and video muxed. */
async function film6(ws: Workspace, cat: Catalogue, expect: EpisodeExpectation[]): Promise<BuildSummary> {
  const ref = filmEpisode(cat, 6);
  const d = ref.episode.duration;
  expect.push({ ref, dir: outDir(ref.dir), entry: ['master.m3u8'], subtitles: subtitleLangs(ref), thumbInterval: 5 });
  return buildMuxedEpisode(ws, {
    outDir: outDir(ref.dir),
    picture: { background: (s, r) => `yuvtestsrc=s=${s}:r=${r}`, fps: 25, duration: d, title: ref.content.title, clock: 'hms' },
    rendition: R360,
    track: track('ru', 370, d, markers(d, 6, (s) => `${ref.content.title}, секунда ${s}`), STEREO_64),
    aac: STEREO_64,
    segmentType: 'fmp4',
    subtitles: subtitles(subtitleLangs(ref), { ru: SHORT_CIRCUIT_RU }, d, 5),
    thumbInterval: 5,
  });
}

/** DASH: 360p + 240p representations and one audio adaptation set. */
async function film7(ws: Workspace, cat: Catalogue, expect: EpisodeExpectation[]): Promise<BuildSummary> {
  const ref = filmEpisode(cat, 7);
  const d = ref.episode.duration;
  const entry = ref.episode.media?.master ?? 'manifest.mpd';
  expect.push({ ref, dir: outDir(ref.dir), entry: [entry], subtitles: subtitleLangs(ref), thumbInterval: 5 });
  return buildDashEpisode(ws, {
    outDir: outDir(ref.dir),
    picture: { background: (s, r) => `mandelbrot=s=${s}:r=${r}:maxiter=256:start_scale=1.5:end_scale=0.6`, fps: 25, duration: d, title: ref.content.title, clock: 'hms' },
    renditions: [R360, R240],
    track: track('ru', 415, d, markers(d, 6, (s) => `${ref.content.title}, секунда ${s}`), STEREO_64),
    aac: STEREO_64,
    subtitles: subtitles(subtitleLangs(ref), { ru: GLASS_GARDEN_RU }, d, 5),
    thumbInterval: 5,
  });
}

// ---------------------------------------------------------------- content 8
/**
 * CMAF fMP4 HLS at 1080p: 4 s segments of two 2 s GOP fragments, I-frame playlists
 * (byte ranges of each keyframe), Russian AAC as a separate rendition, and a DASH MPD
 * that points at the same init and segment files.
 */
async function film8(ws: Workspace, cat: Catalogue, expect: EpisodeExpectation[]): Promise<BuildSummary> {
  const ref = filmEpisode(cat, 8);
  const d = ref.episode.duration;
  expect.push({ ref, dir: outDir(ref.dir), entry: ['master.m3u8', DASH_ENTRY], subtitles: [], thumbInterval: 5 });
  return buildCmafEpisode(ws, {
    outDir: outDir(ref.dir),
    picture: { background: (s, r) => withGrain(`testsrc2=s=${s}:r=${r}`), fps: 25, duration: d, title: ref.content.title, clock: 'hms' },
    renditions: [CMAF_240, CMAF_480, CMAF_720, CMAF_1080],
    gopSeconds: CMAF_GOP_SECONDS,
    audio: { name: 'audio-ru', language: 'ru', label: 'Русский', aac: STEREO_64, track: track('ru', 262, d, markers(d, 4, (s) => `Полярный день, секунда ${s}`), STEREO_64) },
    mpd: DASH_ENTRY,
    thumbInterval: 5,
  });
}

// -------------------------------------------------------------------- main
/** Size per content folder (films/1, series/2/s1e1, ads, …) and the total. */
async function sizeSummary(): Promise<string[]> {
  const groups = new Map<string, { bytes: number; files: number }>();
  for (const entry of await readdir(mediaRoot, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(mediaRoot, path.join(entry.parentPath, entry.name)).split(path.sep);
    const key = rel.slice(0, rel[0] === 'series' ? 3 : rel[0] === 'films' ? 2 : 1).join('/');
    const g = groups.get(key) ?? { bytes: 0, files: 0 };
    g.bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
    g.files += 1;
    groups.set(key, g);
  }
  const mb = (b: number): string => `${(b / 1048576).toFixed(2).padStart(6)} MiB`;
  const rows = [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
  const total = rows.reduce((s, [, g]) => s + g.bytes, 0);
  return [...rows.map(([k, g]) => `${k.padEnd(16)} ${mb(g.bytes)}  ${String(g.files).padStart(4)} files`), `${'TOTAL'.padEnd(16)} ${mb(total)}  (${total} bytes)`];
}

async function resetMediaRoot(): Promise<void> {
  // Guard against a mis-resolved path before a recursive delete.
  if (!mediaRoot.endsWith(`${path.sep}server${path.sep}media`)) throw new Error(`refusing to wipe ${mediaRoot}`);
  await rm(mediaRoot, { recursive: true, force: true });
  await mkdir(mediaRoot, { recursive: true });
}

/** `--only=1,4` rebuilds just those contents in place; without it everything is wiped and rebuilt. */
function onlyContents(argv: readonly string[]): Set<number> | null {
  const arg = argv.find((a) => a.startsWith('--only='));
  if (!arg) return null;
  const ids = arg.slice('--only='.length).split(',').map(Number);
  if (ids.some((id) => !Number.isInteger(id) || id <= 0)) throw new Error(`--only takes content ids, e.g. --only=1,4 (got "${arg}")`);
  return new Set(ids);
}

type Builder = (ws: Workspace, cat: Catalogue, expect: EpisodeExpectation[]) => Promise<BuildSummary | BuildSummary[]>;

const BUILDERS: { id: number; label: string; build: Builder }[] = [
  { id: 1, label: 'film 1: 3 renditions + ru/en audio, DASH remux', build: film1 },
  { id: 2, label: 'series 2: 5 episodes, 2 voice-overs each', build: series2 },
  { id: 3, label: 'film 3: muxed TS', build: film3 },
  { id: 4, label: 'film 4: long film, DASH remux', build: film4 },
  { id: 6, label: 'film 6: fMP4 HLS', build: film6 },
  { id: 7, label: 'film 7: DASH', build: film7 },
  { id: 8, label: 'film 8: 1080p CMAF, I-frame playlists, DASH over the same files', build: film8 },
];

/** `--progressive`: only the progressive MP4s, remade from the streams already in server/media. */
async function progressiveOnly(): Promise<void> {
  // Needs ffmpeg and ffprobe only (run() names the missing one); no speech is made here.
  const lines = await makeProgressive(await loadCatalogue());
  console.log(['\nProgressive MP4s:', ...lines.map((line) => `  ${line}`)].join('\n'));
}

async function main(): Promise<void> {
  if (process.argv.includes('--progressive')) return progressiveOnly();
  const started = Date.now();
  const only = onlyContents(process.argv.slice(2));
  await checkTools();
  const cat = await loadCatalogue();
  const selected = BUILDERS.filter((b) => !only || only.has(b.id));
  if (only && selected.length !== only.size) throw new Error(`--only: no media builder for some of ${[...only].join(', ')}`);
  if (only) {
    for (const b of selected) {
      const dirs = new Set(episodesOf(contentById(cat, b.id)).flatMap((ref) => (ref.episode.media ? [ref.episode.media.dir] : [])));
      for (const dir of dirs) await rm(outDir(dir), { recursive: true, force: true });
    }
  } else {
    log(`wiping ${mediaRoot}`);
    await resetMediaRoot();
  }
  const ws = await Workspace.create();
  try {
    const expect: EpisodeExpectation[] = [];
    const summaries: BuildSummary[] = [];
    for (const b of selected) {
      log(b.label);
      const result = await b.build(ws, cat, expect);
      summaries.push(...(Array.isArray(result) ? result : [result]));
    }
    let posters: number | string;
    if (only) {
      posters = await makePosters(ws, { ...cat, contents: cat.contents.filter((c) => only.has(c.id)) }, mediaRoot);
    } else {
      log('posters');
      posters = await makePosters(ws, cat, mediaRoot);
      log('ads and placeholder');
      for (const [i, ad] of cat.ads.entries()) await makeAd(ws, ad, i, mediaRoot);
      await makePlaceholder(mediaRoot);
    }

    log('verifying');
    const checks = await verifyAll(ws, cat, expect);
    // From the verified streams, so a broken encode is caught before it is copied.
    log('progressive MP4s');
    const progressive = await makeProgressive(cat, only);
    console.log('\nBuilt:');
    for (const s of summaries) console.log([`  ${path.relative(mediaRoot, s.dir)}`, ...s.lines.map((l) => `    ${l}`)].join('\n'));
    console.log(`  posters: ${posters}`);
    for (const line of progressive) console.log(`  ${line}`);
    console.log('\nVerified:');
    for (const line of checks) console.log(`  ${line}`);
    console.log('\nSizes (server/media):');
    for (const line of await sizeSummary()) console.log(`  ${line}`);
    console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await ws.dispose();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ToolMissingError) console.error(error.message);
  else console.error(`\nmake-media failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
