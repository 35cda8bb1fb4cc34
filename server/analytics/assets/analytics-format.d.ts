/** Types of analytics-format.js (the dashboard's page module, plain JavaScript served as it is). */
export interface DurationUnit {
  unit: 'мс' | 'с' | 'мин' | 'ч';
  seconds: number;
}
export function durationUnit(seconds: number): DurationUnit;
export function formatDuration(seconds: number): string;
export function axisNumber(value: number, step: number): string;
export function percentTick(value: number, step: number): string;
export function tickStep(ticks: ReadonlyArray<{ value: number }>): number;
