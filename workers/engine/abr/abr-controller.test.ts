import { describe, expect, it } from 'vitest';
import {
  ABR_DEFAULTS,
  capLevelsToSize,
  chooseNextLevel,
  chooseSeekLevel,
  chooseStartLevel,
} from './abr-controller.ts';
import type { Level } from './abr-controller.ts';
import type { NetworkClass } from './network-class.ts';

/** A light 3-level ladder, 240p to 720p, 4 s segments. */
const FILM_1: readonly Level[] = [
  { index: 0, bitrate: 237_000, width: 426, height: 240 },
  { index: 1, bitrate: 395_000, width: 854, height: 480 },
  { index: 2, bitrate: 643_000, width: 1280, height: 720 },
];

/** A common 6-level ladder, 240p to 1080p. */
const SIX: readonly Level[] = [
  { index: 0, bitrate: 400_000, width: 426, height: 240 },
  { index: 1, bitrate: 800_000, width: 640, height: 360 },
  { index: 2, bitrate: 1_400_000, width: 854, height: 480 },
  { index: 3, bitrate: 2_000_000, width: 960, height: 540 },
  { index: 4, bitrate: 3_500_000, width: 1280, height: 720 },
  { index: 5, bitrate: 6_000_000, width: 1920, height: 1080 },
];

/** A 2.39:1 film: its heights are well below the nominal 16:9 ones. */
const SCOPE: readonly Level[] = [
  { index: 0, bitrate: 500_000, width: 854, height: 358 },
  { index: 1, bitrate: 1_500_000, width: 1280, height: 536 },
  { index: 2, bitrate: 4_000_000, width: 1920, height: 804 },
];

const WITH_TINY: readonly Level[] = [{ index: 9, bitrate: 90_000, width: 256, height: 144 }, ...SIX];

const SIZELESS_TOP: readonly Level[] = [...FILM_1, { index: 3, bitrate: 2_000_000 }];

const SEGMENT = 4;
const indices = (levels: readonly Level[]): number[] => levels.map((level) => level.index);

describe('capLevelsToSize', () => {
  it.each([
    ['film 1, 640x360 at dpr 1', FILM_1, 640, 360, 1, [0, 1]],
    ['film 1, 640x360 at dpr 2', FILM_1, 640, 360, 2, [0, 1, 2]],
    ['six, 640x360 at dpr 1', SIX, 640, 360, 1, [0, 1]],
    ['six, 640x360 at dpr 2', SIX, 640, 360, 2, [0, 1, 2, 3, 4]],
    ['six, 640x360 at dpr 1.5', SIX, 640, 360, 1.5, [0, 1, 2, 3]],
    ['six, full HD at dpr 2 (nothing covers: keep all)', SIX, 1920, 1080, 2, [0, 1, 2, 3, 4, 5]],
    ['six, portrait phone 360x640 at dpr 2 (width binds)', SIX, 360, 640, 2, [0, 1, 2]],
    ['scope film, 640x360 at dpr 1 (width binds)', SCOPE, 640, 360, 1, [0]],
    ['six, a thumbnail-sized player keeps the lowest', SIX, 100, 56, 1, [0]],
    ['levels without a size are kept', SIZELESS_TOP, 640, 360, 1, [0, 1, 3]],
  ])('%s', (_name, levels, width, height, dpr, expected) => {
    expect(indices(capLevelsToSize(levels, width, height, dpr))).toEqual(expected);
  });
});

describe('chooseStartLevel', () => {
  it.each([
    ['film 1', FILM_1, 0],
    ['six', SIX, 0],
    ['a ladder starting at 144p skips the tiny level', WITH_TINY, 0],
  ])('knowing nothing, %s starts at the lowest level that is not tiny', (_name, levels, expected) => {
    expect(chooseStartLevel(levels, {})).toBe(expected);
  });

  it.each([
    // [class, film 1, six, film 1 with 4 s segments, six with 4 s segments]
    ['gprs', 0, 0, 0, 0],
    ['2g', 1, 0, 0, 0],
    ['3g', 2, 3, 2, 0],
    ['4g', 2, 5, 2, 3],
    ['wifi', 2, 5, 2, 5],
  ] as const)('on %s: film 1 → %i, six → %i; with the first-segment target: %i, %i', (networkClass, film, six, filmSeg, sixSeg) => {
    const input = { networkClass: networkClass as NetworkClass };
    expect(chooseStartLevel(FILM_1, input)).toBe(film);
    expect(chooseStartLevel(SIX, input)).toBe(six);
    expect(chooseStartLevel(FILM_1, { ...input, segmentDurationSeconds: SEGMENT })).toBe(filmSeg);
    expect(chooseStartLevel(SIX, { ...input, segmentDurationSeconds: SEGMENT })).toBe(sixSeg);
  });

  it.each([
    ['a slow estimate picks the lowest', FILM_1, { estimateBps: 100_000 }, 0],
    ['1 Mbit/s fits 643 kbit/s within 0.7', FILM_1, { estimateBps: 1_000_000 }, 2],
    ['900 kbit/s does not fit 643 kbit/s within 0.7', FILM_1, { estimateBps: 900_000 }, 1],
    ['a measured estimate wins over the class', FILM_1, { estimateBps: 500_000, networkClass: 'wifi' }, 0],
    ['the cap holds on wifi', SIX, { networkClass: 'wifi', cap: 1 }, 1],
    ['the cap holds with a blind start too', WITH_TINY, { cap: 9 }, 9],
    ['an unknown cap index is no cap', SIX, { estimateBps: 20_000_000, cap: 42 }, 5],
  ] as const)('%s', (_name, levels, input, expected) => {
    expect(chooseStartLevel(levels, input)).toBe(expected);
  });

  it('throws for an empty ladder', () => {
    expect(() => chooseStartLevel([], {})).toThrow(RangeError);
  });
});

