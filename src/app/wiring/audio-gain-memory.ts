import type { AudioGain } from '../../core/features/audio-gain.ts';

/** The viewer's gestures that may start Web Audio (a click, a tap, a key). */
const GESTURES = ['pointerup', 'keydown'] as const;

export interface AudioGainMemoryOptions {
  audioGain: Pick<AudioGain, 'store' | 'setGain'>;
  /** The gain saved for the source playing now, if any. */
  saved(): number | undefined;
  remember(gain: number): void;
  /** The frame's document: where the viewer's gestures arrive. */
  doc: EventTarget;
  signal: AbortSignal;
}

/**
 * Keeps the audio boost across visits (SPEC.md section 3: saved per source). A boost cannot be
 * re-applied as the page loads: it routes the sound through an AudioContext, which a browser
 * keeps suspended (silent) until the viewer acts on the page. So the saved boost is applied at
 * the viewer's first gesture in the frame (the play button, a tap, a key), in that gesture.
 * Returns the setGain the controls should call: it applies and saves the viewer's choice.
 */
export function keepAudioGain(options: AudioGainMemoryOptions): (gain: number) => void {
  const { audioGain, saved, remember, doc, signal } = options;
  const gestures = new AbortController();
  const stopWaiting = () => gestures.abort();
  signal.addEventListener('abort', stopWaiting, { once: true });
  // Only the viewer's own events reach this document: a host page cannot dispatch into the frame.
  const onGesture = () => {
    stopWaiting();
    const gain = saved();
    if (gain !== undefined && gain !== audioGain.store.getState().gain) audioGain.setGain(gain);
  };
  // Capture: the gesture counts before any control handles it (a play button stops nothing here).
  for (const type of GESTURES) doc.addEventListener(type, onGesture, { capture: true, signal: gestures.signal });
  return (gain) => {
    stopWaiting(); // the viewer chose: nothing saved is applied over it
    audioGain.setGain(gain);
    remember(audioGain.store.getState().gain);
  };
}
