import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BufferSink, MediaSink } from '../media/media-sink.ts';
import { Fmp4StreamAppend, holdsFirstMoof, type Fmp4StreamHost } from './fmp4-stream-append.ts';
import { PlaybackSession } from './playback-session.ts';

// test/fixtures/iframe-fmp4: one 160p level, 4 s segments of two 2 s GOPs each (moof 296 B + mdat), an I-frame playlist.
const FIXTURE_ROOT = path.resolve(import.meta.dirname, '../../../test/fixtures');
const ORIGIN = 'https://media.test';
const MASTER = `${ORIGIN}/iframe-fmp4/master.m3u8`;
/** seg-001.m4s: the second GOP's moof starts here (the I-frame playlist's second entry for it). */
const SECOND_GOP = 28301;
const MOOF_BYTES = 296;
const PATIENT = { timeout: 10_000 };

type Operation = { op: 'append'; bytes: number } | { op: 'reset' };

/** A buffer that records what it is asked to do, in order. */
function recordingBuffer(): BufferSink & { operations: Operation[] } {
  const operations: Operation[] = [];
  return {
    operations,
    append: async (bytes) => void operations.push({ op: 'append', bytes: bytes.byteLength }),
    remove: async () => {},
    setTimestampOffset: async () => {},
    resetParser: async () => void operations.push({ op: 'reset' }),
    rangeAt: () => undefined,
    firstStart: () => undefined,
    idle: async () => {},
  };
}

/** An appender whose start() appends a 10-byte stand-in for the init segment. */
function appender(buffer: BufferSink, live = () => true) {
  const host: Fmp4StreamHost = {
    buffer,
    live,
    start: async () => {
      await buffer.append(new Uint8Array(10));
      return live();
    },
    append: (bytes) => buffer.append(bytes),
  };
  return new Fmp4StreamAppend(host);
}

