import { chooseNextLevel, type Level, type NextLevelInput } from '../abr/abr-controller.ts';
import { DATA_SAVER_FORWARD_SECONDS } from '../../../src/contract/data-saver.ts';
import { dataSaverBitrateCap } from '../../../src/contract/data-saver-cap.ts';
import { FORWARD_GOAL_SECONDS } from './session-tuning.ts';

/**
 * What the data saver changes in one playback session: ABR's cap (no level above the richest
 * 480p one), the forward goal (20 s instead of 30 s), no seek hints, and the count of bytes saved.
 *
 * Bytes saved: while the saver caps Auto, a shadow ABR runs beside the real one with the player's
 * size as its only cap, and says which level Auto would have fetched each segment at. Each video
 * segment fetched below that level saved its own bytes scaled by the ratio of the two levels'
 * declared bitrates, less its own bytes. An estimate (segments of one level vary), counted only for
 * what was fetched with the saver on and Auto in charge; a manual quality saves nothing, and the
 * shorter buffer and the hints not followed are not counted (they mostly defer bytes, not save them).
 */
export class SessionDataSaver {
  on: boolean;
  /** The level Auto would be at without the saver; follows the real level while the saver is off. */
  private shadowLevel: number | undefined;

  constructor(on: boolean) {
    this.on = on;
  }

  /** The highest level the saver lets Auto pick (a Level.index); undefined while it is off. */
  cap(levels: readonly Level[]): number | undefined {
    if (!this.on) return undefined;
    const bitrate = dataSaverBitrateCap(levels);
    if (bitrate === undefined) return undefined;
    return levels.filter((level) => level.bitrate <= bitrate).sort((a, b) => a.bitrate - b.bitrate).at(-1)?.index;
  }

  /** The lower of two caps (either may be absent), by bitrate: the ladder is ordered by it. */
  static lowerCap(levels: readonly Level[], a: number | undefined, b: number | undefined): number | undefined {
    if (a === undefined) return b;
    if (b === undefined) return a;
    const bitrate = (index: number) => levels.find((level) => level.index === index)?.bitrate ?? 0;
    return bitrate(a) <= bitrate(b) ? a : b;
  }

  /** Seconds buffered ahead of the playhead the session aims for. */
  forwardGoalSeconds(): number {
    return this.on ? DATA_SAVER_FORWARD_SECONDS : FORWARD_GOAL_SECONDS;
  }

  /**
   * A video segment of `bytes` came in at `fetchedLevel`, and ABR chose with `input` (its cap
   * including the saver's): the bytes this segment saved, and the shadow ABR moves on.
   * `sizeCap` is the cap the player's size alone sets.
   */
  segmentFetched(levels: readonly Level[], fetchedLevel: number, bytes: number, input: NextLevelInput, sizeCap: number | undefined, manual: boolean): number {
    const shadow = this.shadowLevel ?? fetchedLevel;
    this.shadowLevel = this.on && !manual
      ? chooseNextLevel(levels, { ...input, current: shadow, ...(sizeCap === undefined ? {} : { cap: sizeCap }) })
      : undefined;
    if (!this.on || manual) return 0;
    const bitrate = (index: number) => levels.find((level) => level.index === index)?.bitrate;
    const fetched = bitrate(fetchedLevel);
    const would = bitrate(shadow);
    if (!fetched || !would || would <= fetched) return 0;
    return Math.round(bytes * (would / fetched - 1));
  }
}
