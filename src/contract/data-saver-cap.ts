/**
 * The data saver's cap on Auto, read by the engines (src/engine, workers/engine) only: apart from
 * the decision (data-saver.ts), which the page's entry carries, so the entry does not carry this.
 */
import { DATA_SAVER_MAX_HEIGHT } from './data-saver.ts';

/** A rendition as the cap sees it: its height when known, its bitrate in bits per second. */
export interface CappedRendition {
  height?: number | undefined;
  bitrate: number;
}

/**
 * The highest bitrate Auto may pick while the saver is on: that of the richest rendition no taller
 * than DATA_SAVER_MAX_HEIGHT (renditions without a height count as fitting). With none that
 * short, the lowest rendition's bitrate: the saver never leaves Auto with nothing to play.
 * Undefined for an empty list.
 */
export function dataSaverBitrateCap(renditions: readonly CappedRendition[]): number | undefined {
  if (renditions.length === 0) return undefined;
  const fitting = renditions.filter((rendition) => rendition.height === undefined || rendition.height <= DATA_SAVER_MAX_HEIGHT);
  const pool = fitting.length > 0 ? fitting : renditions;
  const bitrates = pool.map((rendition) => rendition.bitrate);
  return fitting.length > 0 ? Math.max(...bitrates) : Math.min(...bitrates);
}
