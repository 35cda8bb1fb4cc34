/**
 * The request gate (ARCHITECTURE.md, "request gate"): every play, pause, seek, quality, audio and
 * subtitle request — from the controls, the keyboard, gestures, the media session, the host
 * page — goes through here. A request runs at once when the gate is open and the player can take
 * it; otherwise the latest one of its kind waits and runs when it can. An owner (the coming ad
 * break) may hold the gate: nothing runs until every hold is released, and nothing the viewer
 * asked for meanwhile is lost.
 */

/** What a request is about; a later request replaces a waiting one of the same kind. */
export type RequestKind = 'seek' | 'quality' | 'audio-track' | 'text-track' | 'playback';

/** The order waiting requests run in: where to be and what to play before whether to play. */
const FLUSH_ORDER: readonly RequestKind[] = ['seek', 'quality', 'audio-track', 'text-track', 'playback'];

/** Kinds that belong to one episode's source: a new episode drops them. Play or pause carries over. */
const EPISODE_BOUND: ReadonlySet<RequestKind> = new Set(['seek', 'quality', 'audio-track', 'text-track']);

export interface RequestGate {
  /** Runs `run` now when open and `kind` can be taken; else keeps it, replacing a waiting one of its kind. */
  submit(kind: RequestKind, run: () => void): void;
  /** Holds the gate for `owner` until the returned release is called (idempotent). */
  hold(owner: string): () => void;
  /** Whether anyone holds the gate. */
  readonly held: boolean;
  /** Runs what can run now: call when the player may take more (metadata, the engine's tracks). */
  wake(): void;
  /** A new episode's source: drops the waiting requests about the old one; play or pause stays. */
  newEpisode(): void;
  /** Drops everything; later calls do nothing. */
  destroy(): void;
}

export interface RequestGateOptions {
  /** Whether the player can take a request of `kind` now. */
  ready(kind: RequestKind): boolean;
}

export function createRequestGate({ ready }: RequestGateOptions): RequestGate {
  const waiting = new Map<RequestKind, () => void>();
  const holders = new Map<symbol, string>();
  let destroyed = false;

  const flush = () => {
    if (holders.size > 0 || destroyed) return;
    for (const kind of FLUSH_ORDER) {
      const run = waiting.get(kind);
      if (!run || !ready(kind)) continue;
      waiting.delete(kind);
      run();
    }
  };

  return {
    submit(kind, run) {
      if (destroyed) return;
      if (holders.size === 0 && ready(kind) && !waiting.has(kind)) {
        run();
        return;
      }
      waiting.set(kind, run);
      flush();
    },
    hold(owner) {
      const token = Symbol(owner);
      holders.set(token, owner);
      return () => {
        if (!holders.delete(token)) return;
        flush();
      };
    },
    get held() {
      return holders.size > 0;
    },
    wake: flush,
    newEpisode() {
      for (const kind of EPISODE_BOUND) waiting.delete(kind);
    },
    destroy() {
      destroyed = true;
      waiting.clear();
      holders.clear();
    },
  };
}
