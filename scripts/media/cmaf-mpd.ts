// A static DASH MPD over CMAF renditions that HLS already serves: the SegmentTemplate points
// at the HLS folders (../<rendition>/init.mp4, ../<rendition>/seg-NNN.m4s), so the DASH
// and HLS forms of a film share every media byte. ISO/IEC 23009-1 §5.3.9.4 (templates);
// presentationTimeOffset maps the first video frame to presentation time 0.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SEGMENT_SECONDS } from './workspace.ts';

export interface MpdVideo {
  /** Folder name next to the MPD's parent, used as the representation id. */
  id: string;
  codecs: string;
  bandwidth: number;
  width: number;
  height: number;
}

export interface MpdAudio {
  id: string;
  codecs: string;
  bandwidth: number;
  language: string;
  label: string;
  sampleRate: number;
  channels: number;
}

export interface CmafMpd {
  duration: number;
  frameRate: number;
  videoTimescale: number;
  audioTimescale: number;
  /** Media time of the first video frame, in seconds (the B-frame delay). */
  firstFrameSeconds: number;
  video: MpdVideo[];
  audio: MpdAudio;
}

const iso = (seconds: number): string => `PT${Number(seconds.toFixed(3))}S`;
const escapeAttr = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function template(timescale: number, firstFrameSeconds: number): string {
  return `<SegmentTemplate timescale="${timescale}" duration="${SEGMENT_SECONDS * timescale}" startNumber="0" ` +
    `presentationTimeOffset="${Math.round(firstFrameSeconds * timescale)}" ` +
    'initialization="../$RepresentationID$/init.mp4" media="../$RepresentationID$/seg-$Number%03d$.m4s"/>';
}

export function cmafMpd(m: CmafMpd): string {
  const maxW = Math.max(...m.video.map((v) => v.width));
  const maxH = Math.max(...m.video.map((v) => v.height));
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-live:2011,urn:mpeg:dash:profile:cmaf:2019" type="static" mediaPresentationDuration="${iso(m.duration)}" maxSegmentDuration="${iso(SEGMENT_SECONDS)}" minBufferTime="${iso(SEGMENT_SECONDS)}">`,
    '  <Period id="0" start="PT0S">',
    `    <AdaptationSet id="0" contentType="video" mimeType="video/mp4" segmentAlignment="true" startWithSAP="1" maxWidth="${maxW}" maxHeight="${maxH}" frameRate="${m.frameRate}">`,
    `      ${template(m.videoTimescale, m.firstFrameSeconds)}`,
    ...m.video.map((v) => `      <Representation id="${v.id}" codecs="${v.codecs}" bandwidth="${v.bandwidth}" width="${v.width}" height="${v.height}"/>`),
    '    </AdaptationSet>',
    `    <AdaptationSet id="1" contentType="audio" mimeType="audio/mp4" lang="${escapeAttr(m.audio.language)}" segmentAlignment="true" startWithSAP="1">`,
    `      <Label>${escapeAttr(m.audio.label)}</Label>`,
    `      ${template(m.audioTimescale, m.firstFrameSeconds)}`,
    `      <Representation id="${m.audio.id}" codecs="${m.audio.codecs}" bandwidth="${m.audio.bandwidth}" audioSamplingRate="${m.audio.sampleRate}">`,
    `        <AudioChannelConfiguration schemeIdUri="urn:mpeg:dash:23003:3:audio_channel_configuration:2011" value="${m.audio.channels}"/>`,
    '      </Representation>',
    '    </AdaptationSet>',
    '  </Period>',
    '</MPD>',
    '',
  ].join('\n');
}

export async function writeCmafMpd(file: string, m: CmafMpd): Promise<void> {
  for (const r of [...m.video, m.audio]) if (!/^[\w-]+$/.test(r.id)) throw new Error(`representation id ${r.id} is not a plain folder name`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, cmafMpd(m), 'utf8');
}
