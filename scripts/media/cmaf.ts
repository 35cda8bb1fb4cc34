// CMAF renditions (film 8): each rendition is encoded once into a fragmented MP4 with one
// fragment per GOP, then cut by hand into init.mp4 + 4 s seg-NNN.m4s files of whole
// fragments and an fMP4 media playlist. ffmpeg's HLS muxer writes one fragment per
// segment (and breaks with frag_keyframe), so it cannot make segments of several GOPs.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { aacArgs, AAC_FRAME, type AacOptions } from './audio.ts';
import { fragmentDuration, readFragments, readInit, type Fragment } from './fmp4.ts';
import { ffmpeg } from './run.ts';
import { filterGraph, sourceArgs, x264Args, type Picture, type Rendition } from './video.ts';
import { SEGMENT_SECONDS, type Workspace } from './workspace.ts';

/** ffmpeg's fragmented MP4: empty moov, a fragment at every keyframe, moof-relative data offsets. */
const FRAGMENTED = ['-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof'];

export interface CmafVideoJob {
  picture: Picture;
  renditions: Rendition[];
  gopSeconds: number;
}

/** All renditions in one ffmpeg run (one source, split and scaled); returns a fragmented MP4 per rendition. */
export async function encodeCmafVideo(ws: Workspace, job: CmafVideoJob): Promise<string[]> {
  const files = job.renditions.map((r) => ws.file(`cmaf-${r.name}`, 'mp4'));
  const outputs = job.renditions.flatMap((r, i) => [
    '-map', `[out${i}]`, ...x264Args(r, job.picture.fps, 'v', job.picture.tune, job.gopSeconds), '-threads', '2', '-an', ...FRAGMENTED, files[i] ?? '',
  ]);
  await ffmpeg([...sourceArgs(job.picture, job.renditions), '-filter_complex', await filterGraph(ws, job.picture, job.renditions), ...outputs]);
  return files;
}

/** Seconds of the first video frame's presentation time (the B-frame delay, no edit list in fragments). */
export async function firstPresentationTime(fragmented: string): Promise<number> {
  const buf = await readFile(fragmented);
  const { tracks, defaults } = readInit(buf);
  const traf = readFragments(buf, defaults)[0]?.trafs[0];
  const track = tracks.find((t) => t.trackId === traf?.trackId);
  if (!traf || !track) throw new Error(`${fragmented}: no fragment`);
  return (traf.baseMediaDecodeTime + (traf.samples[0]?.compositionOffset ?? 0)) / track.timescale;
}

/**
 * AAC in a fragmented MP4 cut every 4 s (125 frames at 32 kHz). The track starts with the
 * encoder's priming frame at 0; `leadSeconds` of silence more put the sound's first sample
 * at the first video frame, for players that ignore presentationTimeOffset or edit lists.
 */
export async function encodeCmafAudio(ws: Workspace, wav: string, aac: AacOptions, leadSeconds: number): Promise<string> {
  const out = ws.file('cmaf-audio', 'mp4');
  const lead = Math.round(leadSeconds * aac.sampleRate);
  if (lead < 0) throw new Error(`audio cannot start before the video (${leadSeconds}s)`);
  // The delay is trimmed off the end again, so the track keeps its whole number of frames.
  const shift = `adelay=delays=${lead}S:all=1,atrim=end_sample=${await wavSamples(wav)}`;
  await ffmpeg([
    '-i', wav, '-af', shift, ...aacArgs(aac),
    '-f', 'mp4', '-movflags', '+empty_moov+default_base_moof', '-frag_duration', String(SEGMENT_SECONDS * 1e6), out,
  ]);
  return out;
}

async function wavSamples(wav: string): Promise<number> {
  const buf = await readFile(wav);
  // PCM WAV written by ffmpeg: the 'data' chunk follows 'fmt ' (and maybe 'LIST').
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let channels = 0;
  for (let at = 12; at + 8 <= buf.length; ) {
    const id = buf.toString('latin1', at, at + 4);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ') channels = view.getUint16(at + 10, true);
    if (id === 'data') return size / 2 / channels;
    at += 8 + size + (size % 2);
  }
  throw new Error(`${wav}: no data chunk`);
}

export interface CmafSegment {
  uri: string;
  duration: number;
  bytes: number;
}

/**
 * Cuts a fragmented MP4 into `dir`/init.mp4 (everything before the first moof: ftyp + moov)
 * and seg-000.m4s… (the moof+mdat pairs whose decode time falls in each 4 s slot), then
 * writes `dir`/index.m3u8. Fails if a slot does not last exactly SEGMENT_SECONDS, except the last.
 */
export async function packageCmaf(fragmented: string, dir: string): Promise<CmafSegment[]> {
  const buf = await readFile(fragmented);
  const { tracks, defaults } = readInit(buf);
  const fragments = readFragments(buf, defaults);
  const first = fragments[0];
  if (!first || tracks.length !== 1) throw new Error(`${fragmented}: expected one track and at least one fragment`);
  const timescale = tracks[0]?.timescale ?? 1;
  const slots = new Map<number, Fragment[]>();
  for (const f of fragments) {
    const start = (f.trafs[0]?.baseMediaDecodeTime ?? 0) / timescale;
    const slot = Math.floor(start / SEGMENT_SECONDS + 1e-6);
    slots.set(slot, [...(slots.get(slot) ?? []), f]);
  }
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'init.mp4'), buf.subarray(0, first.moof.start));
  const segments: CmafSegment[] = [];
  const count = Math.max(...slots.keys()) + 1;
  for (let i = 0; i < count; i++) {
    const group = slots.get(i) ?? [];
    const duration = group.reduce((s, f) => s + fragmentDuration(f), 0) / timescale;
    if (i < count - 1 && Math.abs(duration - SEGMENT_SECONDS) > 1e-6) throw new Error(`${dir}: segment ${i} lasts ${duration}s`);
    const bytes = Buffer.concat(group.map((f) => buf.subarray(f.moof.start, f.mdat.start + f.mdat.size)));
    const uri = `seg-${String(i).padStart(3, '0')}.m4s`;
    await writeFile(path.join(dir, uri), bytes);
    segments.push({ uri, duration, bytes: bytes.length });
  }
  await writeFile(path.join(dir, 'index.m3u8'), mediaPlaylist(segments), 'utf8');
  return segments;
}

/** An fMP4 VOD media playlist (version 7, as ffmpeg writes for fMP4). */
export function mediaPlaylist(segments: readonly CmafSegment[]): string {
  const target = Math.max(...segments.map((s) => Math.round(s.duration)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-MAP:URI="init.mp4"'];
  for (const s of segments) lines.push(`#EXTINF:${s.duration.toFixed(6)},`, s.uri);
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** One AAC frame: the encoder's priming, which the audio track starts with. */
export const primingSeconds = (aac: AacOptions): number => AAC_FRAME / aac.sampleRate;
