import { createStore, type Store } from '../store.ts';

/** A subtitle track as the menus show it. */
export interface TextTrackChoice {
  id: string;
  label: string;
  language: string;
}

export interface TextTracksState {
  tracks: readonly TextTrackChoice[];
  /** The showing track, undefined when subtitles are off ('Выкл.'). */
  activeId: string | undefined;
}

/** The parts of a TextTrack the controller reads and writes. */
export interface TextTrackLike {
  readonly kind: string;
  readonly label: string;
  readonly language: string;
  mode: TextTrackMode;
}

/** `video.textTracks`: indexable, with addtrack / removetrack / change events. */
export interface TextTrackListLike extends EventTarget {
  readonly length: number;
  readonly [index: number]: TextTrackLike;
}

export interface TextTracksController {
  readonly store: Store<TextTracksState>;
  /** Shows the track with `id`, or turns subtitles off with undefined. */
  select(id: string | undefined): void;
  /** Off when on; else the last track shown, or the first. */
  toggle(): void;
  destroy(): void;
}

const SUBTITLE_KINDS = new Set(['subtitles', 'captions']);

/**
 * The element's subtitle tracks (the episode's `<track>`s) as a list with one showing track.
 * State follows the element: the list's events, not the requests, update it (ARCHITECTURE.md
 * rule 2). Track ids are their positions, which is what the element itself knows.
 */
export function createTextTracks(list: TextTrackListLike, submit: (run: () => void) => void = (run) => run()): TextTracksController {
  const store = createStore<TextTracksState>({ tracks: [], activeId: undefined });
  const lifetime = new AbortController();
  let lastShown: string | undefined;

  const entries = () => {
    const found: Array<{ id: string; track: TextTrackLike }> = [];
    for (let index = 0; index < list.length; index += 1) {
      const track = list[index];
      if (track && SUBTITLE_KINDS.has(track.kind)) found.push({ id: String(index), track });
    }
    return found;
  };
  const read = () => {
    const found = entries();
    const tracks = found.map(({ id, track }) => ({ id, label: track.label || track.language, language: track.language }));
    const activeId = found.find(({ track }) => track.mode === 'showing')?.id;
    const current = store.getState();
    const same = current.tracks.length === tracks.length && current.tracks.every((track, index) => {
      const next = tracks[index];
      return next !== undefined && track.id === next.id && track.label === next.label && track.language === next.language;
    });
    store.update({ tracks: same ? current.tracks : tracks, activeId });
    if (activeId !== undefined) lastShown = activeId;
  };
  for (const type of ['addtrack', 'removetrack', 'change']) list.addEventListener(type, read, { signal: lifetime.signal });
  read();

  // Through the player's request gate (`submit`): an ad break holds subtitle choices too.
  const select = (id: string | undefined) =>
    submit(() => {
      for (const { id: trackId, track } of entries()) {
        // 'hidden' keeps cues loading for a quick switch back; 'disabled' would drop them.
        track.mode = trackId === id ? 'showing' : track.mode === 'showing' ? 'hidden' : track.mode;
      }
      // Some browsers fire no 'change' for script changes: read back what the element now says.
      read();
    });

  return {
    store,
    select,
    toggle() {
      const { activeId, tracks } = store.getState();
      if (activeId !== undefined) select(undefined);
      else select(tracks.some((track) => track.id === lastShown) ? lastShown : tracks[0]?.id);
    },
    destroy: () => lifetime.abort(),
  };
}
