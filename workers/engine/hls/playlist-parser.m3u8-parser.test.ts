/**
 * Every videojs/m3u8-parser integration fixture (../shared/corpora/README.md, "(b) HLS"):
 * `<name>.m3u8` parsed by us, compared with `<name>.expected.json` (m3u8-parser's output) on the
 * fields we model. Where our model differs on purpose, the mapping is written out below; every key
 * of the expected JSON is either compared or listed in NOT_MODELLED, so nothing is skipped silently.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePlaylist } from './playlist-parser.ts';
import type { AlternateRendition, MasterPlaylist, MediaPlaylist, Playlist, VariantStream } from './playlist-types.ts';

const FIXTURES = new URL('../../../../shared/corpora/m3u8-parser/test/fixtures/integration/', import.meta.url);
const exists = existsSync(FIXTURES);
const BASE = 'https://media.example/vod/title/playlist.m3u8';

/**
 * First line is not #EXTM3U: we return an error Result (RFC 8216 section 4.3.1.1 requires it,
 * hls.js rejects these too); m3u8-parser parses them. The other checks run on the text with
 * '#EXTM3U\n' put in front.
 */
const NO_HEADER: Record<string, string> = {
  empty: 'empty file',
  manifestNoExtM3u: 'starts with #EXT-X-TARGETDURATION',
  master: 'a comment line comes before #EXTM3U',
  start: 'starts with #EXT-X-VERSION',
  streamInfInvalid: 'a comment line comes before #EXTM3U',
};

type Check = 'title';
/** Checks left out for a fixture, and why. */
const EXCLUDED: Record<string, { checks: Check[]; reason: string }> = {
  extinf: {
    checks: ['title'],
    reason: '`#EXTINF:;asljasdfii11)))00,` has no valid duration; m3u8-parser keeps the whole value as the title, we keep what follows the comma (nothing)',
  },
};

/** Keys of m3u8-parser's output that our model does not carry. */
const NOT_MODELLED: Record<string, string> = {
  allowCache: 'EXT-X-ALLOW-CACHE was removed in protocol version 7; the engine ignores it',
  dateRanges: 'EXT-X-DATERANGE is not modelled (empty in every fixture)',
  dateTimeString: 'the text of the first EXT-X-PROGRAM-DATE-TIME; compared as hasProgramDateTime',
  dateTimeObject: 'the same instant as programDateTime, as a Date',
  preloadSegment: 'LL-HLS preload hints and trailing parts: only the lowLatency flag is modelled',
  partInf: 'LL-HLS: only the lowLatency flag is modelled',
  partTargetDuration: 'LL-HLS: only the lowLatency flag is modelled',
  serverControl: 'LL-HLS: only the lowLatency flag is modelled',
  renditionReports: 'LL-HLS: only the lowLatency flag is modelled',
  parts: 'LL-HLS parts of a segment: only the lowLatency flag is modelled',
  'PROGRAM-ID': 'removed from EXT-X-STREAM-INF in protocol version 6',
  'HDCP-LEVEL': 'not used by the engine',
  'VIDEO-RANGE': 'not used by the engine (SDR is assumed; HEVC/Dolby Vision variants are declined by codec)',
};

const COMPARED_TOP = new Set([
  'segments', 'discontinuityStarts', 'mediaSequence', 'discontinuitySequence', 'targetDuration', 'endList',
  'playlistType', 'version', 'independentSegments', 'iFramesOnly', 'start', 'skip', 'playlists', 'iFramePlaylists',
  'mediaGroups',
]);
const COMPARED_SEGMENT = new Set([
  'uri', 'duration', 'title', 'byterange', 'map', 'timeline', 'discontinuity', 'programDateTime', 'key',
]);
const COMPARED_ATTRIBUTES = new Set([
  'BANDWIDTH', 'AVERAGE-BANDWIDTH', 'CODECS', 'RESOLUTION', 'FRAME-RATE', 'AUDIO', 'SUBTITLES', 'CLOSED-CAPTIONS', 'VIDEO', 'URI',
]);