describe('chooseNextLevel', () => {
  const base = { segmentDurationSeconds: SEGMENT };
  it.each([
    ['down at once when the buffer is low (film 1)', FILM_1, { current: 2, estimateBps: 1_200_000, bufferAheadSeconds: 2 }, 0],
    ['down at once when the buffer is low (six)', SIX, { current: 4, estimateBps: 5_000_000, bufferAheadSeconds: 3 }, 3],
    ['down when the estimate falls below the bitrate', SIX, { current: 4, estimateBps: 3_000_000, bufferAheadSeconds: 20 }, 3],
    ['down to the lowest when nothing fits', SIX, { current: 5, estimateBps: 300_000, bufferAheadSeconds: 20 }, 0],
    ['down from an empty buffer to what arrives within 1 s', FILM_1, { current: 2, estimateBps: 1_000_000, bufferAheadSeconds: 0 }, 0],
    ['an empty buffer on a fast link is no reason to drop', FILM_1, { current: 2, estimateBps: 20_000_000, bufferAheadSeconds: 0 }, 2],
    ['stay between the up and the down thresholds', SIX, { current: 3, estimateBps: 2_600_000, bufferAheadSeconds: 20 }, 3],
    ['no up-switch with a thin buffer (4 s)', FILM_1, { current: 0, estimateBps: 1_200_000, bufferAheadSeconds: 4 }, 0],
    ['no up-switch just under 8 s', FILM_1, { current: 0, estimateBps: 600_000, bufferAheadSeconds: 7.9 }, 0],
    ['up from one segment ahead on a fast link (1 Gbit/s)', FILM_1, { current: 0, estimateBps: 1_000_000_000, bufferAheadSeconds: 4 }, 2],
    ['on a thin buffer, up only as far as a segment downloads within a quarter of it', SIX, { current: 0, estimateBps: 20_000_000, bufferAheadSeconds: 4 }, 4],
    ['no quick up-switch with an empty buffer', FILM_1, { current: 0, estimateBps: 1_000_000_000, bufferAheadSeconds: 0 }, 0],
    ['up with 8 s (two segments) ahead', FILM_1, { current: 0, estimateBps: 600_000, bufferAheadSeconds: 8 }, 1],
    ['up to the best level within 0.7 of the estimate', SIX, { current: 0, estimateBps: 3_000_000, bufferAheadSeconds: 10 }, 3],
    ['no up-switch the estimate covers only within 0.8', SIX, { current: 2, estimateBps: 2_600_000, bufferAheadSeconds: 20 }, 2],
    ['never above the cap', SIX, { current: 1, estimateBps: 50_000_000, bufferAheadSeconds: 30, cap: 1 }, 1],
    ['up to the cap', SIX, { current: 1, estimateBps: 50_000_000, bufferAheadSeconds: 30, cap: 2 }, 2],
    ['back under a lowered cap', SIX, { current: 5, estimateBps: 50_000_000, bufferAheadSeconds: 30, cap: 2 }, 2],
    ['stay without an estimate', SIX, { current: 3, estimateBps: undefined, bufferAheadSeconds: 0 }, 3],
    ['manual choice wins over a slow link', SIX, { current: 0, estimateBps: 100_000, bufferAheadSeconds: 0, manual: 5 }, 5],
    ['manual choice wins over the cap', SIX, { current: 0, estimateBps: 100_000, bufferAheadSeconds: 0, manual: 4, cap: 1 }, 4],
    ['an unknown manual index is ignored', SIX, { current: 1, estimateBps: 100_000, bufferAheadSeconds: 30, manual: 99 }, 0],
  ] as const)('%s', (_name, levels, input, expected) => {
    expect(chooseNextLevel(levels, { ...base, ...input })).toBe(expected);
  });

  it('reads its thresholds from the config it is given', () => {
    const input = { current: 0, estimateBps: 1_000_000, bufferAheadSeconds: 5, segmentDurationSeconds: 2 };
    expect(chooseNextLevel(FILM_1, input)).toBe(1);
    expect(chooseNextLevel(FILM_1, input, { ...ABR_DEFAULTS, quickUpSwitchShare: 0 })).toBe(0);
    expect(chooseNextLevel(FILM_1, input, { ...ABR_DEFAULTS, quickUpSwitchShare: 0, upSwitchMinBufferSeconds: 4 })).toBe(2);
  });
});

describe('chooseSeekLevel', () => {
  it.each([
    ['lower when the current level would be slow', FILM_1, { current: 2, estimateBps: 1_000_000 }, 0],
    ['the current level on a fast link', FILM_1, { current: 2, estimateBps: 20_000_000 }, 2],
    ['never above the current level', FILM_1, { current: 0, estimateBps: 20_000_000 }, 0],
    ['the lowest when nothing arrives in time', FILM_1, { current: 2, estimateBps: 100_000 }, 0],
    ['the best level whose segment arrives within 1 s', SIX, { current: 5, estimateBps: 10_000_000 }, 3],
    ['within the cap', SIX, { current: 5, estimateBps: 100_000_000, cap: 2 }, 2],
    ['the current level without an estimate', SIX, { current: 4, estimateBps: undefined }, 4],
  ] as const)('%s', (_name, levels, input, expected) => {
    expect(chooseSeekLevel(levels, { segmentDurationSeconds: SEGMENT, ...input })).toBe(expected);
  });
});
