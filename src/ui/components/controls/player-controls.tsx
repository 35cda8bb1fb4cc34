import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type PointerEvent, type ReactNode, type RefObject } from 'react';
import { usePlayerState } from '../../hooks/use-player-state.ts';
import { ru } from '../../i18n/ru.ts';
import { actionForKey } from '../../interaction/keyboard-shortcuts.ts';
import { timerSchedule } from '../../interaction/schedule.ts';
import { createTapGestures, type GestureAction } from '../../interaction/tap-gestures.ts';
import { closedAMenu, type ActiveMenuStore } from '../../menus/active-menu.ts';
import '../../styles/controls.css';
import { ControlBar } from './control-bar.tsx';
import type { ControlsHost } from './controls-host.ts';
import { createActionPerformer } from './perform-action.ts';
import { useControlsVisibility } from './use-controls-visibility.ts';
import { useMediaQuery } from './use-media-query.ts';
import { BufferingSpinner } from './buffering-spinner.tsx';
import { ControlButton } from './control-button.tsx';
import { playButtonLook } from './play-button-look.ts';
import { RemoteStatus } from './remote-status.tsx';
import { StateAnnouncer } from './state-announcer.tsx';

/** The sm breakpoint (SPEC.md section 2, mobile layout). */
export const COMPACT_QUERY = '(max-width: 639px)';

export interface PlayerControlsProps {
  host: ControlsHost;
  menus: ActiveMenuStore;
  /** The top overlay: it shows and hides with the controls. */
  top: ReactNode;
  /** Drawn over the controls whether they show or not, placed by the controls' state ('Пропустить заставку'). */
  corner?: ReactNode;
}

/**
 * The controls over the video: the gesture surface, the big play button, the buffering
 * spinner and the bar (desktop) or the dimmed overlay with its rows (mobile, SPEC.md section 2).
 * Keyboard shortcuts work while the player's document has focus and no field is being typed in.
 */
