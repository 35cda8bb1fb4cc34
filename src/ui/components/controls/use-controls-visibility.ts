import { useEffect, useMemo, useState, type RefObject } from 'react';
import { createControlsVisibility } from '../../interaction/controls-visibility.ts';
import { timerSchedule } from '../../interaction/schedule.ts';

export interface ControlsVisibility {
  readonly visible: boolean;
  activity(): void;
  hide(): void;
}

/**
 * The controls show on activity and hide 2000 ms after the last (SPEC.md section 9), but never
 * while paused, before playback starts (preloading), while a menu is open or while keyboard
 * focus is inside them.
 */
export function useControlsVisibility(options: {
  paused: boolean;
  preloading: boolean;
  menuOpen: boolean;
  root: RefObject<HTMLElement | null>;
}): ControlsVisibility {
  const [visible, setVisible] = useState(true);
  const controller = useMemo(
    () =>
      createControlsVisibility({
        schedule: timerSchedule,
        onChange: setVisible,
      }),
    [],
  );
  useEffect(() => () => controller.destroy(), [controller]);
  useEffect(() => controller.hold('paused', options.paused), [controller, options.paused]);
  useEffect(() => controller.hold('preloading', options.preloading), [controller, options.preloading]);
  useEffect(() => controller.hold('menu', options.menuOpen), [controller, options.menuOpen]);

  const { root } = options;
  useEffect(() => {
    // The controls' own box (a <div>), not the video: keyboard focus moving inside it.
    const controlsBox = root.current;
    if (!controlsBox) return;
    const lifetime = new AbortController();
    // Only keyboard focus holds them: a mouse click also focuses a button, and would pin the bar.
    controlsBox.addEventListener('focusin', (event) => controller.hold('focus', (event.target as Element).matches(':focus-visible')), { signal: lifetime.signal });
    controlsBox.addEventListener('focusout', (event) => {
      if (!controlsBox.contains(event.relatedTarget as Node | null)) controller.hold('focus', false);
    }, { signal: lifetime.signal });
    return () => lifetime.abort();
  }, [controller, root]);

  return useMemo(() => ({ visible, activity: controller.activity, hide: controller.hide }), [controller, visible]);
}
