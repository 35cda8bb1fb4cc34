import type { BufferSink } from '../media/media-sink.ts';
import type { BufferBudget } from './buffer-budget.ts';

/**
 * When the browser keeps refusing an append, the loader waits for this much playback before it
 * frees what was played and tries again; with less than STARVED_SECONDS left to play, no room
 * will come and the append fails.
 */
const CONSUME_STEP_SECONDS = 1;
const STARVED_SECONDS = 0.5;

export interface QuotaContext {
  readonly budget: BufferBudget;
  currentTime(): number;
  /** Seconds buffered from `time` on, as the buffers say. */
  bufferedAhead(time: number): number;
  /** Resolves once the playhead passes `time`; false when the download was dropped meanwhile. */
  playedPast(time: number): Promise<boolean>;
}

/**
 * Appends; when the browser's quota is full (QuotaExceededError), what was played, and what
 * cannot be reached by playing on, is removed and the append tried once more. Refused again, the
 * bound ahead drops below what the browser took, and the append waits for playback to consume
 * what is ahead, freeing what was played before each new try: no reload, no error while
 * something is left to play. With nothing left to play, no room will come: the append fails.
 */
export async function appendWithinQuota(buffer: BufferSink, bytes: Uint8Array, context: QuotaContext): Promise<void> {
  const { budget } = context;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await buffer.append(bytes);
      return;
    } catch (error) {
      if (!(error instanceof DOMException) || error.name !== 'QuotaExceededError') throw error;
      const now = context.currentTime();
      if (attempt === 0) {
        await budget.relieve(now);
        continue;
      }
      if (attempt === 1) budget.lowerAheadLimit(now);
      if (context.bufferedAhead(now) < STARVED_SECONDS) throw error;
      if (!(await context.playedPast(now + CONSUME_STEP_SECONDS))) throw new DOMException('the download was dropped', 'AbortError');
      await budget.relieve(context.currentTime());
    }
  }
}
