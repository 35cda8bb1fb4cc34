import { describeFailure, logPlayerError, PLAYER_ERROR_CODES } from '../../contract/errors/player-error.ts';
import { createStore, type Store } from '../store.ts';

/** The boost choices, shown as percentages (SPEC.md section 9). */
export const AUDIO_GAINS = [1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4] as const;

const MIN_GAIN = 1;
const MAX_GAIN = 4;

/** What the 'Усиление звука' menu renders. */
export interface AudioGainState {
  /** Web Audio exists and has not failed on this video. */
  supported: boolean;
  /** The gain in effect (1 until a boost really applies). */
  gain: number;
}

export interface AudioGainOptions {
  video: HTMLMediaElement;
  /** Default: a new AudioContext (or webkitAudioContext), undefined where neither exists. */
  createContext?: () => AudioContext | undefined;
}

export interface AudioGain {
  readonly store: Store<AudioGainState>;
  /** Applies a gain clamped to [1, 4]; call it from the viewer's click (a suspended context resumes). */
  setGain(gain: number): void;
  /** Puts the gain back to 1 and ignores later calls; idempotent. */
  destroy(): void;
}

interface Graph {
  readonly context: AudioContext;
  readonly gain: GainNode;
}

/**
 * An element can be routed into Web Audio only once in its life, and from then on it sounds only
 * through that graph; so the graph is kept per element and reused by the next controller (a
 * restarted session keeps the same <video>).
 */
const graphs = new WeakMap<HTMLMediaElement, Graph>();

type AudioContextConstructor = new () => AudioContext;

function defaultCreateContext(): AudioContext | undefined {
  const scope = globalThis as { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor };
  const Constructor = scope.AudioContext ?? scope.webkitAudioContext;
  return Constructor ? new Constructor() : undefined;
}

/**
 * Audio boost through a GainNode. The graph is built lazily, on the first gain above 1: routing a
 * video's sound through Web Audio costs CPU (and battery) on phones for the rest of its life, so it
 * must not happen unless the viewer asks for a boost. Failures are logged only (SPEC.md section 8)
 * and leave the sound as it was.
 */
export function createAudioGain({ video, createContext }: AudioGainOptions): AudioGain {
  const create = createContext ?? defaultCreateContext;
  const scope = globalThis as { AudioContext?: unknown; webkitAudioContext?: unknown };
  const supported = createContext !== undefined || scope.AudioContext !== undefined || scope.webkitAudioContext !== undefined;
  const store = createStore<AudioGainState>({ supported, gain: 1 });
  const lifetime = new AbortController();
  let graph = graphs.get(video);

  const fail = (error: unknown) => {
    logPlayerError(describeFailure('audio', PLAYER_ERROR_CODES.AUDIO_PROCESSING_UNSUPPORTED, 'Audio processing is unsupported', error));
    store.update({ supported: false, gain: 1 });
  };

  const build = (): Graph | undefined => {
    const context = create();
    if (!context) {
      fail(new Error('AudioContext is not available'));
      return undefined;
    }
    try {
      // Cross-origin media without CORS would come out silent here: the <video> needs crossOrigin.
      const gain = context.createGain();
      context.createMediaElementSource(video).connect(gain).connect(context.destination);
      const built = { context, gain };
      graphs.set(video, built);
      return built;
    } catch (error) {
      void context.close().catch(() => undefined);
      fail(error);
      return undefined;
    }
  };

  return {
    store,
    setGain(requested) {
      if (lifetime.signal.aborted || !store.getState().supported) return;
      const gain = Number.isFinite(requested) ? Math.min(MAX_GAIN, Math.max(MIN_GAIN, requested)) : MIN_GAIN;
      if (!graph && gain === MIN_GAIN) {
        store.update({ gain });
        return;
      }
      graph ??= build();
      if (!graph) return;
      // Browsers start a context suspended until a user gesture; this call comes from one.
      if (graph.context.state === 'suspended') {
        void graph.context.resume().catch((error: unknown) =>
          logPlayerError(describeFailure('audio', PLAYER_ERROR_CODES.AUDIO_PROCESSING_UNSUPPORTED, 'The audio context did not resume', error)));
      }
      graph.gain.gain.value = gain;
      store.update({ gain });
    },
    destroy() {
      if (lifetime.signal.aborted) return;
      lifetime.abort();
      // The element keeps sounding through the graph, so leave it at unity rather than closing it.
      if (graph) graph.gain.gain.value = MIN_GAIN;
    },
  };
}
