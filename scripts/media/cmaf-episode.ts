// A CMAF episode (film 8): fMP4 video renditions of 4 s segments made of 2 s GOP fragments,
// one separate AAC rendition, I-frame playlists, a master, and a DASH MPD over the same files.
import path from 'node:path';
import { renderVoiceTrack, type AacOptions, type VoiceTrack } from './audio.ts';
import type { BuildSummary } from './builders.ts';
import { writeCmafMpd } from './cmaf-mpd.ts';
import { encodeCmafAudio, encodeCmafVideo, firstPresentationTime, packageCmaf, primingSeconds } from './cmaf.ts';
import { readInit } from './fmp4.ts';
import { describeAudio, describeVariant, joinRendition, readMediaPlaylist, writeMaster, type IframeVariant, type Variant } from './hls.ts';
import { iframeBandwidth, writeIframePlaylist } from './iframes.ts';
import { makeThumbs } from './thumbs.ts';
import type { Picture, Rendition } from './video.ts';
import type { Workspace } from './workspace.ts';
import { readFile } from 'node:fs/promises';

export interface CmafEpisode {
  outDir: string;
  picture: Picture;
  renditions: Rendition[];
  gopSeconds: number;
  audio: { name: string; language: string; label: string; track: VoiceTrack; aac: AacOptions };
  /** Path of the MPD, relative to outDir; it must sit one folder below (dash/manifest.mpd). */
  mpd: string;
  thumbInterval: number;
}

const kbps = (bps: number): string => `${Math.round(bps / 1000)} kbps`;

async function timescaleOf(init: string): Promise<number> {
  const [track] = readInit(await readFile(init)).tracks;
  if (!track) throw new Error(`${init}: no track`);
  return track.timescale;
}

export async function buildCmafEpisode(ws: Workspace, ep: CmafEpisode): Promise<BuildSummary> {
  const { outDir, picture, renditions, audio } = ep;
  if (path.dirname(ep.mpd).split('/').length !== 1 || path.dirname(ep.mpd) === '.') throw new Error(`${ep.mpd}: the MPD must sit one folder below the episode`);
  const encoded = await encodeCmafVideo(ws, { picture, renditions, gopSeconds: ep.gopSeconds });
  const firstFrame = await firstPresentationTime(encoded[0] ?? '');
  for (const [i, r] of renditions.entries()) await packageCmaf(encoded[i] ?? '', path.join(outDir, r.name));

  const wav = await renderVoiceTrack(ws, audio.track);
  await packageCmaf(await encodeCmafAudio(ws, wav, audio.aac, firstFrame - primingSeconds(audio.aac)), path.join(outDir, audio.name));

  const lines: string[] = [];
  const variants: Variant[] = [];
  const iframes: IframeVariant[] = [];
  for (const r of renditions) {
    const dir = path.join(outDir, r.name);
    const variant = { ...(await describeVariant(ws, outDir, dir)), audioGroup: 'aud' };
    const entries = await writeIframePlaylist(await readMediaPlaylist(path.join(dir, 'index.m3u8')));
    const codec = variant.codecs[0] ?? '';
    iframes.push({ uri: `${r.name}/iframes.m3u8`, bandwidth: iframeBandwidth(entries), codec, width: variant.width, height: variant.height });
    variants.push(variant);
    lines.push(`${r.name}: avg ${kbps(variant.bitrate.average)}, peak ${kbps(variant.bitrate.peak)}; ${entries.length} keyframes indexed`);
  }
  const audioRendition = await describeAudio(outDir, path.join(outDir, audio.name), { groupId: 'aud', language: audio.language, name: audio.label, isDefault: true });
  lines.push(`${audio.name}: avg ${kbps(audioRendition.bitrate.average)}, peak ${kbps(audioRendition.bitrate.peak)}`);
  await writeMaster(path.join(outDir, 'master.m3u8'), 7, [audioRendition], variants, iframes);

  await writeCmafMpd(path.join(outDir, ep.mpd), {
    duration: picture.duration,
    frameRate: picture.fps,
    videoTimescale: await timescaleOf(path.join(outDir, renditions[0]?.name ?? '', 'init.mp4')),
    audioTimescale: await timescaleOf(path.join(outDir, audio.name, 'init.mp4')),
    firstFrameSeconds: firstFrame,
    video: renditions.map((r, i) => {
      const v = variants[i];
      if (!v) throw new Error(`no variant for ${r.name}`);
      return { id: r.name, codecs: v.codecs[0] ?? '', bandwidth: v.bitrate.peak, width: v.width, height: v.height };
    }),
    audio: {
      id: audio.name, codecs: audioRendition.codec, bandwidth: audioRendition.bitrate.peak, language: audio.language, label: audio.label,
      sampleRate: audio.aac.sampleRate, channels: audio.aac.channels,
    },
  });
  lines.push(`${ep.mpd}: same init and segment files; first frame at ${firstFrame.toFixed(3)}s media time`);

  const smallest = renditions.reduce((a, b) => (b.height < a.height ? b : a));
  const source = await joinRendition(ws, await readMediaPlaylist(path.join(outDir, smallest.name, 'index.m3u8')));
  const tiles = await makeThumbs(source, picture.fps, picture.duration, ep.thumbInterval, outDir);
  lines.push(`thumbs: ${tiles} tiles every ${ep.thumbInterval}s`);
  return { dir: outDir, lines };
}
