import type { HostCommand } from '../../embed/host-protocol.ts';

type FullscreenMessage = 'enterFullScreen' | 'exitFullScreen';

/**
 * Lets the controls talk to the host page before the host channel (loaded with the page
 * services, after the first frame) exists: messages wait for it, commands reach whoever listens.
 */
export interface HostBridge {
  post(type: FullscreenMessage): void;
  onCommand(listener: (command: HostCommand) => void): () => void;
  /** Called by the page services once the channel is up. */
  connect(send: (type: FullscreenMessage) => void): void;
  dispatch(command: HostCommand): void;
}

export function createHostBridge(): HostBridge {
  let send: ((type: FullscreenMessage) => void) | undefined;
  const waiting: FullscreenMessage[] = [];
  const listeners = new Set<(command: HostCommand) => void>();
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
  };
}
