/** Where on the video a tap landed, for double-tap seeking (SPEC.md section 2, Gestures). */
export type TapZone = 'left' | 'middle' | 'right';

/**
 * The zone of a point `x` px from the video area's left edge: the left fifth [0, w/5), the right
 * fifth [4w/5, w], the middle otherwise. A zero or unknown width has only a middle.
 */
export function zoneOf(x: number, width: number): TapZone {
  if (!(width > 0) || !Number.isFinite(width) || !Number.isFinite(x)) return 'middle';
  const fifth = width / 5;
  if (x < fifth) return 'left';
  if (x >= width - fifth) return 'right';
  return 'middle';
}
