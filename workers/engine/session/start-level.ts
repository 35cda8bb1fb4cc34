import { capLevelsToSize, chooseStartLevel, type Level } from '../abr/abr-controller.ts';
import { ASSUMED_SEGMENT_SECONDS } from './session-tuning.ts';

/** What the engine knows of the viewer when it picks its first level. */
export interface StartKnowledge {
  /** Bandwidth remembered from an earlier session, bits per second. */
  rememberedBandwidthBps: number | undefined;
  /** The player's size in device pixels. */
  maxWidth: number;
  maxHeight: number;
}

/**
 * The level a session starts at: the remembered estimate (else ABR's blind start), capped to the
 * player's size. The one rule for both the engine and the embed document, which fetches that
 * level's first segment before the engine runs (src/workers-client/engine-first-segments.ts): were they to
 * disagree, the document's bytes would be wasted.
 */
export function startLevel(levels: readonly Level[], knowledge: StartKnowledge): number {
  const remembered = knowledge.rememberedBandwidthBps;
  const cap = capLevelsToSize(levels, knowledge.maxWidth, knowledge.maxHeight, 1).at(-1)?.index;
  // What ThroughputEstimator.restore() accepts, and nothing else.
  const estimateBps = remembered !== undefined && Number.isFinite(remembered) && remembered > 0 ? remembered : undefined;
  return chooseStartLevel(levels, { estimateBps, cap, segmentDurationSeconds: ASSUMED_SEGMENT_SECONDS });
}
