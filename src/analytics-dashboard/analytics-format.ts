// How the analytics dashboard writes its figures, in Russian (as src/ui/i18n/ru-number.ts writes
// the player's): a decimal comma, a space between thousands. Durations take the unit that fits,
// so 144 s watched reads 2,4 мин, not 0 ч; axis labels get the decimals their step needs, so no
// two ticks read the same.

export interface DurationUnit {
  unit: 'мс' | 'с' | 'мин' | 'ч';
  seconds: number;
}

const formats = new Map<string, Intl.NumberFormat>();
/** ru-RU numbers with up to `digits` decimals. */
function numberFormat(digits: number, style: 'decimal' | 'percent' = 'decimal'): Intl.NumberFormat {
  const key = `${style}-${digits}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.NumberFormat('ru-RU', { style, minimumFractionDigits: 0, maximumFractionDigits: digits });
    formats.set(key, found);
  }
  return found;
}

/** The units a duration is written in, smallest first. */
const UNITS: readonly [DurationUnit, DurationUnit, DurationUnit, DurationUnit] = [
  { unit: 'мс', seconds: 0.001 },
  { unit: 'с', seconds: 1 },
  { unit: 'мин', seconds: 60 },
  { unit: 'ч', seconds: 3600 },
];

/** The unit a duration of `seconds` reads best in: the largest it makes at least 1 of; 0 reads in seconds. */
export function durationUnit(seconds: number): DurationUnit {
  if (!(seconds > 0)) return UNITS[1];
  return UNITS.findLast((candidate) => seconds >= candidate.seconds * 0.9995) ?? UNITS[0];
}

/** 144 → '2,4 мин', 45 → '45 с', 0.4 → '400 мс', 5400 → '1,5 ч': one decimal at most, none under 1 ms. */
export function formatDuration(seconds: number): string {
  const { unit, seconds: size } = durationUnit(seconds);
  const value = seconds / size;
  return `${numberFormat(unit === 'мс' || value >= 100 ? 0 : 1).format(value)} ${unit}`;
}

/** The decimals that write `step` exactly (0.25 → 2, 0.1 → 1, 5 → 0), at most 6. */
function decimalsOf(step: number): number {
  for (let digits = 0; digits < 6; digits += 1) {
    const scaled = Math.abs(step) * 10 ** digits;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, scaled)) return digits;
  }
  return 6;
}

/** A tick of a numeric axis whose ticks are `step` apart: as many decimals as the step has. */
export function axisNumber(value: number, step: number): string {
  return numberFormat(decimalsOf(step)).format(value);
}

/** A tick of a ratio axis (0.0001 → '0,01 %'): decimals of the step in percent. */
export function percentTick(value: number, step: number): string {
  return numberFormat(decimalsOf(step * 100) + 2, 'percent').format(value);
}

/** The distance between Chart.js's ticks, for a tick callback's (value, index, ticks). */
export function tickStep(ticks: ReadonlyArray<{ value: number }>): number {
  const [first, second] = ticks;
  return first && second ? Math.abs(second.value - first.value) : 1;
}
