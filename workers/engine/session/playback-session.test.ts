import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineReport } from '../engine-protocol.ts';
import type { BufferedRange, BufferSink, MediaSink } from '../media/media-sink.ts';
import { PlaybackSession } from './playback-session.ts';

// The demo film 1 as the server serves it: 3 TS video levels (240/480/720p), separate ru/en audio, 4 s segments.
const MEDIA_ROOT = path.resolve(import.meta.dirname, '../../../server/media');
const ORIGIN = 'https://media.test';
const MASTER = `${ORIGIN}/films/1/master.m3u8`;

interface Request {
  /** e.g. "v240/seg-012.ts" */
  name: string;
  /** The Range header, when there was one. */
  range: string | undefined;
  /** Lets a held response through. */
  release: () => void;
  aborted: () => boolean;
}

/**
 * fetch() answering from server/media. Responses to URLs matching `hold` wait for release(), so a
 * test can keep a segment "on the wire" and see what else the engine asks for meanwhile.
 */
function mediaFetch(hold: (name: string) => boolean, root = MEDIA_ROOT) {
  const requests: Request[] = [];
  const delivered = new Set<string>();
  const impl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const name = url.pathname.split('/').slice(-2).join('/');
    let release = () => {};
    const released = hold(name) ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    const signal = init?.signal;
    const range = (init?.headers as Record<string, string> | undefined)?.Range;
    requests.push({ name, range, release: () => release(), aborted: () => signal?.aborted === true });
    let bytes = await readFile(path.join(root, url.pathname));
    const [, first, last] = /^bytes=(\d+)-(\d*)$/.exec(range ?? '') ?? [];
    if (first !== undefined) bytes = bytes.subarray(Number(first), last ? Number(last) + 1 : bytes.length);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        await released;
        if (signal?.aborted) return controller.error(new DOMException('aborted', 'AbortError'));
        controller.enqueue(new Uint8Array(bytes));
        controller.close();
        delivered.add(name);
      },
    });
    return new Response(body, { status: range ? 206 : 200 });
  };
  return { requests, delivered, impl, names: () => requests.map((request) => request.name) };
}

interface Append {
  mime: string;
  bytes: number;
}

/** A sink that accepts everything and records what was appended to which buffer; `ranges` says what it holds. */
function recordingSink(ranges: (time: number) => BufferedRange | undefined = () => undefined): MediaSink & { appends: Append[] } {
  const appends: Append[] = [];
  const buffer = (mime: string): BufferSink => ({
    append: async (bytes) => void appends.push({ mime, bytes: bytes.byteLength }),
    remove: async () => {},
    setTimestampOffset: async () => {},
    resetParser: async () => {},
    rangeAt: (time) => ranges(time),
    firstStart: () => undefined,
    idle: async () => {},
  });
  return { appends, opened: Promise.resolve(), setDuration: () => {}, addBuffer: buffer, endOfStream: async () => {} };
}

function openSession(sink: MediaSink, rememberedBandwidthBps: number | undefined, size = { maxWidth: 1280, maxHeight: 720 }, url = MASTER) {
  const reports: EngineReport[] = [];
  const session = new PlaybackSession(
    sink,
    { url, startTime: 0, ...size, rememberedBandwidthBps },
    (report) => reports.push(report),
  );
  return { session, reports };
}

/** What the session does waits on file reads and transmuxing: on a busy machine that takes a while. */
const PATIENT = { timeout: 10_000 };
/**
 * A test here waits on up to four patient steps, so its own limit covers them all: vitest's 5 s
 * default cut tests short on a busy two-core machine while their waits were still within bounds.
 */
const ENGINE_TEST = { timeout: 60_000 };

