// Just enough ISO BMFF (ISO/IEC 14496-12) reading to cut a fragmented MP4 into CMAF
// segments and to index its keyframes: top-level boxes, and in each moof the
// tfhd/tfdt/trun of every traf (§8.8.7, §8.8.12, §8.8.8). Sample sizes and flags come
// from trun, falling back to tfhd's defaults, and to trex's in the init segment.

export interface Box {
  type: string;
  /** Offset of the box header in the buffer it was read from. */
  start: number;
  /** Whole box, header included. */
  size: number;
  /** Offset of the payload (after the size/type header, and a 64-bit size if any). */
  body: number;
}

/** The boxes laid end to end in buf[from, to). Throws on a box that runs past the end. */
export function readBoxes(buf: Uint8Array, from = 0, to = buf.length): Box[] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const boxes: Box[] = [];
  for (let at = from; at < to; ) {
    if (to - at < 8) throw new Error(`truncated box header at ${at}`);
    let size = view.getUint32(at);
    const type = String.fromCharCode(...buf.subarray(at + 4, at + 8));
    let body = at + 8;
    if (size === 1) {
      size = Number(view.getBigUint64(at + 8));
      body += 8;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < body - at || at + size > to) throw new Error(`box ${type} at ${at} has a bad size ${size}`);
    boxes.push({ type, start: at, size, body });
    at += size;
  }
  return boxes;
}

const child = (buf: Uint8Array, box: Box, type: string, skip = 0): Box | undefined =>
  readBoxes(buf, box.body + skip, box.start + box.size).find((b) => b.type === type);

export interface Sample {
  duration: number;
  size: number;
  /** Sample flags (§8.8.3.1); bit 16 set = sample_is_non_sync_sample. */
  flags: number;
  compositionOffset: number;
}

export interface TrackFragment {
  trackId: number;
  baseMediaDecodeTime: number;
  /** Offset of the first sample's bytes, relative to the start of the moof (default-base-is-moof). */
  dataOffset: number;
  samples: Sample[];
}

/** Per-track defaults from the init segment's mvex/trex (§8.8.3). */
export interface TrackDefaults {
  duration: number;
  size: number;
  flags: number;
}

export const isSyncSample = (s: Sample): boolean => (s.flags & 0x10000) === 0;

function readTraf(buf: Uint8Array, traf: Box, defaults: ReadonlyMap<number, TrackDefaults>): TrackFragment {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const tfhd = child(buf, traf, 'tfhd');
  if (!tfhd) throw new Error('traf without tfhd');
  const tfhdFlags = view.getUint32(tfhd.body) & 0xffffff;
  const trackId = view.getUint32(tfhd.body + 4);
  let at = tfhd.body + 8;
  const trex = defaults.get(trackId) ?? { duration: 0, size: 0, flags: 0 };
  let baseDataOffset: number | undefined;
  if (tfhdFlags & 0x1) { baseDataOffset = Number(view.getBigUint64(at)); at += 8; }
  if (tfhdFlags & 0x2) at += 4; // sample_description_index
  let defaultDuration = trex.duration;
  let defaultSize = trex.size;
  let defaultFlags = trex.flags;
  if (tfhdFlags & 0x8) { defaultDuration = view.getUint32(at); at += 4; }
  if (tfhdFlags & 0x10) { defaultSize = view.getUint32(at); at += 4; }
  if (tfhdFlags & 0x20) defaultFlags = view.getUint32(at);
  // Only moof-relative data offsets are supported: what ffmpeg writes with default_base_moof.
  if (baseDataOffset !== undefined || !(tfhdFlags & 0x20000)) throw new Error(`track ${trackId}: data offsets not relative to the moof`);

  const tfdt = child(buf, traf, 'tfdt');
  if (!tfdt) throw new Error(`track ${trackId}: traf without tfdt`);
  const baseMediaDecodeTime = view.getUint8(tfdt.body) === 1 ? Number(view.getBigUint64(tfdt.body + 4)) : view.getUint32(tfdt.body + 4);

  const trun = child(buf, traf, 'trun');
  if (!trun) throw new Error(`track ${trackId}: traf without trun`);
  const trunFlags = view.getUint32(trun.body) & 0xffffff;
  const signedOffsets = view.getUint8(trun.body) === 1;
  const count = view.getUint32(trun.body + 4);
  at = trun.body + 8;
  let dataOffset = 0;
  if (trunFlags & 0x1) { dataOffset = view.getInt32(at); at += 4; }
  let firstFlags: number | undefined;
  if (trunFlags & 0x4) { firstFlags = view.getUint32(at); at += 4; }
  const samples: Sample[] = [];
  for (let i = 0; i < count; i++) {
    const s: Sample = { duration: defaultDuration, size: defaultSize, flags: i === 0 && firstFlags !== undefined ? firstFlags : defaultFlags, compositionOffset: 0 };
    if (trunFlags & 0x100) { s.duration = view.getUint32(at); at += 4; }
    if (trunFlags & 0x200) { s.size = view.getUint32(at); at += 4; }
    if (trunFlags & 0x400) { s.flags = view.getUint32(at); at += 4; }
    if (trunFlags & 0x800) { s.compositionOffset = signedOffsets ? view.getInt32(at) : view.getUint32(at); at += 4; }
    samples.push(s);
  }
  return { trackId, baseMediaDecodeTime, dataOffset, samples };
}

