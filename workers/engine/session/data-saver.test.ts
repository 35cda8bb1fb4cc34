import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineReport } from '../engine-protocol.ts';
import type { BufferSink, MediaSink } from '../media/media-sink.ts';
import { PlaybackSession } from './playback-session.ts';

// The demo film 8 as the server serves it: fMP4 levels 240/480/720/1080p, separate audio, eight 4 s segments.
const MEDIA_ROOT = path.resolve(import.meta.dirname, '../../../server/media');
const MASTER = 'https://media.test/films/8/master.m3u8';
const PATIENT = { timeout: 10_000 };

/**
 * fetch() answering from server/media; records what was asked for ("v480/seg-001.m4s"). Answers
 * to names that `hold` picks wait for release().
 */
function mediaFetch(hold: (name: string) => boolean = () => false) {
  const names: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const impl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const name = url.pathname.split('/').slice(-2).join('/');
    names.push(name);
    if (hold(name)) await released;
    let bytes = await readFile(path.join(MEDIA_ROOT, url.pathname));
    const range = (init?.headers as Record<string, string> | undefined)?.Range;
    const [, first, last] = /^bytes=(\d+)-(\d*)$/.exec(range ?? '') ?? [];
    if (first !== undefined) bytes = bytes.subarray(Number(first), last ? Number(last) + 1 : bytes.length);
    return new Response(new Uint8Array(bytes), { status: range ? 206 : 200 });
  };
  return { names, impl, release: () => release(), video: () => names.filter((name) => /^v\d+\/seg-/.test(name)) };
}

/** A sink that takes every append and says 0–24 s is buffered. */
function acceptingSink(): MediaSink {
  const buffer = (): BufferSink => ({
    append: async () => {},
    remove: async () => {},
    setTimestampOffset: async () => {},
    resetParser: async () => {},
    rangeAt: (time) => (time >= 0 && time < 24 ? { start: 0, end: 24 } : undefined),
    firstStart: () => undefined,
    idle: async () => {},
  });
  return { opened: Promise.resolve(), setDuration: () => {}, addBuffer: buffer, endOfStream: async () => {} };
}

describe('PlaybackSession with the data saver', { timeout: 60_000 }, () => {
  let session: PlaybackSession | undefined;
  afterEach(() => {
    session?.destroy();
    session = undefined;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** Film 8 in a 1080p player on a link as fast as the clock can tell. */
  function open(dataSaver: boolean, hold?: (name: string) => boolean) {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 0.001));
    const net = mediaFetch(hold);
    vi.stubGlobal('fetch', net.impl);
    const reports: EngineReport[] = [];
    session = new PlaybackSession(acceptingSink(), { url: MASTER, startTime: 0, maxWidth: 1920, maxHeight: 1080, rememberedBandwidthBps: 50_000_000, dataSaver }, (report) => reports.push(report));
    void session.start();
    session.update({ currentTime: 0, seeking: false, paused: false });
    const saved = () => reports.reduce((sum, report) => sum + (report.type === 'data-saved' ? report.bytes : 0), 0);
    return { net, saved };
  }

  it('keeps Auto at 480p on a fast link, buffers 20 s ahead, and counts what 1080p would have cost more', async () => {
    const { net, saved } = open(true);
    await vi.waitFor(() => expect(net.video()).toContain('v480/seg-005.m4s'), PATIENT);
    expect(net.video().every((name) => /^v(240|480)\//.test(name))).toBe(true);
    // 20 s ahead of the playhead at 0: the segment from 24 s waits.
    expect(net.video().some((name) => name.endsWith('seg-006.m4s'))).toBe(false);
    // From the second segment on, Auto would have fetched 1080p (about 3.7 times 480p's bitrate).
    expect(saved()).toBeGreaterThan(0);
  });

  it('follows no seek hints', async () => {
    const { net } = open(true);
    await vi.waitFor(() => expect(net.video()).toContain('v480/seg-005.m4s'), PATIENT);
    session!.update({ currentTime: 0.5, seeking: false, paused: false });
    // 23.5 s buffered ahead and a fast link: without the saver, the hint would fetch 28–32 s.
    session!.prefetch(29);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(net.video().some((name) => name.endsWith('seg-007.m4s'))).toBe(false);
  });

  it('drops to 480p from the next segment when turned on while playing, and saves nothing while off', async () => {
    // The third video segment waits on the wire while the saver comes on.
    const { net, saved } = open(false, (name) => /^v\d+\/seg-002/.test(name));
    await vi.waitFor(() => expect(net.video()).toContain('v1080/seg-002.m4s'), PATIENT);
    expect(saved()).toBe(0);
    session!.setDataSaver(true);
    net.release();
    await vi.waitFor(() => expect(net.video()).toContain('v480/seg-003.m4s'), PATIENT);
    const afterSwitch = net.video().slice(net.video().indexOf('v1080/seg-002.m4s') + 1);
    expect(afterSwitch.every((name) => /^v(240|480)\//.test(name))).toBe(true);
  });
});
