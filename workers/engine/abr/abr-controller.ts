/**
 * Rendition choice for the custom engine (ARCHITECTURE.md: "throughput EWMA + buffer level +
 * network class"). Pure functions over a ladder sorted by ascending bitrate; they return the
 * chosen Level.index. Every threshold lives in ABR_DEFAULTS (abr-defaults.ts, re-exported here).
 */
import { NETWORK_CLASS_START_BPS } from './network-class.ts';
import type { NetworkClass } from './network-class.ts';
import { ABR_DEFAULTS } from './abr-defaults.ts';
import type { AbrConfig } from './abr-defaults.ts';

export { ABR_DEFAULTS } from './abr-defaults.ts';
export type { AbrConfig } from './abr-defaults.ts';

/** One rendition, as the playlist parser reports it. */
export interface Level {
  /** Identity of the rendition (e.g. its variant's position in the master playlist). */
  readonly index: number;
  /** Bits per second: the variant's BANDWIDTH (peak, so estimates err on the safe side). */
  readonly bitrate: number;
  readonly width?: number;
  readonly height?: number;
}


/**
 * Levels worth fetching for a player of this CSS size: every level up to the smallest one that
 * covers the player's device pixels, plus levels without a size. A level covers the player when
 * its width reaches the player's pixel width or its height the pixel height: the picture is
 * fitted inside the player, so one dimension binds (a portrait phone binds on width, a letterboxed
 * film on width too). Always keeps the lowest level; keeps all when none covers.
 */
export function capLevelsToSize(
  levels: readonly Level[],
  playerWidth: number,
  playerHeight: number,
  devicePixelRatio: number,
): Level[] {
  const pixelWidth = playerWidth * devicePixelRatio;
  const pixelHeight = playerHeight * devicePixelRatio;
  const cover = levels.find(
    (level) =>
      level.height !== undefined &&
      (level.height >= pixelHeight || (level.width !== undefined && level.width >= pixelWidth)),
  );
  if (cover?.height === undefined) return [...levels];
  const maxHeight = cover.height;
  return levels.filter(
    (level, position) => position === 0 || level.height === undefined || level.height <= maxHeight,
  );
}

/** What chooseStartLevel knows. `cap`: the highest allowed Level.index (none: no cap). */
export interface StartLevelInput {
  readonly estimateBps?: number;
  readonly networkClass?: NetworkClass;
  readonly cap?: number;
  /** When given, the first segment must also download within firstSegmentTargetSeconds. */
  readonly segmentDurationSeconds?: number;
}

/**
 * The first rendition: the highest capped level within startBandwidthFactor of the estimate (or
 * of the network class's guess), and whose first segment arrives within the target when the
 * segment duration is known; the lowest level when none fits. Knowing nothing, the lowest level
 * that is not tiny: a blind start must be fast on any network, but a 144p picture is worse than
 * the second it saves. Throws a RangeError for an empty ladder.
 */
export function chooseStartLevel(
  levels: readonly Level[],
  input: StartLevelInput,
  config: AbrConfig = ABR_DEFAULTS,
): number {
  const allowed = allowedLevels(levels, input.cap);
  const guess = input.networkClass === undefined ? undefined : NETWORK_CLASS_START_BPS[input.networkClass];
  const bps = input.estimateBps ?? guess;
  if (bps === undefined || !(bps > 0)) {
    return (allowed.find((level) => !isTiny(level, config)) ?? lowest(allowed)).index;
  }
  const segment = input.segmentDurationSeconds;
  const fit = allowed.findLast(
    (level) =>
      level.bitrate <= config.startBandwidthFactor * bps &&
      (segment === undefined || (level.bitrate * segment) / bps <= config.firstSegmentTargetSeconds),
  );
  return (fit ?? lowest(allowed)).index;
}

/** What chooseNextLevel knows. `current`, `cap` and `manual` are Level.index values. */
export interface NextLevelInput {
  readonly current: number;
  readonly estimateBps: number | undefined;
  readonly bufferAheadSeconds: number;
  readonly segmentDurationSeconds: number;
  readonly cap?: number;
  /** The viewer's explicit choice; wins over everything, the cap included. */
  readonly manual?: number;
}

