import { useEffect, useRef } from 'react';
import type { PlayerState } from '../../../core/player-state.ts';
import type { Store } from '../../../core/store.ts';
import { createAnnouncer, describeRate, describeVolume } from '../../interaction/announcer.ts';
import { timerSchedule } from '../../interaction/schedule.ts';

/**
 * A polite live region saying volume and speed changes, however they were made (a key, a
 * slider, a menu); cleared 150 ms later (SPEC.md section 9), so the same words can be said again.
 */
export function StateAnnouncer({ store }: { store: Store<PlayerState> }) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const announcer = createAnnouncer({
      schedule: timerSchedule,
      write: (text) => {
        if (region.current) region.current.textContent = text;
      },
    });
    let { volume, muted, rate } = store.getState();
    const unsubscribe = store.subscribe(() => {
      const state = store.getState();
      if (state.volume !== volume || state.muted !== muted) announcer.announce(describeVolume(state.volume, state.muted));
      else if (state.rate !== rate) announcer.announce(describeRate(state.rate));
      ({ volume, muted, rate } = state);
    });
    return () => {
      unsubscribe();
      announcer.destroy();
    };
  }, [store]);
  return <div ref={region} className="visually-hidden" role="status" aria-live="polite" />;
}
