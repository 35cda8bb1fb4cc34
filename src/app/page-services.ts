import { ensureDeviceFingerprint } from '../telemetry/device-fingerprint.ts';
import { createHostChannel } from './host/host-channel.ts';
import type { HostBridge } from './host/host-bridge.ts';
import { reportToHost } from './host/host-reporting.ts';
import { startHostSession, type HostSession } from './host/host-session.ts';
import { createHostMessage } from '../contract/embed/host-protocol.ts';
import type { PlayerApp } from './player-app.ts';
import { whenPageIdle } from '../core/yield-to-main.ts';

/**
 * What the player does for the page around it rather than for the picture: the messages to the
 * host page (SPEC.md section 7), the host SDK's commands and events (src/embed), and the
 * device_fp session cookie (SPEC.md section 3). Loaded as
 * their own chunk once the first frame is up, so none of it is on the way there; the cookie's
 * fingerprint (its own chunk and a burst of work) waits for `bufferSafe` too, then an idle moment.
 */
export function startPageServices(app: PlayerApp, bridge: HostBridge, bufferSafe: Promise<void>): void {
  const signal = new AbortController().signal;
  let session: HostSession | undefined;
  const channel = createHostChannel({
    // The spec's exitFullScreen goes to the controls; the SDK's handshake and commands to the session.
    onCommand: (command) => (command.type === 'exitFullScreen' ? bridge.dispatch(command) : session?.receive(command)),
  });
  bridge.connect((type) => channel.post(createHostMessage(type, {})));
  reportToHost({ store: app.store, events: app.events, channel, signal });
  if (channel.parentOrigin !== undefined) session = startHostSession({ app, bridge, post: channel.post, signal });
  void ensureDeviceFingerprint({ schedule: () => bufferSafe.then(idle) });
}

/** The next idle moment of the main thread, or 2 s at the latest. */
function idle(): Promise<void> {
  return new Promise((resolve) => whenPageIdle(resolve, 2000));
}