/**
 * The level for the next segment. Down at once when the estimate falls below the current bitrate
 * or the next segment would arrive after the buffer (less the safety margin) runs out, to the
 * highest lower level that fits downBandwidthFactor and that budget (else the lowest). Up to the
 * highest level that fits upBandwidthFactor and the budget, with enough buffer ahead, or with less
 * when its segment would download within quickUpSwitchShare of that buffer (a fast link).
 * Otherwise stay. Without an estimate, stay (clamped to the cap).
 */
export function chooseNextLevel(
  levels: readonly Level[],
  input: NextLevelInput,
  config: AbrConfig = ABR_DEFAULTS,
): number {
  if (input.manual !== undefined && levels.some((level) => level.index === input.manual)) return input.manual;
  const allowed = allowedLevels(levels, input.cap);
  const at = clampedPosition(levels, allowed, input.current);
  const current = allowed[at] ?? lowest(allowed);
  const bps = input.estimateBps;
  if (bps === undefined || !(bps > 0)) return current.index;

  const budget = Math.max(input.bufferAheadSeconds - config.safetyMarginSeconds, config.minDownloadBudgetSeconds);
  const fits = (level: Level, factor: number): boolean =>
    level.bitrate <= factor * bps && (level.bitrate * input.segmentDurationSeconds) / bps <= budget;

  const tooSlow = (current.bitrate * input.segmentDurationSeconds) / bps > budget;
  if (bps < current.bitrate || tooSlow) {
    const lower = allowed.slice(0, at).findLast((level) => fits(level, config.downBandwidthFactor));
    return (lower ?? lowest(allowed)).index;
  }
  const upBuffer = Math.max(
    config.upSwitchMinBufferSeconds,
    config.upSwitchMinBufferSegments * input.segmentDurationSeconds,
  );
  const enoughBuffer = input.bufferAheadSeconds >= upBuffer;
  const quick = (level: Level): boolean =>
    (level.bitrate * input.segmentDurationSeconds) / bps <= config.quickUpSwitchShare * input.bufferAheadSeconds;
  const higher = allowed.slice(at + 1).findLast((level) => fits(level, config.upBandwidthFactor) && (enoughBuffer || quick(level)));
  return (higher ?? current).index;
}

/** What chooseSeekLevel knows. `current` and `cap` are Level.index values. */
export interface SeekLevelInput {
  readonly current: number;
  readonly estimateBps: number | undefined;
  readonly segmentDurationSeconds: number;
  readonly cap?: number;
}

/**
 * The level for a seek to an unbuffered position: the highest level, not above the current one,
 * whose first segment downloads within firstSegmentTargetSeconds and that fits
 * downBandwidthFactor; the lowest level when none does. A seek is never the moment to go up.
 */
export function chooseSeekLevel(
  levels: readonly Level[],
  input: SeekLevelInput,
  config: AbrConfig = ABR_DEFAULTS,
): number {
  const allowed = allowedLevels(levels, input.cap);
  const at = clampedPosition(levels, allowed, input.current);
  const current = allowed[at] ?? lowest(allowed);
  const bps = input.estimateBps;
  if (bps === undefined || !(bps > 0)) return current.index;
  const fit = allowed.slice(0, at + 1).findLast(
    (level) =>
      level.bitrate <= config.downBandwidthFactor * bps &&
      (level.bitrate * input.segmentDurationSeconds) / bps <= config.firstSegmentTargetSeconds,
  );
  return (fit ?? lowest(allowed)).index;
}

/** The ladder up to and including the cap level; the whole ladder without (or with an unknown) cap. */
function allowedLevels(levels: readonly Level[], cap: number | undefined): readonly Level[] {
  if (levels.length === 0) throw new RangeError('ABR needs at least one level');
  const at = cap === undefined ? -1 : levels.findIndex((level) => level.index === cap);
  return at < 0 ? levels : levels.slice(0, at + 1);
}

/** Position of `index` within `allowed`: above the cap clamps to the cap, unknown to the lowest. */
function clampedPosition(levels: readonly Level[], allowed: readonly Level[], index: number): number {
  const at = levels.findIndex((level) => level.index === index);
  return at < 0 ? 0 : Math.min(at, allowed.length - 1);
}

function lowest(levels: readonly Level[]): Level {
  const first = levels[0];
  if (first === undefined) throw new RangeError('ABR needs at least one level');
  return first;
}

function isTiny(level: Level, config: AbrConfig): boolean {
  return (level.height !== undefined && level.height < config.tinyHeightBelow) || level.bitrate < config.tinyBitrateBelow;
}