interface VjsRange { length: number; offset: number }
interface VjsSegment {
  uri: string; duration?: number; title?: string; byterange?: VjsRange; map?: { uri: string; byterange?: VjsRange };
  timeline: number; discontinuity?: boolean; programDateTime?: number; key?: { method: string; uri: string; iv?: number[] };
  parts?: unknown[];
}
interface VjsVariant { uri: string; attributes?: Record<string, unknown> }
type VjsGroups = Record<string, Record<string, Record<string, Record<string, unknown>>>>;
interface VjsManifest {
  segments: VjsSegment[]; discontinuityStarts: number[]; mediaSequence?: number; discontinuitySequence?: number;
  targetDuration?: number; endList?: boolean; playlistType?: string; version?: number; independentSegments?: boolean;
  iFramesOnly?: boolean; start?: { timeOffset: number; precise: boolean }; skip?: { skippedSegments: number };
  playlists?: VjsVariant[]; iFramePlaylists: VjsVariant[]; mediaGroups?: VjsGroups; dateTimeString?: string;
  serverControl?: unknown; partInf?: unknown; preloadSegment?: unknown;
}

const resolve = (uri: string): string => new URL(uri, BASE).href;

/** m3u8-parser leaves `duration` off a segment with neither EXTINF nor an earlier TARGETDURATION; ours is 0. */
const NO_DURATION = 0;
/** m3u8-parser turns `#EXTINF:0` into 0.01 (with a warning); we keep the 0 the playlist says. */
const mapDuration = (duration: number | undefined): number =>
  duration === undefined ? NO_DURATION : duration === 0.01 ? 0 : duration;

/** m3u8-parser gives an explicit IV as four 32-bit words; we keep the hex text. */
function ivWords(hex: string | undefined): number[] | undefined {
  if (hex === undefined) return undefined;
  const digits = hex.slice(2).padStart(32, '0');
  return [0, 8, 16, 24].map((at) => parseInt(digits.slice(at, at + 8), 16));
}

const fixtureNames = exists
  ? readdirSync(FIXTURES).filter((file) => file.endsWith('.m3u8')).map((file) => file.slice(0, -'.m3u8'.length)).sort()
  : [];

function load(name: string): { text: string; expected: VjsManifest } {
  const text = readFileSync(new URL(`${name}.m3u8`, FIXTURES), 'utf8');
  const expected = JSON.parse(readFileSync(new URL(`${name}.expected.json`, FIXTURES), 'utf8')) as VjsManifest;
  return { text, expected };
}

