import { useEffect, useLayoutEffect, useRef, useState, type JSX, type KeyboardEvent, type PointerEvent, type SyntheticEvent } from 'react';
import type { PlayerState } from '../../../core/player-state.ts';
import type { Store } from '../../../core/store.ts';
import type { ThumbnailCue } from '../../../workers-client/thumbnails-client.ts';
import { ru } from '../../i18n/ru.ts';
import {
  DRAG_THROTTLE_MS, TIME_LABEL_WIDTH, createScrub, formatTime, isSeekable, keyTarget, previewLeft, seekBarView,
  thumbnailStyle, throttle, timeFromPointer, type Clock, type SeekBarView,
} from './seek-bar-model.ts';
import { createSeekIntent } from '../../interaction/seek-intent.ts';
import '../../styles/seek-bar.css';

export interface SeekBarProps {
  /** Read with subscribe/getState; the bar never writes state. */
  store: Store<PlayerState>;
  /** A seek request (PlayerCore.seek). */
  onSeek(time: number): void;
  /** A hint that the viewer may seek there soon (PlayerCore.prefetch): see seek-intent.ts. */
  onPrefetch(time: number): void;
  /** The preview for a time; undefined when there are no thumbnails. */
  thumbnailAt(time: number): ThumbnailCue | undefined;
  /** False while the controls are hidden: then the bar does no work at all. */
  active: boolean;
}

const browserClock: Clock = {
  now: () => performance.now(),
  schedule(callback, ms) {
    const id = setTimeout(callback, ms);
    return () => clearTimeout(id);
  },
};

interface PointerAt {
  /** From the bar's left edge, px. */
  x: number;
  rect: DOMRect;
  time: number;
}

/** The player's click and double-click gestures must not also fire on the bar (SPEC.md section 2). */
const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The seek bar (SPEC.md sections 2 and 5): a slider over the timeline with a buffered layer and,
 * on hover or while scrubbing, the time and thumbnail under the pointer. Time and buffer reach the
 * DOM through refs from a store subscription held only while `active`, so playback never
 * re-renders React; it re-renders only when the duration changes.
 */
