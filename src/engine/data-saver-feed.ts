import { DATA_SAVER_FORWARD_SECONDS } from '../contract/data-saver.ts';
import { dataSaverBitrateCap, type CappedRendition } from '../contract/data-saver-cap.ts';
import type { DataSaverSource } from './types.ts';

export { DATA_SAVER_FORWARD_SECONDS, dataSaverBitrateCap };

/** Whether the data saver is on for one engine, as it changes. */
export interface DataSaverFeed {
  current(): boolean;
  stop(): void;
}

/**
 * Follows the player's data saver (src/app/data-saver) for one engine: `onChange` hears each
 * change after the first reading. Without a source the saver is off.
 */
export function followDataSaver(source: DataSaverSource | undefined, onChange: (on: boolean) => void): DataSaverFeed {
  let on = source?.getState().dataSaver ?? false;
  const unsubscribe = source?.subscribe(() => {
    const next = source.getState().dataSaver;
    if (next === on) return;
    on = next;
    onChange(on);
  });
  return { current: () => on, stop: () => unsubscribe?.() };
}

/**
 * The position in `renditions` (ordered as the engine lists them) of the richest one the saver
 * lets Auto pick; undefined for none.
 */
export function dataSaverCapIndex(renditions: readonly CappedRendition[]): number | undefined {
  const bitrate = dataSaverBitrateCap(renditions);
  if (bitrate === undefined) return undefined;
  let best: number | undefined;
  renditions.forEach((rendition, index) => {
    if (rendition.bitrate <= bitrate && (best === undefined || rendition.bitrate > renditions[best]!.bitrate)) best = index;
  });
  return best;
}
