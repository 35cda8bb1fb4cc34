// The dashboard's charts as Chart.js configurations: bars and lines, each with a value axis that
// reads its values the way the page writes them (src/analytics-dashboard/analytics-format.ts).
import type { ChartConfiguration, ChartDataset, Tick } from 'chart.js';
import { axisNumber, durationUnit, formatDuration, percentTick, tickStep, type DurationUnit } from './analytics-format.ts';

export const COLORS = ['#2f6fde', '#e0882f', '#2a9d6f', '#c2416b', '#7b5cd6', '#8a8f98', '#1b9bb3', '#b5a21f'] as const;

export const integer = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/** A series as the page builds it: a label and one value per category (null: no value that day). */
export interface Series {
  label: string;
  data: Array<number | null>;
}

/** A value axis's tick labels and title, and how a value reads in a tooltip. */
export interface ValueAxis {
  ticks: { precision?: number; callback: (value: number | string, index: number, ticks: Tick[]) => string };
  title?: { display: boolean; text: string };
  read: (value: number) => string;
}

type Values = Array<number | null>;
export type BarChart = ChartConfiguration<'bar', Values>;
export type LineChart = ChartConfiguration<'line', Values>;
export type DashboardChart = BarChart | LineChart;

const numeric = (value: number | string): number => (typeof value === 'number' ? value : Number(value));

/**
 * Counts tick in whole numbers; durations in one unit (the one the largest value fits, named on
 * the axis; the data is given in it); ratios in percent. Every tick label has the decimals its
 * step needs, so none repeats.
 */
export const countAxis = (): ValueAxis => ({ ticks: { precision: 0, callback: (value) => integer.format(numeric(value)) }, read: (value) => integer.format(value) });
export const percentAxis = (read: (value: number) => string): ValueAxis => ({
  ticks: { callback: (value, _index, ticks) => percentTick(numeric(value), tickStep(ticks)) },
  read,
});
export function durationAxis(unit: DurationUnit): ValueAxis {
  return {
    title: { display: true, text: unit.unit },
    ticks: { callback: (value, _index, ticks) => axisNumber(numeric(value), tickStep(ticks)) },
    read: (value) => formatDuration(value * unit.seconds),
  };
}

const sum = <T>(rows: readonly T[], pick: (row: T) => number): number => rows.reduce((total, row) => total + pick(row), 0);

/** The largest value a day shows: the stacked total, or the largest single bar or point. */
function largest(datasets: readonly Series[], stacked: boolean): number {
  const [first] = datasets;
  const values = stacked && first
    ? first.data.map((_, index) => sum(datasets, (set) => set.data[index] ?? 0))
    : datasets.flatMap((set) => set.data.filter((value) => value !== null));
  return Math.max(0, ...values);
}

/** Datasets of seconds (or ms: `scale`), in the unit their largest value fits, and that unit. */
export function inDurationUnit(datasets: readonly Series[], { stacked = false, scale = 1 } = {}): { unit: DurationUnit; datasets: Series[] } {
  const unit = durationUnit(largest(datasets, stacked) * scale);
  const factor = scale / unit.seconds;
  return { unit, datasets: datasets.map((set) => ({ ...set, data: set.data.map((value) => (value === null ? null : value * factor)) })) };
}

function valueScale(value: ValueAxis, stacked: boolean) {
  return { stacked, beginAtZero: true, ticks: value.ticks, ...(value.title ? { title: value.title } : {}) };
}

export function barChart(labels: string[], datasets: readonly Series[], { stacked = false, value = countAxis(), horizontal = false } = {}): BarChart {
  const valueAxis = valueScale(value, stacked);
  const categoryAxis = { stacked, grid: { display: false } };
  return {
    type: 'bar',
    data: {
      labels,
      datasets: datasets.map((set, index): ChartDataset<'bar', Values> => ({ backgroundColor: COLORS[index % COLORS.length], ...set })),
    },
    options: {
      indexAxis: horizontal ? 'y' : 'x',
      scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
      plugins: { tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${value.read(Number(item.raw ?? 0))}` } } },
    },
  };
}

export function lineChart(labels: string[], datasets: readonly Series[], value: ValueAxis): LineChart {
  return {
    type: 'line',
    data: {
      labels,
      datasets: datasets.map((set, index): ChartDataset<'line', Values> => {
        const color = COLORS[index % COLORS.length];
        return { borderColor: color, backgroundColor: color, tension: 0.2, ...set };
      }),
    },
    options: {
      // One day's point stands over its label, not on the value axis where half of it is hidden.
      scales: { x: { offset: labels.length === 1 }, y: valueScale(value, false) },
      plugins: { tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${value.read(Number(item.raw))}` } } },
    },
  };
}
