import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ru } from '../../i18n/ru.ts';
import type { RemoteFeature } from './controls-host.ts';

/** How long 'Отключено' stays after a remote session ends. */
export const DISCONNECTED_SHOWN_MS = 3000;

type RemoteState = 'disconnected' | 'connecting' | 'connected';

const TEXT: Record<RemoteState, string> = {
  connecting: ru.remoteConnecting,
  connected: ru.remoteConnected,
  disconnected: ru.remoteDisconnected,
};

function useRemoteState(feature: RemoteFeature): RemoteState {
  return useSyncExternalStore(feature.store.subscribe, () => feature.store.getState().state);
}

/**
 * The remote playback state (SPEC.md section 4: connecting, connected, disconnected) of AirPlay
 * or Cast, over the video: the picture is on another screen, so this one says so.
 */
export function RemoteStatus({ airPlay, cast }: { airPlay: RemoteFeature; cast: RemoteFeature }) {
  const airPlayState = useRemoteState(airPlay);
  const castState = useRemoteState(cast);
  const state: RemoteState = airPlayState !== 'disconnected' ? airPlayState : castState;
  const [justEnded, setJustEnded] = useState(false);
  const previous = useRef(state);
  useEffect(() => {
    const was = previous.current;
    previous.current = state;
    if (state !== 'disconnected' || was === 'disconnected') return setJustEnded(false);
    setJustEnded(true);
    const timer = setTimeout(() => setJustEnded(false), DISCONNECTED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [state]);
  if (state === 'disconnected' && !justEnded) return null;
  return (
    <div className="controls__remote" role="status">
      {TEXT[state]}
    </div>
  );
}
