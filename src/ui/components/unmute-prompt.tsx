import type { SyntheticEvent } from 'react';
import type { PlayerCore } from '../../core/player-core.ts';
import { usePlayerState } from '../hooks/use-player-state.ts';
import { ru } from '../i18n/ru.ts';
import { Icon } from './controls/icons.tsx';
import '../styles/unmute-prompt.css';

/** A press here is not the player's tap (which shows or hides the controls) nor its double tap. */
const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * 'Включить звук': shown while the film plays muted only because the browser refused to start it
 * with sound (state.mutedForAutoplay). It stays when the controls hide: one tap turns the sound on.
 */
export function UnmutePrompt({ core }: { core: Pick<PlayerCore, 'store' | 'setMuted'> }) {
  const shown = usePlayerState(core.store, (state) => state.mutedForAutoplay);
  if (!shown) return null;
  return (
    <button type="button" className="unmute-prompt" onClick={(event) => { stop(event); core.setMuted(false); }} onDoubleClick={stop} onPointerDown={stop}>
      <Icon name="muted" />
      <span className="unmute-prompt__text">{ru.unmute}</span>
    </button>
  );
}
