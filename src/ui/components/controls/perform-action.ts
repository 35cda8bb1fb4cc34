import type { PlayerAction } from '../../interaction/keyboard-shortcuts.ts';
import { nextRate } from '../../interaction/keyboard-shortcuts.ts';
import type { ControlsHost } from './controls-host.ts';
import { timerSchedule, type Schedule } from '../../interaction/schedule.ts';
import { createSeekIntent } from '../../interaction/seek-intent.ts';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Turns a shortcut or gesture into requests. Seeks count from the last requested target while
 * the element is still seeking, so a held arrow key keeps moving instead of restarting from
 * where the element has not yet arrived.
 */
export function createActionPerformer(host: ControlsHost, schedule: Schedule = timerSchedule): (action: PlayerAction) => void {
  let lastTarget: number | undefined;
  const intent = createSeekIntent({ schedule, prefetch: host.prefetch });
  const seekTo = (time: number, held = false) => {
    const { duration } = host.store.getState();
    if (!Number.isFinite(duration)) return; // SPEC.md section 5: not seekable, ignored
    lastTarget = clamp(time, 0, duration);
    // A key held or repeated before the element arrived: the engine hears where it is heading.
    if (held) intent.keyHeld(lastTarget);
    host.seek(lastTarget);
  };
  return (action) => {
    const state = host.store.getState();
    // While the element is still seeking, the next step counts from the target last asked for.
    const heldFrom = state.seeking ? lastTarget : undefined;
    switch (action.type) {
      case 'toggle-play':
        return state.paused || state.ended ? host.play() : host.pause();
      case 'seek-by':
        return seekTo((heldFrom ?? state.currentTime) + action.seconds, heldFrom !== undefined);
      case 'seek-to-fraction':
        return seekTo(state.duration * action.fraction);
      case 'seek-to-start':
        return seekTo(0);
      case 'seek-to-end':
        return seekTo(state.duration);
      case 'volume-by': {
        // Rounded so repeated 0.05 steps land on whole percentages; the core clamps to 0..1.
        const volume = Math.round((state.volume + action.delta) * 100) / 100;
        host.setVolume(volume);
        if (state.muted && volume > 0) host.setMuted(false);
        return;
      }
      case 'toggle-mute':
        // Unmuting at volume 0 restores 0.25: the core's rule (SPEC.md section 5).
        return host.setMuted(!state.muted && state.volume > 0);
      case 'toggle-fullscreen':
        return void host.fullscreen.toggle().catch((error: unknown) => console.warn(error));
      case 'toggle-pip':
        return void host.pictureInPicture.toggle().catch((error: unknown) => console.warn(error));
      case 'toggle-subtitles':
        return host.textTracks.toggle();
      case 'rate-step':
        return host.setRate(nextRate(state.rate, action.direction));
      case 'next-episode':
        if (host.nextEpisode) host.playNextEpisode();
        return;
    }
  };
}