export function SeekBar(props: SeekBarProps): JSX.Element {
  const { store, active } = props;
  const [duration, setDuration] = useState(() => store.getState().duration);
  const latest = useRef(props);
  const root = useRef<HTMLDivElement>(null);
  const played = useRef<HTMLDivElement>(null);
  const buffered = useRef<HTMLDivElement>(null);
  const thumb = useRef<HTMLDivElement>(null);
  const preview = useRef<HTMLDivElement>(null);
  const thumbnail = useRef<HTMLDivElement>(null);
  const label = useRef<HTMLSpanElement>(null);
  // What the DOM shows now: rendering from it keeps a re-render from undoing a ref write.
  const [shown] = useState(() => ({ current: viewOf(store.getState()) }));
  const hoverRect = useRef<DOMRect | undefined>(undefined);
  const keyBase = useRef<{ state: PlayerState; target: number } | undefined>(undefined);
  const lastCue = useRef<ThumbnailCue | undefined>(undefined);

  const paint = (view: SeekBarView) => {
    const old = shown.current;
    shown.current = view;
    if (old.played !== view.played) {
      played.current?.style.setProperty('transform', `scaleX(${view.played})`);
      thumb.current?.style.setProperty('transform', `translateX(${view.played * 100}%)`);
    }
    if (old.buffered !== view.buffered) buffered.current?.style.setProperty('transform', `scaleX(${view.buffered})`);
    if (old.valueNow !== view.valueNow) root.current?.setAttribute('aria-valuenow', String(view.valueNow));
    if (old.valueText !== view.valueText) root.current?.setAttribute('aria-valuetext', view.valueText);
  };

  /** The time under the pointer and, with thumbnails, its preview, kept inside the bar. */
  const showPreview = ({ x: pointerX, rect, time }: PointerAt) => {
    const [box, image, text] = [preview.current, thumbnail.current, label.current];
    if (!box || !image || !text) return;
    const cue = store.getState().thumbnailsReady ? latest.current.thumbnailAt(time) : undefined;
    const style = cue ? thumbnailStyle(cue, pointerX, rect.width) : undefined;
    if (cue !== lastCue.current) {
      lastCue.current = cue;
      image.hidden = !style;
      if (style) {
        const { backgroundImage, backgroundPosition, backgroundSize } = style;
        Object.assign(image.style, { width: `${style.width}px`, height: `${style.height}px`, backgroundImage, backgroundPosition, backgroundSize });
      }
    }
    const width = style?.width ?? TIME_LABEL_WIDTH;
    box.style.width = `${width}px`;
    box.style.transform = `translateX(${style?.left ?? previewLeft(pointerX, rect.width, width)}px)`;
    text.textContent = formatTime(time);
    box.hidden = false;
  };
  const hidePreview = () => {
    if (preview.current) preview.current.hidden = true;
  };

  const latestShow = useRef(showPreview);
  // A drag draws the position locally (state stays the player's) and requests seeks (SPEC.md section 9).
  const [scrub] = useState(() =>
    createScrub<PointerAt>(
      {
        draw(at) {
          const state = latest.current.store.getState();
          paint(seekBarView(at.time, state.bufferedAhead, state.duration));
          latestShow.current(at);
        },
        seek: (time) => latest.current.onSeek(time),
      },
      browserClock,
    ),
  );
  const [hover] = useState(() => throttle((at: PointerAt) => latestShow.current(at), DRAG_THROTTLE_MS, browserClock));
  // Where the pointer rests (hovering or dragging) and where held keys head: hints to the engine.
  const [intent] = useState(() => createSeekIntent({ schedule: browserClock.schedule, prefetch: (time) => latest.current.onPrefetch(time) }));

  useLayoutEffect(() => {
    latest.current = props;
    latestShow.current = showPreview;
  });

  useLayoutEffect(() => {
    if (!active) return;
    const sync = () => {
      const state = store.getState();
      setDuration(state.duration);
      if (!scrub.at) paint(viewOf(state));
    };
    sync();
    return store.subscribe(sync);
  }, [active, store, scrub]);

  useEffect(() => () => {
    scrub.dispose();
    hover.cancel();
    intent.dispose();
  }, [scrub, hover, intent]);

  const pointerAt = (clientX: number, rect: DOMRect): PointerAt => ({
    x: clientX - rect.left,
    rect,
    time: timeFromPointer(clientX, rect, store.getState().duration),
  });
  const endDrag = (at: PointerAt | undefined, pointerType: string) => {
    if (!scrub.at) return;
    scrub.end(at);
    intent.pointerGone();
    root.current?.classList.remove('seek-bar--dragging');
    if (pointerType !== 'mouse') hidePreview();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || !event.isPrimary || !isSeekable(store.getState().duration)) return;
    const bar = event.currentTarget;
    bar.setPointerCapture(event.pointerId);
    bar.classList.add('seek-bar--dragging');
    hover.cancel();
    keyBase.current = undefined;
    const at = pointerAt(event.clientX, bar.getBoundingClientRect());
    intent.pointerAt(at.time);
    scrub.start(at);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (scrub.at) {
      const at = pointerAt(event.clientX, scrub.at.rect);
      intent.pointerAt(at.time);
      return scrub.move(at);
    }
    // Only a mouse hovers; a touch shows the preview while it drags.
    if (event.pointerType !== 'mouse' || !isSeekable(store.getState().duration)) return;
    const at = pointerAt(event.clientX, (hoverRect.current ??= event.currentTarget.getBoundingClientRect()));
    intent.pointerAt(at.time);
    hover.push(at);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (scrub.at) endDrag(pointerAt(event.clientX, scrub.at.rect), event.pointerType);
  };
  // Cancelled or capture lost: the drag ends where it last was.
  const onPointerGone = (event: PointerEvent<HTMLDivElement>) => endDrag(undefined, event.pointerType);
  const onPointerLeave = () => {
    hoverRect.current = undefined;
    if (scrub.at) return;
    hover.cancel();
    intent.pointerGone();
    hidePreview();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const state = store.getState();
    // A held key can repeat before the element reports the last seek (any later snapshot carries
    // its target as currentTime): until then, count from that target.
    const base = keyBase.current?.state === state ? keyBase.current.target : state.currentTime;
    const target = keyTarget(event.key, event.shiftKey, base, state.duration);
    if (target === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    // Held (repeating) or pressed again before the element arrived: the engine hears the target.
    if (event.repeat || keyBase.current?.state === state) intent.keyHeld(target);
    keyBase.current = { state, target };
    latest.current.onSeek(target);
  };

  const seekable = isSeekable(duration);
  const view = shown.current;
  return (
    <div
      ref={root}
      className={seekable ? 'seek-bar' : 'seek-bar seek-bar--disabled'}
      role="slider"
      tabIndex={0}
      aria-label={ru.seek}
      aria-valuemin={0}
      aria-valuemax={seekable ? Math.round(duration) : 0}
      aria-valuenow={view.valueNow}
      aria-valuetext={view.valueText}
      aria-disabled={seekable ? undefined : true}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerGone}
      onLostPointerCapture={onPointerGone}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onClick={stop}
      onDoubleClick={stop}
    >
      <div className="seek-bar__track">
        <div ref={buffered} className="seek-bar__buffered" style={{ transform: `scaleX(${view.buffered})` }} />
        <div ref={played} className="seek-bar__played" style={{ transform: `scaleX(${view.played})` }} />
      </div>
      <div ref={thumb} className="seek-bar__thumb-rail" style={{ transform: `translateX(${view.played * 100}%)` }}>
        <div className="seek-bar__thumb" />
      </div>
      <div ref={preview} className="seek-bar__preview" aria-hidden="true" hidden>
        <div ref={thumbnail} className="seek-bar__thumbnail" hidden />
        <span ref={label} className="seek-bar__time" />
      </div>
    </div>
  );
}

function viewOf(state: PlayerState): SeekBarView {
  return seekBarView(state.currentTime, state.bufferedAhead, state.duration);
}
