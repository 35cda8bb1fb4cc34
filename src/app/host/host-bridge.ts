import type { HostCommand } from '../../contract/embed/host-protocol.ts';
import type { FullscreenFeature } from '../../ui/components/controls/controls-host.ts';
import type { TextTracksController } from '../../core/features/text-tracks.ts';

type FullscreenMessage = 'enterFullScreen' | 'exitFullScreen';

/** The browser features the host's commands reach: they exist once the controls are drawn. */
export interface HostFeatures {
  fullscreen: FullscreenFeature & { enter(): Promise<void>; exit(): Promise<void> };
  textTracks: Pick<TextTracksController, 'store' | 'select'>;
}

/**
 * Lets the controls talk to the host page before the host channel (loaded with the page
 * services, after the first frame) exists: messages wait for it, commands reach whoever listens,
 * and the host's commands find the player's features once the controls have made them.
 */
export interface HostBridge {
  post(type: FullscreenMessage): void;
  onCommand(listener: (command: HostCommand) => void): () => void;
  /** Called by the page services once the channel is up. */
  connect(send: (type: FullscreenMessage) => void): void;
  dispatch(command: HostCommand): void;
  /** The controls' features, made for a new core (each reload makes new ones). */
  provideFeatures(features: HostFeatures): void;
  /** These features are gone; nothing changes if newer ones were provided since. */
  withdrawFeatures(features: HostFeatures): void;
  /** The features now, if the controls have made them. */
  currentFeatures(): HostFeatures | undefined;
  /** Called with the features each time they are provided or withdrawn. */
  onFeatures(listener: (features: HostFeatures | undefined) => void): () => void;
}

export function createHostBridge(): HostBridge {
  let send: ((type: FullscreenMessage) => void) | undefined;
  const waiting: FullscreenMessage[] = [];
  const listeners = new Set<(command: HostCommand) => void>();
  let current: HostFeatures | undefined;
  const featureListeners = new Set<(features: HostFeatures | undefined) => void>();
  return {
    post(type) {
      if (send) send(type);
      else waiting.push(type);
    },
    onCommand(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect(next) {
      send = next;
      for (const type of waiting.splice(0)) next(type);
    },
    dispatch(command) {
      for (const listener of [...listeners]) listener(command);
    },
    provideFeatures(features) {
      current = features;
      for (const listener of [...featureListeners]) listener(features);
    },
    withdrawFeatures(features) {
      // React makes the new set before it destroys the old one: the old one's end must not undo the new.
      if (current !== features) return;
      current = undefined;
      for (const listener of [...featureListeners]) listener(undefined);
    },
    currentFeatures: () => current,
    onFeatures(listener) {
      featureListeners.add(listener);
      return () => featureListeners.delete(listener);
    },
  };
}
