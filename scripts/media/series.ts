// Series 2's episodes: each its own picture and dialogue, the series' shared opening (title
// card and theme) where the catalogue puts its intro, and a credits card from its credits
// start. Both voice-overs carry the same opening, so the intro is found whichever is played.
import path from 'node:path';
import type { AacOptions, Phrase, VoiceTrack } from './audio.ts';
import { buildAltAudioEpisode, type BuildSummary } from './builders.ts';
import { contentById, episodeLabel, episodesOf, type Catalogue, type EpisodeRef } from './catalogue.ts';
import { COURIER } from './dialogue.ts';
import { renderOpeningTheme } from './opening.ts';
import { log } from './run.ts';
import { buildVtt } from './subs.ts';
import type { EpisodeExpectation } from './verify.ts';
import type { Rendition, TitleCard } from './video.ts';
import { mediaRoot, type Workspace } from './workspace.ts';

/** A different, cheap-to-encode background per episode (mandelbrot is too costly here). */
const EPISODE_BACKGROUNDS: ((size: string, fps: number) => string)[] = [
  (s, r) => `smptehdbars=s=${s}:r=${r}`,
  (s, r) => `gradients=s=${s}:r=${r}:c0=0x6a2c91:c1=0xf0a202:speed=0.02`,
  (s, r) => `testsrc=s=${s}:r=${r}`,
  (s, r) => `gradients=s=${s}:r=${r}:c0=0x0b6e4f:c1=0x1f2041:c2=0xc8553d:n=3:speed=0.015`,
  (s, r) => `rgbtestsrc=s=${s}:r=${r}`,
];

/** Which variant voices which folder, and the tone that tells them apart. */
const VOICE_OVERS = [
  { key: 'v1', phrase: 'Многоголосый перевод', toneHz: 262 },
  { key: 'v2', phrase: 'Авторский перевод', toneHz: 440 },
] as const;

/** A subtitle cue (and a spoken line) every this many seconds. */
const CUE_SECONDS = 5;
/** Room left for a spoken line before the next one, the opening or the credits. */
const LINE_SECONDS = 3.2;

export interface SeriesMediaOptions {
  renditions: Rendition[];
  aac: AacOptions;
}

/** «Сезон 1, серия 2 · Пилот»; placeholder titles like «Серия 3» would only repeat the label. */
function seriesSubtitle(ref: EpisodeRef): string {
  return /^Серия \d+$/.test(ref.episode.title) ? episodeLabel(ref) : `${episodeLabel(ref)} · ${ref.episode.title}`;
}

/**
 * What is said: the episode's dialogue at its subtitle cues, moved past the opening when a cue
 * falls in it, and nothing over the credits; the last line before the credits names the
 * voice-over. Right after the opening each episode says its own line, so no two episodes sound
 * alike there and the shared stretch ends where the opening does.
 */
export function episodePhrases(ref: EpisodeRef, announcement: string, lines: readonly string[], lineOffset: number): Phrase[] {
  const { duration, intro, creditsStart = duration } = ref.episode;
  const phrases: Phrase[] = [];
  for (let cue = 0; cue * CUE_SECONDS < duration; cue++) {
    const cueStart = cue * CUE_SECONDS;
    const at = intro && cueStart >= intro.start - LINE_SECONDS && cueStart < intro.end ? intro.end + 0.3 : cueStart;
    const nextCue = (cue + 1) * CUE_SECONDS;
    const until = Math.min(creditsStart, intro && intro.start >= at ? intro.start : Infinity, Math.max(nextCue, at + LINE_SECONDS));
    if (at + LINE_SECONDS > until || at < (phrases.at(-1)?.at ?? -Infinity) + LINE_SECONDS) continue;
    phrases.push({ at, text: lines[(cue + lineOffset) % lines.length] ?? '' });
  }
  const last = phrases.at(-1);
  if (last && phrases.length > 1) last.text = announcement;
  return phrases;
}

function cards(ref: EpisodeRef): TitleCard[] {
  const { duration, intro, creditsStart } = ref.episode;
  const title = ref.content.title;
  const result: TitleCard[] = [];
  if (intro) result.push({ from: intro.start, to: intro.end, color: '0x1f2041', heading: 'Заставка', lines: [title] });
  if (creditsStart !== undefined) result.push({ from: creditsStart, to: duration, color: '0x101010', heading: 'Титры', lines: [title, episodeLabel(ref)] });
  return result;
}

export async function buildSeriesEpisodes(ws: Workspace, cat: Catalogue, expect: EpisodeExpectation[], options: SeriesMediaOptions): Promise<BuildSummary[]> {
  const content = contentById(cat, 2);
  const summaries: BuildSummary[] = [];
  const { aac } = options;
  for (const [index, ref] of episodesOf(content).entries()) {
    if (!ref.episode.media) continue;
    const d = ref.episode.duration;
    const dir = path.join(mediaRoot, ref.episode.media.dir);
    const { intro } = ref.episode;
    const opening = intro ? { ...intro, wav: await renderOpeningTheme(ws, intro.end - intro.start, aac.sampleRate) } : undefined;
    const audio = VOICE_OVERS.map((vo, voiceIndex) => {
      const variant = content.variants?.find((v) => v.key === vo.key);
      if (!variant) throw new Error(`content 2 has no variant "${vo.key}" in demo-catalogue.json`);
      const track: VoiceTrack = {
        voice: 'ru', toneHz: vo.toneHz, duration: d, phrases: episodePhrases(ref, vo.phrase, COURIER.ru, index * 3),
        sampleRate: aac.sampleRate, channels: aac.channels, fit: 'hls', bedSeed: ref.episode.id * 10 + voiceIndex,
        ...(opening ? { opening } : {}),
      };
      return { name: `audio-${vo.key}`, language: 'ru', label: variant.title, aac, track };
    });
    const masters = VOICE_OVERS.map((vo) => ({ file: `master-${vo.key}.m3u8`, audio: [`audio-${vo.key}`] }));
    // Episode media entries carry no subtitle list; every episode gets ru + en.
    const subs = (['ru', 'en'] as const).map((lang) => ({ lang, vtt: buildVtt(COURIER[lang], d, CUE_SECONDS, index * 3) }));
    expect.push({ ref, dir, entry: masters.map((m) => m.file), subtitles: subs.map((s) => s.lang), thumbInterval: 5 });
    const background = EPISODE_BACKGROUNDS[index % EPISODE_BACKGROUNDS.length] ?? EPISODE_BACKGROUNDS[0];
    if (!background) throw new Error('no episode backgrounds');
    log(`series 2: ${ref.episode.media.dir}`);
    summaries.push(
      await buildAltAudioEpisode(ws, {
        outDir: dir,
        picture: { background, fps: 25, duration: d, title: content.title, subtitle: seriesSubtitle(ref), clock: 'hms', cards: cards(ref) },
        renditions: options.renditions,
        audio,
        masters,
        subtitles: subs,
        thumbInterval: 5,
      }),
    );
  }
  return summaries;
}
