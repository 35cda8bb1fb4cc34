import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BufferBytes } from '../../../src/contract/media/device-buffer-limits.ts';
import type { EngineReport } from '../engine-protocol.ts';
import type { BufferSink, MediaSink } from '../media/media-sink.ts';
import { PlaybackSession } from './playback-session.ts';

// Film 8 as the server serves it: fMP4, 240p–1080p (1080p about 4.6 Mbit/s), separate audio, 4 s segments, 32 s.
const MEDIA_ROOT = path.resolve(import.meta.dirname, '../../../server/media');
const MASTER = 'https://media.test/films/8/master.m3u8';
const PATIENT = { timeout: 20_000 };

/** fetch() answering from server/media, byte ranges included. */
async function serveMedia(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input));
  const range = (init?.headers as Record<string, string> | undefined)?.Range;
  let bytes = await readFile(path.join(MEDIA_ROOT, url.pathname));
  const [, first, last] = /^bytes=(\d+)-(\d*)$/.exec(range ?? '') ?? [];
  if (first !== undefined) bytes = bytes.subarray(Number(first), last ? Number(last) + 1 : bytes.length);
  return new Response(new Uint8Array(bytes), { status: range ? 206 : 200 });
}

/** A MediaSource that takes everything and says when the stream was ended. */
function acceptingSink(): MediaSink & { ended: boolean } {
  const buffer = (): BufferSink => ({
    append: async () => {},
    remove: async () => {},
    setTimestampOffset: async () => {},
    resetParser: async () => {},
    rangeAt: () => undefined,
    firstStart: () => undefined,
    idle: async () => {},
  });
  const sink = {
    ended: false,
    opened: Promise.resolve(),
    setDuration: () => {},
    addBuffer: buffer,
    endOfStream: async () => void (sink.ended = true),
  };
  return sink;
}

const settle = async () => {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('the buffers of a 1 GB phone', { timeout: 90_000 }, () => {
  let session: PlaybackSession | undefined;
  afterEach(() => {
    session?.destroy();
    vi.unstubAllGlobals();
  });

  it('film 8 at 1080p played through: never more than 15 MB ahead, nor 20 MB in all, and what was played is removed', async () => {
    vi.stubGlobal('fetch', serveMedia);
    const reports: EngineReport[] = [];
    const sink = acceptingSink();
    session = new PlaybackSession(sink, {
      url: MASTER, startTime: 0, maxWidth: 1920, maxHeight: 1080, rememberedBandwidthBps: 100_000_000, deviceMemoryGb: 1,
    }, (report) => reports.push(report));
    const bytes = () => reports.flatMap((report) => (report.type === 'stats' && report.bufferBytes ? [report.bufferBytes] : []));
    void session.start();
    // A fast link and a 1080p player: the start level is 1080p, and ABR stays there.
    // Paused at the start: the loader fills what it may ahead.
    session.update({ currentTime: 0, seeking: false, paused: true });
    await vi.waitFor(() => expect(bytes().at(-1)?.ahead).toBeGreaterThan(10 * 1024 * 1024), PATIENT);
    await settle();
    const filled = bytes().at(-1)!;
    expect(reports).toContainEqual(expect.objectContaining({ type: 'stats', rendition: '1080p' }));
    // 1080p's 32 s are about 18 MB: the bound stops it short of the forward goal's 30 s.
    expect(filled.limitAhead).toBe(15 * 1024 * 1024);
    expect(filled.ahead).toBeLessThanOrEqual(filled.limitAhead);
    for (let time = 0.5; time <= 32; time += 0.5) {
      session.update({ currentTime: time, seeking: false, paused: false });
      await settle();
    }
    // Every segment in (the playhead ran ahead of the loading here, as no element would), the playhead at the end again.
    await vi.waitFor(() => expect(sink.ended).toBe(true), PATIENT);
    const reported = bytes().length;
    session.update({ currentTime: 32, seeking: false, paused: false });
    await vi.waitFor(() => expect(bytes().length).toBeGreaterThan(reported), PATIENT);
    const seen: BufferBytes[] = bytes();
    for (const sample of seen) {
      expect(sample.ahead).toBeLessThanOrEqual(sample.limitAhead);
      expect(sample.video + sample.audio).toBeLessThanOrEqual(sample.limitAhead + sample.limitBehind);
    }
    const end = seen.at(-1)!;
    // At the end, what is left is what was played: within the bound behind.
    expect(end.behind).toBeLessThanOrEqual(end.limitBehind);
    expect(end.video).toBeGreaterThan(0);
    expect(end.audio).toBeGreaterThan(0);
  });
});
