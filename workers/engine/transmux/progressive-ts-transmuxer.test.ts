import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ProgressiveTsTransmuxer } from './progressive-ts-transmuxer.ts';
import { fmp4StartPts } from './fmp4-timing.ts';
import type { TransmuxResult } from './transmux-types.ts';

const MEDIA = new URL('../../../server/media/', import.meta.url);

/** Sample counts of every moof (its trun) in a run of top-level fMP4 boxes. */
function sampleCount(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let samples = 0;
  const walk = (start: number, end: number) => {
    for (let offset = start; offset + 8 <= end; ) {
      const size = view.getUint32(offset);
      const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
      if (type === 'moof' || type === 'traf') walk(offset + 8, offset + size);
      if (type === 'trun') samples += view.getUint32(offset + 12);
      offset += size;
    }
  };
  walk(0, bytes.byteLength);
  return samples;
}

function videoSamples(results: TransmuxResult[]): number {
  return results.flatMap((result) => result.tracks.filter((track) => track.kind === 'video')).reduce((sum, track) => sum + sampleCount(track.data), 0);
}

describe('ProgressiveTsTransmuxer', () => {
  it('yields frames while the segment is still arriving, and all of them by the end', async () => {
    const segment = new Uint8Array(await readFile(new URL('films/1/v240/seg-001.ts', MEDIA)));
    const progressive = new ProgressiveTsTransmuxer();
    const results: TransmuxResult[] = [];
    const chunk = 8 * 1024;
    for (let offset = 0; offset < segment.byteLength; offset += chunk) results.push(progressive.push(segment.subarray(offset, offset + chunk)));
    const beforeEnd = videoSamples(results);
    results.push(progressive.end());

    // 4 s at 25 fps: every frame comes out once, most of them before the last byte.
    expect(videoSamples(results)).toBe(100);
    expect(beforeEnd).toBeGreaterThan(50);
    // The reported start is the first frame's time in the fMP4 it produced, read back independently.
    const firstVideo = results.flatMap((result) => result.tracks).find((track) => track.kind === 'video');
    const written = firstVideo ? fmp4StartPts(firstVideo.init, firstVideo.data) : undefined;
    expect(results.find((result) => result.startPts !== undefined)?.startPts).toBeCloseTo(written ?? Number.NaN, 3);
  });

  it('starts clean after reset(): a half-read segment leaves nothing behind', async () => {
    const segment = new Uint8Array(await readFile(new URL('films/1/v240/seg-002.ts', MEDIA)));
    const progressive = new ProgressiveTsTransmuxer();
    progressive.push(segment.subarray(0, 20_000));
    progressive.reset();
    const results = [progressive.push(segment), progressive.end()];
    expect(videoSamples(results)).toBe(100);
  });
});

describe('the init segments it writes', () => {
  /** mvhd's duration in seconds (version 0, as written), read independently of the writer. */
  function movieDuration(init: Uint8Array): number {
    const view = new DataView(init.buffer, init.byteOffset, init.byteLength);
    const at = Buffer.from(init).indexOf('mvhd') - 4;
    return view.getUint32(at + 24) / view.getUint32(at + 20);
  }

  it('carry the film\'s duration, so the browser treats the stream as a recording rather than a live one', async () => {
    const tracks = [];
    for (const path of ['films/1/v240/seg-001.ts', 'films/1/audio-ru/seg-001.ts']) {
      const segment = new Uint8Array(await readFile(new URL(path, MEDIA)));
      tracks.push(...new ProgressiveTsTransmuxer(1834.5).push(segment).tracks);
    }
    expect(tracks.map((track) => track.kind)).toEqual(['video', 'audio']);
    const inits = tracks.map((track) => track.init);
    for (const init of inits) expect(movieDuration(init)).toBeCloseTo(1834.5, 3);
  });

  it('without a known duration keep mux.js\'s "unknown" (0xffffffff)', async () => {
    const segment = new Uint8Array(await readFile(new URL('films/1/v240/seg-001.ts', MEDIA)));
    const [video] = new ProgressiveTsTransmuxer().push(segment).tracks;
    expect(movieDuration(video!.init) * 90_000).toBe(0xffffffff);
  });
});
