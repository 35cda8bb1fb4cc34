import {
  createHostMessage,
  parseHostCommand,
  type HostCommand,
  type HostMessage,
  type HostTimeProgress,
} from '../../contract/embed/host-protocol.ts';
import { findParentOrigin, type ParentOriginWindow } from '../../embed/parent-origin.ts';

/** Where the channel posts: the parent window. */
export interface HostParentWindow {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** A message event, as far as the channel reads one. */
export interface HostMessageEventLike {
  readonly origin: string;
  readonly source: unknown;
  readonly data: unknown;
}

/** The parts of `window` the channel uses; tests pass a fake. */
export interface HostChannelWindow extends ParentOriginWindow {
  readonly parent: HostParentWindow;
  addEventListener(type: 'message', listener: (event: HostMessageEventLike) => void, options: { signal: AbortSignal }): void;
}

export interface HostChannelOptions {
  /** Default: the global `window`. */
  win?: HostChannelWindow;
  /** Called with each valid command from the parent window. */
  onCommand: (command: HostCommand) => void;
}

export interface HostChannel {
  /** The parent page's exact origin, or undefined when not framed or not knowable. */
  readonly parentOrigin: string | undefined;
  /** Posts to the parent at its exact origin; false (nothing posted) when that is unknown or after destroy(). */
  post(message: HostMessage): boolean;
  /** Stops listening; idempotent. */
  destroy(): void;
}

/**
 * The player's side of the host protocol (SPEC.md section 7). Messages go to the parent's exact
 * origin and never to '*', which would hand the viewer's episode and position to any page that
 * framed the player; commands are accepted only from the parent window at that origin.
 */
export function createHostChannel({ win = window, onCommand }: HostChannelOptions): HostChannel {
  const parentOrigin = findParentOrigin(win);
  const lifetime = new AbortController();
  if (parentOrigin !== undefined) {
    win.addEventListener(
      'message',
      (event) => {
        if (event.origin !== parentOrigin || event.source !== win.parent) return;
        const command = parseHostCommand(event.data);
        if (command) onCommand(command);
        else console.debug('host channel: ignored a message from the parent', event.data);
      },
      { signal: lifetime.signal },
    );
  }
  return {
    parentOrigin,
    post(message) {
      if (parentOrigin === undefined || lifetime.signal.aborted) return false;
      try {
        win.parent.postMessage(message, parentOrigin);
        return true;
      } catch (error) {
        console.warn('host channel: postMessage failed', error);
        return false;
      }
    },
    destroy: () => lifetime.abort(),
  };
}

/**
 * Posts timeProgressChanged at most once per `intervalMs`; positions that are not finite (no
 * metadata yet, a live stream's duration) are skipped. `force` posts at once, for pause, seeked
 * and ended, so the host is not left a second behind.
 */
export function throttleProgress(
  post: (message: HostMessage) => unknown,
  intervalMs = 1000,
  now: () => number = Date.now,
): (progress: HostTimeProgress, force?: boolean) => void {
  let last = -Infinity;
  return ({ currentTime, duration }, force = false) => {
    if (!Number.isFinite(currentTime) || !Number.isFinite(duration) || currentTime < 0 || duration < 0) return;
    const at = now();
    if (!force && at - last < intervalMs) return;
    last = at;
    post(createHostMessage('timeProgressChanged', { currentTime, duration }));
  };
}
