import { describe, expect, it } from 'vitest';
import { zoneOf, type TapZone } from './double-tap-zones.ts';

describe('zoneOf: fifths of the width (SPEC.md section 2, Gestures)', () => {
  it.each<[number, number, TapZone]>([
    [0, 1000, 'left'],
    [199, 1000, 'left'],
    [200, 1000, 'middle'],
    [500, 1000, 'middle'],
    [799, 1000, 'middle'],
    [800, 1000, 'right'],
    [1000, 1000, 'right'],
    [63, 320, 'left'],
    [64, 320, 'middle'],
    [256, 320, 'right'],
    [-5, 1000, 'left'],
    [1005, 1000, 'right'],
    [10, 0, 'middle'],
    [10, Number.NaN, 'middle'],
    [Number.NaN, 1000, 'middle'],
  ])('x %d of %d → %s', (x, width, zone) => {
    expect(zoneOf(x, width)).toBe(zone);
  });
});
