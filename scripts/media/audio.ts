// Audio: spoken markers (espeak-ng) over a quiet tone, so tracks are easy to
// tell apart by ear, then AAC-LC encoding into HLS audio-only renditions.
import { mkdir } from 'node:fs/promises';
import { enableBetween } from './drawtext.ts';
import { ffmpeg, mapLimit, run } from './run.ts';
import { hlsOutputArgs, probeStreams } from './hls.ts';
import type { Workspace } from './workspace.ts';

/** ffmpeg's native AAC encoder delays its output by one frame of priming samples. */
export const AAC_FRAME = 1024;

/**
 * ffmpeg's MPEG-TS muxer starts timestamps at 1.4 s (default muxdelay+preload).
 * Video starts a little later (B-frame reorder delay), so separate audio
 * renditions are shifted by the difference to stay in sync with the picture.
 */
export const MPEGTS_BASE_SECONDS = 1.4;

export interface Phrase {
  at: number;
  text: string;
}

export interface VoiceTrack {
  voice: 'ru' | 'en';
  phrases: Phrase[];
  toneHz: number;
  duration: number;
  sampleRate: number;
  channels: 1 | 2;
  /** Whole duration (for MP4, where an edit list hides the priming) or HLS-trimmed. */
  fit: 'exact' | 'hls';
  /**
   * A series' shared opening: from `start` the tone, the bed and speech are silent and the
   * opening's WAV plays alone, the same samples in every episode and voice-over.
   */
  opening?: { start: number; end: number; wav: string };
  /** A quiet room-tone noise bed with this seed: episodes that share a tone still never sound alike. */
  bedSeed?: number;
}

export interface AacOptions {
  bitrateKbps: number;
  sampleRate: number;
  channels: 1 | 2;
}

/**
 * Sample count for a track of `duration` seconds. For HLS the encoder adds a
 * priming frame that players do not trim, so we stop one frame short and
 * round down to whole frames: the rendition then never runs past the video
 * and there is no tiny trailing segment.
 */
export function trackSamples(duration: number, sampleRate: number, fit: VoiceTrack['fit']): number {
  if (fit === 'exact') return Math.round(duration * sampleRate);
  return (Math.floor((duration * sampleRate) / AAC_FRAME) - 1) * AAC_FRAME;
}

async function speak(ws: Workspace, voice: string, text: string): Promise<string> {
  const wav = ws.file('speech', 'wav');
  await run('espeak-ng', ['-v', voice, '-s', '150', '-w', wav, text]);
  return wav;
}

/** Renders the track to a PCM WAV in the workspace and returns its path. */
export async function renderVoiceTrack(ws: Workspace, track: VoiceTrack): Promise<string> {
  const speech = await mapLimit(track.phrases, 4, (p) => speak(ws, track.voice, p.text));
  const out = ws.file(`track-${track.voice}`, 'wav');
  const samples = trackSamples(track.duration, track.sampleRate, track.fit);
  const inputs = ['-f', 'lavfi', '-t', String(track.duration + 1), '-i', `sine=frequency=${track.toneHz}:sample_rate=${track.sampleRate}`];
  const silentInOpening = track.opening ? `,volume=0:${enableBetween(track.opening.start, track.opening.end)}` : '';
  const chains = [`[0:a]volume=0.35${silentInOpening}[tone]`];
  const extras: string[] = [];
  if (track.bedSeed !== undefined) {
    inputs.push('-f', 'lavfi', '-t', String(track.duration + 1), '-i', `anoisesrc=color=pink:seed=${track.bedSeed}:amplitude=0.05:sample_rate=${track.sampleRate}`);
    chains.push(`[1:a]aresample=${track.sampleRate}${silentInOpening}[bed]`);
    extras.push('[bed]');
  }
  if (track.opening) {
    inputs.push('-i', track.opening.wav);
    const delay = Math.round(track.opening.start * 1000);
    chains.push(`[${extras.length + 1}:a]aresample=${track.sampleRate},adelay=delays=${delay}:all=1[opening]`);
    extras.push('[opening]');
  }
  const firstSpeech = extras.length + 1;
  speech.forEach((wav, i) => {
    inputs.push('-i', wav);
    const delay = Math.round((track.phrases[i]?.at ?? 0) * 1000);
    // espeak-ng peaks near full scale; leave headroom so speech + tone never clips.
    chains.push(`[${i + firstSpeech}:a]aresample=${track.sampleRate},volume=0.6,adelay=delays=${delay}:all=1${silentInOpening}[p${i}]`);
  });
  const layout = track.channels === 2 ? 'stereo' : 'mono';
  const mixInputs = ['[tone]', ...extras, ...speech.map((_, i) => `[p${i}]`)].join('');
  // normalize=0: amix would otherwise divide every input by the input count,
  // making the speech inaudible on the long film with ~30 phrases.
  chains.push(
    `${mixInputs}amix=inputs=${speech.length + extras.length + 1}:duration=first:normalize=0,` +
      `aformat=sample_fmts=s16:sample_rates=${track.sampleRate}:channel_layouts=${layout},atrim=end_sample=${samples}[out]`,
  );
  await ffmpeg([...inputs, '-filter_complex', chains.join(';'), '-map', '[out]', '-c:a', 'pcm_s16le', out]);
  return out;
}

export function aacArgs(o: AacOptions): string[] {
  return ['-c:a', 'aac', '-b:a', `${o.bitrateKbps}k`, '-ar', String(o.sampleRate), '-ac', String(o.channels)];
}

/**
 * Encodes an audio-only HLS rendition. `videoStart` is the first PTS of the
 * video renditions it accompanies; audio content t=0 is placed exactly there.
 */
export async function encodeAudioHls(wav: string, dir: string, o: AacOptions, videoStart: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  const offset = videoStart - MPEGTS_BASE_SECONDS;
  const priming = AAC_FRAME / o.sampleRate;
  // With an offset at least one priming frame long, the muxer no longer shifts
  // the (negative) priming timestamp, so content t=0 lands at base + offset.
  if (offset < priming) throw new Error(`unexpected video start ${videoStart}s; cannot align audio`);
  await ffmpeg(['-i', wav, '-map', '0:a', ...aacArgs(o), '-output_ts_offset', offset.toFixed(6), ...hlsOutputArgs(dir, 'mpegts')]);
  const [stream] = await probeStreams(`${dir}/seg-000.ts`);
  const contentStart = Number(stream?.start_time) + priming;
  if (Math.abs(contentStart - videoStart) > 0.001) {
    throw new Error(`${dir}: audio starts at ${contentStart.toFixed(4)}s, video at ${videoStart.toFixed(4)}s`);
  }
}

/** A short jingle for ad creatives: a four-note arpeggio with soft note edges. */
export function jingleSource(baseHz: number, duration: number, sampleRate: number): string {
  const note = 'mod(floor(t*4),4)';
  // Major-ish arpeggio: 1, 5/4, 3/2, 2 times the base frequency.
  const freq = `${baseHz}*(1+0.25*eq(${note},1)+0.5*eq(${note},2)+1*eq(${note},3))`;
  // sin envelope: silent at every note boundary, so frequency jumps do not click.
  const expr = `0.3*sin(2*PI*t*${freq})*sin(PI*mod(t,0.25)/0.25)`;
  return `aevalsrc=exprs='${expr}':s=${sampleRate}:d=${duration}`;
}