function unwrap(text: string): Playlist {
  const result = parsePlaylist(text, BASE);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function checkKeysAreAccounted(expected: VjsManifest): void {
  const unaccounted = (keys: string[], compared: Set<string>): string[] =>
    keys.filter((key) => !compared.has(key) && !(key in NOT_MODELLED));
  expect(unaccounted(Object.keys(expected), COMPARED_TOP), 'top-level keys').toEqual([]);
  for (const segment of expected.segments) expect(unaccounted(Object.keys(segment), COMPARED_SEGMENT)).toEqual([]);
  for (const variant of [...(expected.playlists ?? []), ...expected.iFramePlaylists]) {
    expect(unaccounted(Object.keys(variant.attributes ?? {}), COMPARED_ATTRIBUTES), variant.uri).toEqual([]);
  }
}

function checkMedia(name: string, ours: MediaPlaylist, expected: VjsManifest): void {
  const skipped = expected.skip?.skippedSegments ?? 0;
  expect(ours.segments).toHaveLength(expected.segments.length);
  expect(ours.targetDuration).toBe(expected.targetDuration);
  expect(ours.mediaSequence).toBe(expected.mediaSequence ?? 0);
  expect(ours.discontinuitySequence).toBe(expected.discontinuitySequence ?? 0);
  expect(ours.playlistType).toBe(expected.playlistType);
  expect(ours.endList).toBe(expected.endList ?? false);
  expect(ours.version).toBe(expected.version);
  expect(ours.independentSegments).toBe(expected.independentSegments ?? false);
  expect(ours.iFramesOnly).toBe(expected.iFramesOnly ?? false);
  expect(ours.start).toEqual(expected.start);
  expect(ours.hasDiscontinuity).toBe(expected.discontinuityStarts.length > 0);
  expect(ours.hasProgramDateTime).toBe(expected.dateTimeString !== undefined);
  expect(ours.encrypted).toBe(expected.segments.some((segment) => segment.key !== undefined));
  const lowLatency = [expected.serverControl, expected.partInf, expected.preloadSegment].some((v) => v !== undefined);
  expect(ours.lowLatency).toBe(lowLatency || expected.segments.some((segment) => segment.parts !== undefined));
  let start = 0;
  expected.segments.forEach((want, index) => {
    const got = ours.segments[index];
    const where = `segment ${index}`;
    if (!got) throw new Error(`${where} missing`);
    expect(got.uri, where).toBe(resolve(want.uri));
    expect(got.duration, where).toBe(mapDuration(want.duration));
    expect(got.start, where).toBeCloseTo(start, 9);
    start += got.duration;
    expect(got.sequence, where).toBe((expected.mediaSequence ?? 0) + skipped + index);
    expect(got.discontinuitySequence, where).toBe(want.timeline);
    expect(got.discontinuity, where).toBe(expected.discontinuityStarts.includes(index));
    expect(got.discontinuity, where).toBe(want.discontinuity ?? false);
    expect(got.byteRange, where).toEqual(want.byterange);
    expect(got.init?.uri, where).toBe(want.map ? resolve(want.map.uri) : undefined);
    expect(got.init?.byteRange, where).toEqual(want.map?.byterange);
    expect(got.key?.method, where).toBe(want.key?.method);
    expect(got.key?.uri, where).toBe(want.key ? resolve(want.key.uri) : undefined);
    expect(ivWords(got.key?.iv), where).toEqual(want.key?.iv);
    if (!EXCLUDED[name]?.checks.includes('title')) expect(got.title, where).toBe(want.title);
    if (want.programDateTime === undefined) expect(got.programDateTime, where).toBeUndefined();
    else expect(Math.abs((got.programDateTime ?? NaN) - want.programDateTime), where).toBeLessThan(0.01);
  });
  expect(ours.totalDuration).toBeCloseTo(start, 9);
}

function checkVariant(got: VariantStream | undefined, want: VjsVariant, where: string): void {
  const attributes = want.attributes ?? {};
  const number = (value: unknown): number | undefined => (value === undefined ? undefined : Number(value));
  expect(got, where).toBeDefined();
  expect(got?.uri, where).toBe(resolve(want.uri));
  expect(got?.bandwidth, where).toBe(number(attributes.BANDWIDTH) ?? 0); // ours is 0 without BANDWIDTH
  // m3u8-parser leaves AVERAGE-BANDWIDTH a string on EXT-X-STREAM-INF; ours is a number.
  expect(got?.averageBandwidth, where).toBe(number(attributes['AVERAGE-BANDWIDTH']));
  // m3u8-parser keeps CODECS as written ('mp4a.40.2, avc1.64001e'); ours is the list, items trimmed.
  const codecs = typeof attributes.CODECS === 'string' ? attributes.CODECS.split(',').map((codec) => codec.trim()) : [];
  expect(got?.codecs, where).toEqual(codecs);
  expect(got?.resolution, where).toEqual(attributes.RESOLUTION);
  expect(got?.frameRate, where).toBe(attributes['FRAME-RATE']);
  expect(got?.audioGroup, where).toBe(attributes.AUDIO);
  expect(got?.subtitleGroup, where).toBe(attributes.SUBTITLES);
  expect(got?.closedCaptions, where).toBe(attributes['CLOSED-CAPTIONS']);
  expect(got?.videoGroup, where).toBe(attributes.VIDEO);
}

/** Ours in m3u8-parser's shape: type → group → name → rendition; `forced` only on SUBTITLES as there. */
function mediaGroupsOf(renditions: AlternateRendition[]): VjsGroups {
  const groups: VjsGroups = { AUDIO: {}, VIDEO: {}, 'CLOSED-CAPTIONS': {}, SUBTITLES: {} };
  for (const rendition of renditions) {
    const byName = ((groups[rendition.type] ??= {})[rendition.groupId] ??= {});
    byName[rendition.name] = {
      default: rendition.isDefault,
      autoselect: rendition.autoselect,
      ...(rendition.language !== undefined && { language: rendition.language }),
      ...(rendition.uri !== undefined && { uri: rendition.uri }),
      ...(rendition.type === 'SUBTITLES' && { forced: rendition.forced }),
      ...(rendition.instreamId !== undefined && { instreamId: rendition.instreamId }),
      ...(rendition.characteristics !== undefined && { characteristics: rendition.characteristics }),
    };
  }
  return groups;
}

function resolvedGroups(groups: VjsGroups): VjsGroups {
  const copy = structuredClone(groups);
  for (const byGroup of Object.values(copy)) {
    for (const byName of Object.values(byGroup)) {
      for (const rendition of Object.values(byName)) {
        if (typeof rendition.uri === 'string') rendition.uri = resolve(rendition.uri);
      }
    }
  }
  return copy;
}

function checkMaster(ours: MasterPlaylist, expected: VjsManifest): void {
  const variants = expected.playlists ?? [];
  expect(expected.segments).toEqual([]);
  expect(ours.variants).toHaveLength(variants.length);
  variants.forEach((want, index) => checkVariant(ours.variants[index], want, `variant ${index}`));
  expect(ours.iFrameVariants).toHaveLength(expected.iFramePlaylists.length);
  expected.iFramePlaylists.forEach((want, index) => checkVariant(ours.iFrameVariants[index], want, `I-frame ${index}`));
  const groups = resolvedGroups(expected.mediaGroups ?? {});
  expect(mediaGroupsOf(ours.renditions)).toEqual(groups);
  const leaves = Object.values(groups).flatMap((byGroup) => Object.values(byGroup).flatMap(Object.keys));
  expect(ours.renditions).toHaveLength(leaves.length); // no two renditions share a group and name
  expect(ours.version).toBe(expected.version);
  expect(ours.independentSegments).toBe(expected.independentSegments ?? false);
}

describe.skipIf(!exists)(
  exists ? 'parsePlaylist on the m3u8-parser corpus' : 'parsePlaylist on the m3u8-parser corpus — SKIPPED: ../shared/corpora is missing',
  () => {
    it('has the 60 fixture pairs the corpus README lists', () => {
      expect(fixtureNames).toHaveLength(60);
      for (const name of [...Object.keys(NO_HEADER), ...Object.keys(EXCLUDED)]) expect(fixtureNames).toContain(name);
    });

    for (const name of fixtureNames) {
      it(name, () => {
        const { text, expected } = load(name);
        const direct = parsePlaylist(text, BASE);
        expect(direct.ok, 'parsed without the #EXTM3U check failing').toBe(!(name in NO_HEADER));
        if (!direct.ok) {
          expect(direct.error).toMatchObject({ category: 'manifest', code: 4, severity: 'fatal', detail: { url: BASE } });
          expect(direct.error.message).toContain('#EXTM3U');
        }
        checkKeysAreAccounted(expected);
        const ours = unwrap(name in NO_HEADER ? `#EXTM3U\n${text}` : text);
        expect(ours.kind).toBe(expected.playlists === undefined ? 'media' : 'master');
        if (ours.kind === 'media') checkMedia(name, ours, expected);
        else checkMaster(ours, expected);
      });
    }
  },
);