/** Lets every pending promise and timer-free callback run (file reads included). */
const settle = async () => {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('PlaybackSession on the demo film', ENGINE_TEST, () => {
  let session: PlaybackSession | undefined;
  beforeEach(() => {
    session = undefined;
  });
  afterEach(() => {
    session?.destroy();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('an audio track chosen as soon as the tracks are listed, while the buffers still open, is the one loaded', async () => {
    const net = mediaFetch(() => false);
    vi.stubGlobal('fetch', net.impl);
    let open: () => void = () => undefined;
    const sink = { ...recordingSink(), opened: new Promise<void>((resolve) => (open = resolve)) };
    const reports: EngineReport[] = [];
    session = new PlaybackSession(sink, { url: MASTER, startTime: 0, maxWidth: 1280, maxHeight: 720, rememberedBandwidthBps: 3_000_000 }, (report) => {
      reports.push(report);
      // The main thread's language order answers the list at once (as the player's memory does).
      if (report.type === 'audio-tracks') void session?.setAudioTrack(1);
    });
    void session.start();
    await vi.waitFor(() => expect(reports.some((report) => report.type === 'audio-tracks')).toBe(true), PATIENT);
    open();
    session.update({ currentTime: 0, seeking: false, paused: false });
    await vi.waitFor(() => expect(reports).toContainEqual({ type: 'audio-track-change', index: 1 }), PATIENT);
    expect(net.names().filter((name) => name.startsWith('audio-ru/seg-'))).toEqual([]);
  });

  it('after a seek, keeps separate audio from fetching past the video segment the viewer is waiting for', async () => {
    const targetVideo = (name: string) => /^v\d+\/seg-012\.ts$/.test(name);
    const net = mediaFetch(targetVideo);
    vi.stubGlobal('fetch', net.impl);
    const sink = recordingSink();
    ({ session } = openSession(sink, 3_000_000));
    void session.start();
    session.update({ currentTime: 0, seeking: false, paused: false });
    await vi.waitFor(() => expect(net.delivered.has('audio-ru/seg-001.ts')).toBe(true), PATIENT);

    session.seek(50);
    await vi.waitFor(() => expect(net.delivered.has('audio-ru/seg-012.ts')).toBe(true), PATIENT);
    await settle();
    // Audio at the target is in; the video segment at the target is still downloading, so the next audio waits.
    expect(net.names().filter(targetVideo)).toHaveLength(1);
    expect(net.names()).not.toContain('audio-ru/seg-013.ts');

    net.requests.find((request) => targetVideo(request.name))!.release();
    await vi.waitFor(() => expect(net.names()).toContain('audio-ru/seg-013.ts'), PATIENT);
  });

  it('on a fast link, a fresh profile plays its second segment at the top level and reports each level as it plays', async () => {
    // A link as fast as the clock can tell (a busy test machine must not make it look slow).
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 0.001));
    const net = mediaFetch(() => false);
    vi.stubGlobal('fetch', net.impl);
    const sink = recordingSink();
    let reports: EngineReport[];
    ({ session, reports } = openSession(sink, undefined));
    void session.start();
    session.update({ currentTime: 0, seeking: false, paused: true });
    await vi.waitFor(() => expect(net.names()).toContain('v720/seg-001.ts'), PATIENT);
    const video = net.names().filter((name) => /^v\d+\/seg-/.test(name));
    // Nothing was known, so the start level is the lowest; the first segment proves the link.
    expect(video.slice(0, 2)).toEqual(['v240/seg-000.ts', 'v720/seg-001.ts']);
    // The menu says what the viewer sees: 240p at 0 s, 720p once the playhead reaches 4 s.
    const playing = () => reports.filter((report) => report.type === 'quality-change').map((report) => report.index);
    await vi.waitFor(() => expect(playing()).toEqual([0]), PATIENT);
    // The element reports its time again and again while it plays; the 720p segment is in once
    // it has arrived and been appended, which a busy machine makes slow.
    await vi.waitFor(() => {
      session?.update({ currentTime: 4.2, seeking: false, paused: false });
      expect(playing()).toEqual([0, 2]);
    }, PATIENT);
  });

  it('gives up on a segment that fails for good with its code and what failed: URL, status, level', async () => {
    const net = mediaFetch(() => false);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      /\/v\d+\/seg-/.test(String(input)) ? Promise.resolve(new Response('gone', { status: 404 })) : net.impl(input, init));
    let reports: EngineReport[];
    ({ session, reports } = openSession(recordingSink(), 3_000_000));
    void session.start();
    session.update({ currentTime: 0, seeking: false, paused: true });
    await vi.waitFor(() => expect(reports.some((report) => report.type === 'error')).toBe(true), PATIENT);
    const failure = reports.find((report) => report.type === 'error');
    expect(failure).toMatchObject({
      declined: false,
      error: { category: 'network', code: 4, severity: 'fatal', detail: { status: 404, kind: 'status', level: 0, time: 0 } },
    });
    expect(failure?.type === 'error' && String(failure.error.detail?.url)).toMatch(/\/films\/1\/v240\/seg-000\.ts$/);
  });

  it('loads no more than a small player shows, and climbs once it goes fullscreen', async () => {
    const first = (name: string) => name === 'v240/seg-000.ts';
    const net = mediaFetch(first);
    vi.stubGlobal('fetch', net.impl);
    ({ session } = openSession(recordingSink(), 50_000_000, { maxWidth: 400, maxHeight: 225 }));
    void session.start();
    session.update({ currentTime: 0, seeking: false, paused: true });
    // 240p (426x240) already covers a 400x225 player, fast link or not.
    await vi.waitFor(() => expect(net.names()).toContain('v240/seg-000.ts'), PATIENT);
    session.resize(1920, 1080);
    net.requests.find((request) => first(request.name))!.release();
    await vi.waitFor(() => expect(net.names()).toContain('v720/seg-001.ts'), PATIENT);
  });

  it('reads the other levels\' playlists once the first picture is in, so a seek to another level fetches its segment at once', async () => {
    const net = mediaFetch(() => false);
    vi.stubGlobal('fetch', net.impl);
    const sink = recordingSink();
    ({ session } = openSession(sink, 3_000_000));
    void session.start();
    session.update({ currentTime: 0, seeking: false, paused: false });
    await vi.waitFor(() => expect(sink.appends.some((append) => append.mime.startsWith('video/'))).toBe(true), PATIENT);
    await vi.waitFor(() => expect(net.names()).toEqual(expect.arrayContaining(['v240/index.m3u8', 'v480/index.m3u8', 'v720/index.m3u8'])), PATIENT);
    const before = net.requests.length;
    session.seek(50);
    await vi.waitFor(() => expect(net.names().slice(before).some((name) => /^v\d+\/seg-012\.ts$/.test(name))).toBe(true), PATIENT);
    const afterSeek = net.names().slice(before);
    expect(afterSeek.filter((name) => name.endsWith('.m3u8'))).toEqual([]);
    expect(afterSeek.filter((name) => name.startsWith('v'))[0]).toMatch(/^v\d+\/seg-012\.ts$/);
  });

  it('keeps the level and the download in flight on a seek inside the buffer', async () => {
    const fourth = (name: string) => /^v\d+\/seg-003\.ts$/.test(name);
    const net = mediaFetch(fourth);
    vi.stubGlobal('fetch', net.impl);
    // The first three segments (0–12 s) are buffered in every buffer.
    const sink = recordingSink((time) => (time >= 0 && time < 12 ? { start: 0, end: 12 } : undefined));
    ({ session } = openSession(sink, 3_000_000));
    void session.start();
    session.update({ currentTime: 0, seeking: false, paused: false });
    await vi.waitFor(() => expect(net.names().filter(fourth)).toHaveLength(1), PATIENT);
    const inFlight = net.names().find(fourth)!;
    const before = net.requests.length;

    session.seek(6);
    await settle();
    // Nothing refetched, no drop to a faster level: what follows the buffer is already on its way.
    expect(net.names().slice(before).filter((name) => name.startsWith('v'))).toEqual([]);
    net.requests.find((request) => request.name === inFlight)!.release();
    await vi.waitFor(() => expect(net.names().some((name) => /^v\d+\/seg-004\.ts$/.test(name))).toBe(true), PATIENT);
    expect(net.names().filter(fourth)).toEqual([inFlight]);
  });

  it('a quality chosen while the first segment is still arriving loads that segment again at the chosen level', async () => {
    const firstVideo = (name: string) => /^v\d+\/seg-000\.ts$/.test(name);
    const net = mediaFetch(firstVideo);
    vi.stubGlobal('fetch', net.impl);
    // Nothing buffered yet: the first segment is on the wire.
    ({ session } = openSession(recordingSink(), 3_000_000));
    void session.start();
    session.update({ currentTime: 0, seeking: false, paused: true });
    await vi.waitFor(() => expect(net.names().filter(firstVideo)).toHaveLength(1), PATIENT);
    const started = net.names().find(firstVideo)!;
    const other = started.startsWith('v240') ? 2 : 0;
    await session.setQuality(other);
    const wanted = other === 2 ? 'v720/seg-000.ts' : 'v240/seg-000.ts';
    await vi.waitFor(() => expect(net.names()).toContain(wanted), PATIENT);
    expect(net.names().some((name) => /^v\d+\/seg-001\.ts$/.test(name) && net.names().indexOf(name) < net.names().indexOf(wanted))).toBe(false);
  });

  it('on a seek to an unbuffered place, requests the target at once while start-up downloads are still on the wire, and drops them', async () => {
    const second = (name: string) => /seg-001\.ts$/.test(name);
    const net = mediaFetch(second);
    vi.stubGlobal('fetch', net.impl);
    ({ session } = openSession(recordingSink(), 3_000_000));
    void session.start();
    session.update({ currentTime: 0, seeking: false, paused: false });
    await vi.waitFor(() => expect(net.names().filter((name) => /^v\d+\/seg-001\.ts$/.test(name))).toHaveLength(1), PATIENT);
    await vi.waitFor(() => expect(net.names()).toContain('audio-ru/seg-001.ts'), PATIENT);

    session.seek(50);
    // The held responses never settle: the target's requests do not wait for them.
    await vi.waitFor(() => expect(net.names().some((name) => /^v\d+\/seg-012\.ts$/.test(name))).toBe(true), PATIENT);
    await vi.waitFor(() => expect(net.names()).toContain('audio-ru/seg-012.ts'), PATIENT);
    const held = net.requests.filter((request) => second(request.name));
    expect(held.every((request) => request.aborted())).toBe(true);
  });

  it('keeps a download already going to the target\'s segment at the level the seek wants', async () => {
    const first = (name: string) => /^v\d+\/seg-000\.ts$/.test(name);
    const net = mediaFetch(first);
    vi.stubGlobal('fetch', net.impl);
    // A slow link remembered: the lowest level is both the start level and the seek's.
    ({ session } = openSession(recordingSink(), 200_000));
    void session.start();
    session.update({ currentTime: 0, seeking: false, paused: false });
    await vi.waitFor(() => expect(net.names().filter(first)).toHaveLength(1), PATIENT);

    session.seek(2.5);
    await settle();
    const request = net.requests.find((candidate) => first(candidate.name))!;
    expect(request.aborted()).toBe(false);
    request.release();
    await vi.waitFor(() => expect(net.names().some((name) => /^v\d+\/seg-001\.ts$/.test(name))).toBe(true), PATIENT);
    expect(net.names().filter(first)).toHaveLength(1);
  });

  it('fetches nothing on a seek inside the buffer when the buffer ends a frame short of the segment\'s end', async () => {
    const fourth = (name: string) => /^v\d+\/seg-003\.ts$/.test(name);
    // Audio's fourth segment is held too: the sink keeps saying 0–11.96 s whatever arrives.
    const net = mediaFetch((name) => fourth(name) || name === 'audio-ru/seg-003.ts');
    vi.stubGlobal('fetch', net.impl);
    // 0–11.96 s buffered: the third segment's last frame ends 40 ms before the playlist says.
    const sink = recordingSink((time) => (time >= 0 && time < 11.96 ? { start: 0, end: 11.96 } : undefined));
    ({ session } = openSession(sink, 3_000_000));
    void session.start();
    session.update({ currentTime: 0, seeking: false, paused: false });
    await vi.waitFor(() => expect(net.names().filter(fourth)).toHaveLength(1), PATIENT);
    // Audio goes as far as the video segment being loaded.
    await vi.waitFor(() => expect(net.names()).toContain('audio-ru/seg-003.ts'), PATIENT);
    const before = net.requests.length;

    session.seek(9);
    await settle();
    expect(net.names().slice(before)).toEqual([]);
    expect(net.requests.find((request) => fourth(request.name))!.aborted()).toBe(false);
  });

  describe('seek hints (prefetch)', () => {
    /** Starts film 1 with 0–12 s buffered and waits for the first picture (the first video append). */
    async function playing(ranges: (time: number) => BufferedRange | undefined = (time) => (time >= 0 && time < 12 ? { start: 0, end: 12 } : undefined), hold = (name: string) => /seg-01[0-9]\.ts$/.test(name)) {
      const net = mediaFetch(hold);
      vi.stubGlobal('fetch', net.impl);
      const sink = recordingSink(ranges);
      ({ session } = openSession(sink, 3_000_000));
      void session.start();
      session.update({ currentTime: 0, seeking: false, paused: false });
      await vi.waitFor(() => expect(sink.appends.some((append) => append.mime.startsWith('video/'))).toBe(true), PATIENT);
      return net;
    }
    const target = (name: string) => /^(v\d+|audio-ru)\/seg-012\.ts$/.test(name);

    it('fetches the target\'s video and audio segments, and the seek that follows uses them', async () => {
      const net = await playing();
      session!.prefetch(50);
      await vi.waitFor(() => expect(net.names().filter(target)).toHaveLength(2), PATIENT);
      for (const request of net.requests.filter((candidate) => target(candidate.name))) request.release();

      session!.seek(50);
      await vi.waitFor(() => expect(net.names()).toContain('audio-ru/seg-013.ts'), PATIENT);
      await vi.waitFor(() => expect(net.names().some((name) => /^v\d+\/seg-013\.ts$/.test(name))).toBe(true), PATIENT);
      // Each of the target's segments was asked for once: by the hint.
      expect(net.names().filter(target)).toHaveLength(2);
    });

    it('a seek uses the hint\'s bytes at their level, though the link measured faster since the hint', async () => {
      const net = await playing();
      session!.prefetch(50);
      await vi.waitFor(() => expect(net.names().filter(target)).toHaveLength(2), PATIENT);
      for (const request of net.requests.filter((candidate) => target(candidate.name))) request.release();
      // The viewer hovered, then plays on while the buffer fills from a fast link: the estimate
      // climbs, and a seek choosing its level afresh would start at another level than the hint's.
      await vi.waitFor(() => expect(net.names()).toContain('audio-ru/seg-007.ts'), PATIENT);
      await settle();

      session!.seek(50);
      await vi.waitFor(() => expect(net.names()).toContain('audio-ru/seg-013.ts'), PATIENT);
      expect(net.names().filter(target)).toHaveLength(2);
    });

    it('a seek joins the hint\'s download still on its way', async () => {
      const net = await playing();
      session!.prefetch(50);
      await vi.waitFor(() => expect(net.names().filter(target)).toHaveLength(2), PATIENT);
      session!.seek(50);
      await settle();
      expect(net.names().filter(target)).toHaveLength(2);
      expect(net.requests.filter((request) => target(request.name)).some((request) => request.aborted())).toBe(false);
      for (const request of net.requests.filter((candidate) => target(candidate.name))) request.release();
      await vi.waitFor(() => expect(net.names()).toContain('audio-ru/seg-013.ts'), PATIENT);
    });

    it('a newer hint for another place aborts the previous one', async () => {
      const net = await playing();
      session!.prefetch(50);
      await vi.waitFor(() => expect(net.names().filter(target)).toHaveLength(2), PATIENT);
      session!.prefetch(70);
      // Film 1's segments are a little over 4 s: 70 s is in the fifteenth.
      await vi.waitFor(() => expect(net.names()).toContain('audio-ru/seg-014.ts'), PATIENT);
      expect(net.requests.filter((request) => target(request.name)).every((request) => request.aborted())).toBe(true);
    });

    it('is refused before the first picture', async () => {
      const net = mediaFetch((name) => /seg-000\.ts$/.test(name));
      vi.stubGlobal('fetch', net.impl);
      ({ session } = openSession(recordingSink((time) => (time < 12 ? { start: 0, end: 12 } : undefined)), 3_000_000));
      void session.start();
      session.update({ currentTime: 0, seeking: false, paused: false });
      await vi.waitFor(() => expect(net.names().some((name) => /^v\d+\/seg-000\.ts$/.test(name))).toBe(true), PATIENT);
      session.prefetch(50);
      await settle();
      expect(net.names().filter(target)).toEqual([]);
    });

    it('is refused with less than 8 s buffered ahead, inside the buffer, and on a data-saving link', async () => {
      const net = await playing((time) => (time >= 0 && time < 6 ? { start: 0, end: 6 } : undefined));
      session!.prefetch(50);
      await settle();
      expect(net.names().filter(target)).toEqual([]);
      session!.prefetch(3);
      await settle();
      expect(net.names().filter(target)).toEqual([]);
    });

    it('is refused on a data-saving link', async () => {
      vi.stubGlobal('navigator', { connection: { saveData: true, effectiveType: '4g' } });
      const net = await playing();
      session!.prefetch(50);
      await settle();
      expect(net.names().filter(target)).toEqual([]);
    });
  });
});