export interface Fragment {
  /** The moof box; its mdat follows it directly. */
  moof: Box;
  mdat: Box;
  trafs: TrackFragment[];
}

/** moof+mdat pairs among the top-level boxes of buf; other boxes (styp, sidx, mfra) are skipped. */
export function readFragments(buf: Uint8Array, defaults: ReadonlyMap<number, TrackDefaults> = new Map()): Fragment[] {
  const boxes = readBoxes(buf);
  const fragments: Fragment[] = [];
  boxes.forEach((moof, i) => {
    if (moof.type !== 'moof') return;
    const mdat = boxes[i + 1];
    if (mdat?.type !== 'mdat') throw new Error(`moof at ${moof.start} is not followed by an mdat`);
    const trafs = readBoxes(buf, moof.body, moof.start + moof.size).filter((b) => b.type === 'traf').map((traf) => readTraf(buf, traf, defaults));
    fragments.push({ moof, mdat, trafs });
  });
  return fragments;
}

export interface TrackInfo {
  trackId: number;
  timescale: number;
  handler: string;
}

/** Track ids, timescales and handler types (vide/soun) from an init segment's moov, and the trex defaults. */
export function readInit(buf: Uint8Array): { tracks: TrackInfo[]; defaults: Map<number, TrackDefaults> } {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const moov = readBoxes(buf).find((b) => b.type === 'moov');
  if (!moov) throw new Error('no moov in the init segment');
  const tracks: TrackInfo[] = [];
  const defaults = new Map<number, TrackDefaults>();
  for (const box of readBoxes(buf, moov.body, moov.start + moov.size)) {
    if (box.type === 'trak') {
      const tkhd = child(buf, box, 'tkhd');
      const mdia = child(buf, box, 'mdia');
      const mdhd = mdia && child(buf, mdia, 'mdhd');
      const hdlr = mdia && child(buf, mdia, 'hdlr');
      if (!tkhd || !mdhd || !hdlr) throw new Error('trak without tkhd/mdhd/hdlr');
      const trackId = view.getUint32(tkhd.body + (view.getUint8(tkhd.body) === 1 ? 20 : 12));
      const timescale = view.getUint32(mdhd.body + (view.getUint8(mdhd.body) === 1 ? 20 : 12));
      tracks.push({ trackId, timescale, handler: String.fromCharCode(...buf.subarray(hdlr.body + 8, hdlr.body + 12)) });
    } else if (box.type === 'mvex') {
      for (const trex of readBoxes(buf, box.body, box.start + box.size).filter((b) => b.type === 'trex')) {
        defaults.set(view.getUint32(trex.body + 4), {
          duration: view.getUint32(trex.body + 12), size: view.getUint32(trex.body + 16), flags: view.getUint32(trex.body + 20),
        });
      }
    }
  }
  return { tracks, defaults };
}

/** Sum of the sample durations of a fragment's first traf, in its track's timescale. */
export const fragmentDuration = (f: Fragment): number => (f.trafs[0]?.samples ?? []).reduce((s, x) => s + x.duration, 0);