export function PlayerControls({ host, menus, top, corner }: PlayerControlsProps) {
  const compact = useMediaQuery(COMPACT_QUERY);
  const root = useRef<HTMLDivElement>(null);
  const menu = useSyncExternalStore(menus.subscribe, () => menus.getState().menu);
  const paused = usePlayerState(host.store, (state) => state.paused);
  const started = usePlayerState(host.store, (state) => state.started);
  const ended = usePlayerState(host.store, (state) => state.ended);
  const bigPlay = playButtonLook({ paused: true, ended });
  const pictureInPicture = useSyncExternalStore(host.pictureInPicture.store.subscribe, () => host.pictureInPicture.store.getState().active);
  const stretched = useSyncExternalStore(host.fullscreen.store.subscribe, () => host.fullscreen.store.getState().mode === 'stretch');
  const perform = useMemo(() => createActionPerformer(host), [host]);
  const visibility = useControlsVisibility({ paused, preloading: !started, menuOpen: menu !== 'none', root });

  useCuesAboveControls(root, host.textTracks, visibility.visible, compact);

  // Shortcuts: on the frame's document, so they work wherever focus is inside the player.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const action = actionForKey({
        key: event.key, code: event.code, shiftKey: event.shiftKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey,
        altKey: event.altKey, repeat: event.repeat,
        target: target && { tagName: target.tagName, isContentEditable: target.isContentEditable, role: target.getAttribute?.('role') ?? null, type: (target as HTMLInputElement).type },
      });
      if (!action) return;
      event.preventDefault();
      visibility.activity();
      perform(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [perform, visibility]);

  // One recognizer per pointer kind: a click toggles play, a tap only the controls (SPEC.md section 2).
  // They live as long as the controls: a pending tap must survive the re-renders it causes.
  const latest = useRef({ perform, visibility });
  latest.current = { perform, visibility };
  const [gestures] = useState(() => {
    const onAction = (action: GestureAction) => {
      const { perform: run, visibility: controls } = latest.current;
      if (action === 'toggle-controls') return controls.visible ? controls.hide() : controls.activity();
      controls.activity();
      if (action === 'toggle-play') run({ type: 'toggle-play' });
      else if (action === 'toggle-fullscreen') run({ type: 'toggle-fullscreen' });
      else if (action === 'seek-back' || action === 'seek-forward') run({ type: 'seek-by', seconds: action === 'seek-back' ? -10 : 10 });
    };
    return {
      mouse: createTapGestures({ pointer: 'mouse', schedule: timerSchedule, onAction }),
      touch: createTapGestures({ pointer: 'touch', schedule: timerSchedule, onAction }),
    };
  });
  useEffect(() => () => {
    gestures.mouse.destroy();
    gestures.touch.destroy();
  }, [gestures]);
  const recognizer = (event: PointerEvent<HTMLDivElement>) => (event.pointerType === 'mouse' ? gestures.mouse : gestures.touch);

  const point = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top, width: rect.width, time: event.timeStamp };
  };
  const shown = visibility.visible;

  return (
    <div
      ref={root}
      className={`controls${compact ? ' controls--compact' : ''}${shown ? ' controls--shown' : ' controls--hidden'}${menu === 'none' ? '' : ' controls--menu-open'}`}
      onPointerMove={(event) => event.pointerType === 'mouse' && visibility.activity()}
      onPointerLeave={(event) => event.pointerType === 'mouse' && visibility.hide()}
    >
      <div
        className="controls__surface"
        data-testid="gesture-surface"
        onPointerDown={(event) => {
          // The press that closed a menu does nothing else: its release finds no press to finish.
          if (!closedAMenu(event.nativeEvent)) recognizer(event)?.down(point(event));
        }}
        onPointerUp={(event) => recognizer(event)?.up(point(event))}
      />
      <BufferingSpinner store={host.store} />
      <StateAnnouncer store={host.store} />
      <RemoteStatus airPlay={host.airPlay} cast={host.cast} />
      {pictureInPicture ? (
        // The browser writes its own text into the emptied video, under the top overlay: covered here.
        <div className="controls__pip" data-testid="pip-cover">
          <p className="controls__pip-text">{ru.pictureInPictureActive}</p>
        </div>
      ) : null}
      {!compact && (paused || !started) ? (
        <ControlButton className="controls__big-play" label={bigPlay.label} icon={bigPlay.icon} onClick={() => host.play()} />
      ) : null}
      <div className="controls__layer" inert={!shown}>
        {top}
        <ControlBar host={host} menus={menus} compact={compact} active={shown} perform={perform} />
      </div>
      {corner}
      {stretched ? (
        <ControlButton className="controls__close" label={ru.close} icon="close" onClick={() => void host.fullscreen.toggle()} />
      ) : null}
    </div>
  );
}

/**
 * While the controls show, subtitles sit above what they cover at the bottom (the bar, or the
 * compact layout's bottom row), and go back down when they hide (SPEC.md section 2 gives the bar
 * that place). Measured, since the bar's height changes with the frame's size and layout.
 */
function useCuesAboveControls(root: RefObject<HTMLDivElement | null>, textTracks: ControlsHost['textTracks'], visible: boolean, compact: boolean): void {
  useEffect(() => {
    const box = root.current;
    if (!box || !visible) {
      textTracks.keepCuesAbove(0);
      return;
    }
    const bottom = box.querySelector<HTMLElement>(compact ? '.control-bar__bottom' : '.control-bar');
    const measure = () => {
      if (!bottom) return;
      textTracks.keepCuesAbove(box.getBoundingClientRect().bottom - bottom.getBoundingClientRect().top);
    };
    // No reading at mount: that would force the layout of the freshly committed controls in the
    // middle of the task. A ResizeObserver reports each observed box once it is laid out (in the
    // frame's rendering step, layout clean), and again on every change of size.
    const resized = new ResizeObserver(measure);
    resized.observe(box);
    if (bottom) resized.observe(bottom);
    return () => {
      resized.disconnect();
      textTracks.keepCuesAbove(0);
    };
  }, [root, textTracks, visible, compact]);
}
