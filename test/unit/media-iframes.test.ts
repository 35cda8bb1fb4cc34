// The I-frame playlist generator (scripts/media/iframes.ts) over a small hand-built CMAF
// fixture: an init segment with one video track and two segments of two fragments each,
// in the layouts ffmpeg writes (sizes in trun, or a default size in tfhd).
import { describe, expect, it } from 'vitest';
import { readBoxes, readFragments, readInit } from '../../scripts/media/fmp4.ts';
import { iframeBandwidth, iframeEntries, iframePlaylist } from '../../scripts/media/iframes.ts';

const u32 = (n: number): number[] => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
const box = (type: string, ...payload: number[][]): number[] => {
  const body = payload.flat();
  return [...u32(8 + body.length), ...ascii(type), ...body];
};
const full = (version: number, flags: number): number[] => [version, (flags >>> 16) & 255, (flags >>> 8) & 255, flags & 255];

const TIMESCALE = 12800;
const FRAME = 512; // 25 fps
const NON_SYNC = 0x10000;

function init(): Uint8Array {
  const tkhd = box('tkhd', full(0, 3), u32(0), u32(0), u32(1), Array(60).fill(0));
  const mdhd = box('mdhd', full(0, 0), u32(0), u32(0), u32(TIMESCALE), u32(0), [0, 0, 0, 0]);
  const hdlr = box('hdlr', full(0, 0), u32(0), ascii('vide'), Array(12).fill(0), [0]);
  const trex = box('trex', full(0, 0), u32(1), u32(1), u32(FRAME), u32(0), u32(NON_SYNC));
  return new Uint8Array([
    ...box('ftyp', ascii('iso6'), u32(0)),
    ...box('moov', box('trak', tkhd, box('mdia', mdhd, hdlr)), box('mvex', trex)),
  ]);
}

interface FragmentSpec { decodeTime: number; sizes: number[]; defaultSize?: boolean }

/** moof (mfhd, traf: tfhd default-base-is-moof, tfdt v1, trun) + mdat; the first sample is sync. */
function fragment(f: FragmentSpec): number[] {
  const tfhd = f.defaultSize ? box('tfhd', full(0, 0x20010), u32(1), u32(f.sizes[0] ?? 0)) : box('tfhd', full(0, 0x20000), u32(1));
  const trunFlags = 0x1 | 0x4 | (f.defaultSize ? 0 : 0x200);
  const rows = f.defaultSize ? [] : f.sizes.flatMap((size) => u32(size));
  const build = (dataOffset: number): number[] => {
    const trun = box('trun', full(0, trunFlags), u32(f.sizes.length), u32(dataOffset), u32(0), rows);
    const traf = box('traf', tfhd, box('tfdt', full(1, 0), u32(0), u32(f.decodeTime)), trun);
    return box('moof', box('mfhd', full(0, 0), u32(1)), traf);
  };
  const moof = build(build(0).length + 8);
  const payload = f.sizes.reduce((a, b) => a + b, 0);
  return [...moof, ...box('mdat', Array(payload).fill(0xab))];
}

const gop = (index: number, keyframe: number, rest: number, frames = 50, defaultSize = false): FragmentSpec => ({
  decodeTime: index * frames * FRAME,
  sizes: defaultSize ? Array(frames).fill(keyframe) : [keyframe, ...Array(frames - 1).fill(rest)],
  defaultSize,
});

const segment = (...fragments: FragmentSpec[]): Uint8Array => new Uint8Array(fragments.flatMap(fragment));

describe('fmp4 box reading', () => {
  it('reads the track, its timescale and trex defaults from the init segment', () => {
    const { tracks, defaults } = readInit(init());
    expect(tracks).toEqual([{ trackId: 1, timescale: TIMESCALE, handler: 'vide' }]);
    expect(defaults.get(1)).toEqual({ duration: FRAME, size: 0, flags: NON_SYNC });
  });

  it('reads each moof+mdat pair, samples sized from trun and timed from trex', () => {
    const bytes = segment(gop(0, 3000, 100), gop(1, 2000, 80));
    const [first, second] = readFragments(bytes, readInit(init()).defaults);
    expect(first?.moof.start).toBe(0);
    expect(second?.moof.start).toBe((first?.mdat.start ?? 0) + (first?.mdat.size ?? 0));
    expect(second?.trafs[0]?.baseMediaDecodeTime).toBe(50 * FRAME);
    expect(second?.trafs[0]?.samples[0]).toEqual({ duration: FRAME, size: 2000, flags: 0, compositionOffset: 0 });
    expect(second?.trafs[0]?.samples[1]?.flags).toBe(NON_SYNC);
  });

  it('refuses a box whose size runs past the end', () => {
    expect(() => readBoxes(new Uint8Array([...u32(64), ...ascii('moof')]))).toThrow(/bad size/);
  });
});

describe('I-frame playlists', () => {
  const segments = [
    { uri: 'seg-000.m4s', bytes: segment(gop(0, 3000, 100), gop(1, 2000, 80)) },
    { uri: 'seg-001.m4s', bytes: segment(gop(2, 2500, 90), gop(3, 1000, 1000, 50, true)) },
  ];
  const entries = iframeEntries(init(), segments);

  it.each([
    [0, 'seg-000.m4s', 3000],
    [1, 'seg-000.m4s', 2000],
    [2, 'seg-001.m4s', 2500],
    [3, 'seg-001.m4s', 1000],
  ])('entry %i: %s, the range is the moof, the mdat header and a %i-byte keyframe', (index, uri, keyframe) => {
    const entry = entries[index];
    const seg = segments.find((s) => s.uri === uri)!;
    const fragments = readFragments(seg.bytes, readInit(init()).defaults);
    const f = fragments[index % 2]!;
    expect(entry).toEqual({ uri, duration: 2, offset: f.moof.start, length: f.moof.size + 8 + keyframe });
    // The range ends exactly where the keyframe's bytes end inside the mdat.
    expect(entry!.offset + entry!.length).toBe(f.mdat.body + keyframe);
  });

  it('writes an EXT-X-I-FRAMES-ONLY playlist with the init segment and byte ranges', () => {
    const text = iframePlaylist('init.mp4', entries);
    expect(text.split('\n').slice(0, 10)).toEqual([
      '#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-TARGETDURATION:2', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-I-FRAMES-ONLY', '#EXT-X-MAP:URI="init.mp4"', '#EXTINF:2.000,', `#EXT-X-BYTERANGE:${entries[0]!.length}@0`, 'seg-000.m4s',
    ]);
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(text.match(/#EXT-X-BYTERANGE/g)).toHaveLength(4);
  });

  it('skips a fragment that does not open on a keyframe, and rates the largest range', () => {
    const broken = segment({ ...gop(0, 3000, 100) });
    // Flip the first-sample flags of the only fragment to non-sync.
    const view = new DataView(broken.buffer);
    const trunAt = broken.findIndex((_, i) => String.fromCharCode(...broken.subarray(i, i + 4)) === 'trun');
    view.setUint32(trunAt + 16, NON_SYNC);
    expect(iframeEntries(init(), [{ uri: 'x.m4s', bytes: broken }])).toEqual([]);
    expect(iframeBandwidth(entries)).toBe(Math.ceil(((entries[0]!.length) * 8) / 2));
  });
});