describe('PlaybackSession on fMP4 with an I-frame playlist', ENGINE_TEST, () => {
  // test/fixtures/iframe-fmp4: one 160p level, 4 s segments of two 2 s GOPs each, an I-frame playlist.
  const FIXTURE_ROOT = path.resolve(import.meta.dirname, '../../../test/fixtures');
  const FIXTURE = `${ORIGIN}/iframe-fmp4/master.m3u8`;
  let session: PlaybackSession | undefined;
  afterEach(() => {
    session?.destroy();
    vi.unstubAllGlobals();
  });

  it('reads the I-frame playlist after the first picture or at the first seek, not before, and fetches from the keyframe before the target', async () => {
    const first = (name: string) => name === 'iframe-fmp4/seg-000.m4s';
    const net = mediaFetch(first, FIXTURE_ROOT);
    vi.stubGlobal('fetch', net.impl);
    const sink = recordingSink();
    ({ session } = openSession(sink, 3_000_000, undefined, FIXTURE));
    void session.start();
    session.update({ currentTime: 0, seeking: false, paused: false });
    await vi.waitFor(() => expect(net.names()).toContain('iframe-fmp4/seg-000.m4s'), PATIENT);
    expect(net.names()).not.toContain('iframe-fmp4/iframes.m3u8');

    // 6 s: the second segment's second GOP (4–6 s is the first, 6–8 s the second).
    session.seek(6.5);
    await vi.waitFor(() => expect(net.names()).toContain('iframe-fmp4/seg-001.m4s'), PATIENT);
    expect(net.names()).toContain('iframe-fmp4/iframes.m3u8');
    const target = net.requests.find((request) => request.name === 'iframe-fmp4/seg-001.m4s')!;
    expect(target.range).toBe('bytes=28301-');
    // The fragment from the keyframe on is appended after the init segment.
    await vi.waitFor(() => expect(sink.appends.map((append) => append.bytes)).toEqual(expect.arrayContaining([791, 59666 - 28301])), PATIENT);
  });

  it('reads the I-frame playlist once the first segment is in, before any seek, so the first seek pays no round trip for it', async () => {
    const net = mediaFetch(() => false, FIXTURE_ROOT);
    vi.stubGlobal('fetch', net.impl);
    const sink = recordingSink();
    ({ session } = openSession(sink, 3_000_000, undefined, FIXTURE));
    void session.start();
    session.update({ currentTime: 0, seeking: false, paused: false });
    await vi.waitFor(() => expect(net.names()).toContain('iframe-fmp4/iframes.m3u8'), PATIENT);
    const order = net.names();
    expect(order.indexOf('iframe-fmp4/iframes.m3u8')).toBeGreaterThan(order.indexOf('iframe-fmp4/seg-000.m4s'));
    expect(sink.appends.length).toBeGreaterThan(0);
  });

  it('reads the I-frame playlist once playback moves past 0, while the first segment is still arriving', async () => {
    const net = mediaFetch((name) => name === 'iframe-fmp4/seg-000.m4s', FIXTURE_ROOT);
    vi.stubGlobal('fetch', net.impl);
    ({ session } = openSession(recordingSink(), 3_000_000, undefined, FIXTURE));
    void session.start();
    session.update({ currentTime: 0, seeking: false, paused: false });
    await vi.waitFor(() => expect(net.names()).toContain('iframe-fmp4/seg-000.m4s'), PATIENT);
    expect(net.names()).not.toContain('iframe-fmp4/iframes.m3u8');
    // The page reports the picture moving; the first segment has not finished downloading.
    session.update({ currentTime: 0.2, seeking: false, paused: false });
    await vi.waitFor(() => expect(net.names()).toContain('iframe-fmp4/iframes.m3u8'), PATIENT);
    expect(net.delivered.has('iframe-fmp4/seg-000.m4s')).toBe(false);
  });

  it('fetches the whole segment when the target is in its first GOP', async () => {
    const net = mediaFetch((name) => name === 'iframe-fmp4/seg-000.m4s', FIXTURE_ROOT);
    vi.stubGlobal('fetch', net.impl);
    ({ session } = openSession(recordingSink(), 3_000_000, undefined, FIXTURE));
    void session.start();
    session.update({ currentTime: 0, seeking: false, paused: false });
    await vi.waitFor(() => expect(net.names()).toContain('iframe-fmp4/seg-000.m4s'), PATIENT);
    session.seek(5);
    await vi.waitFor(() => expect(net.names()).toContain('iframe-fmp4/seg-001.m4s'), PATIENT);
    expect(net.requests.find((request) => request.name === 'iframe-fmp4/seg-001.m4s')!.range).toBeUndefined();
  });
});