const settle = async () => {
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('an fMP4 download appended as it arrives', () => {
  it('appends nothing until the first moof is whole, then each part as it comes', async () => {
    const fragment = (await readFile(path.join(FIXTURE_ROOT, 'iframe-fmp4/seg-001.m4s'))).subarray(SECOND_GOP);
    const buffer = recordingBuffer();
    const stream = appender(buffer);
    stream.push(fragment.subarray(0, 200));
    await settle();
    expect(buffer.operations).toEqual([]);
    stream.push(fragment.subarray(200, 4000));
    await settle();
    expect(buffer.operations).toEqual([{ op: 'append', bytes: 10 }, { op: 'append', bytes: 4000 }]);
    stream.push(fragment.subarray(4000));
    await stream.end();
    expect(buffer.operations.at(-1)).toEqual({ op: 'append', bytes: fragment.byteLength - 4000 });
  });

  it('hands the buffer copies: a sink that transfers them leaves the download\'s bytes whole', async () => {
    const seen: Uint8Array[] = [];
    const buffer = { ...recordingBuffer(), append: async (bytes: Uint8Array) => void seen.push(bytes) };
    const stream = appender(buffer);
    const whole = new Uint8Array(await readFile(path.join(FIXTURE_ROOT, 'iframe-fmp4/seg-000.m4s')));
    stream.push(whole);
    await stream.end();
    expect(seen.at(-1)).toEqual(whole);
    expect(seen.at(-1)!.buffer).not.toBe(whole.buffer);
  });

  it('resets the parser before the next download when one stopped part way, and not after one that ended', async () => {
    const fragment = (await readFile(path.join(FIXTURE_ROOT, 'iframe-fmp4/seg-001.m4s'))).subarray(SECOND_GOP);
    const buffer = recordingBuffer();
    let dropped = false;
    const first = appender(buffer, () => !dropped);
    first.push(fragment.subarray(0, 4000));
    await settle();
    dropped = true;

    const second = appender(buffer);
    second.push(fragment);
    await second.end();
    expect(buffer.operations.slice(2)).toEqual([{ op: 'reset' }, { op: 'append', bytes: 10 }, { op: 'append', bytes: fragment.byteLength }]);

    const third = appender(buffer);
    third.push(fragment);
    await third.end();
    expect(buffer.operations.slice(5)).toEqual([{ op: 'append', bytes: 10 }, { op: 'append', bytes: fragment.byteLength }]);
  });

  it('a retried download resets the parser and starts again from its first byte', async () => {
    const fragment = (await readFile(path.join(FIXTURE_ROOT, 'iframe-fmp4/seg-001.m4s'))).subarray(SECOND_GOP);
    const buffer = recordingBuffer();
    const stream = appender(buffer);
    stream.push(fragment.subarray(0, 4000));
    await settle();
    stream.restart();
    stream.push(fragment);
    await stream.end();
    expect(buffer.operations).toEqual([
      { op: 'append', bytes: 10 }, { op: 'append', bytes: 4000 },
      { op: 'reset' }, { op: 'append', bytes: 10 }, { op: 'append', bytes: fragment.byteLength },
    ]);
  });

  it('finds the end of the first moof among the top-level boxes', async () => {
    const segment = await readFile(path.join(FIXTURE_ROOT, 'iframe-fmp4/seg-001.m4s'));
    expect(holdsFirstMoof(segment.subarray(0, MOOF_BYTES - 1))).toBe(false);
    expect(holdsFirstMoof(segment.subarray(0, MOOF_BYTES))).toBe(true);
    const styp = new Uint8Array([0, 0, 0, 16, 0x73, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x36, 0, 0, 0, 0]);
    const withStyp = new Uint8Array([...styp, ...segment.subarray(0, MOOF_BYTES)]);
    expect(holdsFirstMoof(withStyp)).toBe(true);
    expect(holdsFirstMoof(withStyp.subarray(0, 100))).toBe(false);
  });
});

describe('a seek into the middle of an fMP4 segment', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks only for the target\'s GOP (no init segment, no playlist again) and appends its keyframe before the rest has arrived', { timeout: 60_000 }, async () => {
    const requests: Array<{ name: string; range: string | undefined }> = [];
    let releaseRest = () => {};
    const rest = new Promise<void>((resolve) => (releaseRest = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const name = url.pathname.split('/').slice(-2).join('/');
      const range = (init?.headers as Record<string, string> | undefined)?.Range;
      requests.push({ name, range });
      let bytes = new Uint8Array(await readFile(path.join(FIXTURE_ROOT, url.pathname)));
      const first = /^bytes=(\d+)-$/.exec(range ?? '')?.[1];
      if (first !== undefined) bytes = bytes.subarray(Number(first));
      // The seek's GOP arrives in two parts: its moof and the first 4 kB of its mdat, then the rest once released.
      const split = name === 'iframe-fmp4/seg-001.m4s' && range !== undefined ? 4000 : bytes.byteLength;
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(bytes.slice(0, split));
          if (split < bytes.byteLength) {
            await rest;
            controller.enqueue(bytes.slice(split));
          }
          controller.close();
        },
      });
      return new Response(body, { status: range ? 206 : 200 });
    });
    const buffer = recordingBuffer();
    const sink: MediaSink = { opened: Promise.resolve(), setDuration: () => {}, addBuffer: () => buffer, endOfStream: async () => {} };
    const session = new PlaybackSession(sink, { url: MASTER, startTime: 0, maxWidth: 1280, maxHeight: 720, rememberedBandwidthBps: 3_000_000 }, () => {});
    try {
      void session.start();
      session.update({ currentTime: 0, seeking: false, paused: false });
      // Both segments are in (the init segment, then each), and the I-frame playlist read after the first.
      await vi.waitFor(() => expect(buffer.operations).toHaveLength(3), PATIENT);
      await vi.waitFor(() => expect(requests.map((request) => request.name)).toContain('iframe-fmp4/iframes.m3u8'), PATIENT);
      const before = requests.length;

      session.seek(6.5);
      await vi.waitFor(() => expect(buffer.operations.filter((operation) => operation.op === 'append').at(-1)).toEqual({ op: 'append', bytes: 4000 }), PATIENT);
      expect(requests.slice(before)).toEqual([
        { name: 'iframe-fmp4/seg-001.m4s', range: `bytes=${SECOND_GOP}-` },
      ]);
      releaseRest();
      await vi.waitFor(() => expect(buffer.operations.at(-1)).toEqual({ op: 'append', bytes: 59666 - SECOND_GOP - 4000 }), PATIENT);
    } finally {
      session.destroy();
    }
  });
});
