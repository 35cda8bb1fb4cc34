import type { Store } from '../../core/store.ts';
import { HOST_COMMAND_NAMES, type HostEventMap, type HostEventName } from '../../contract/embed/host-api.ts';
import { createHostMessage, HOST_PROTOCOL_VERSION, TIMEUPDATE_INTERVAL, type HostCommand, type HostMessage } from '../../contract/embed/host-protocol.ts';
import { snapshotChanges, type PlayerSnapshot } from '../../contract/embed/player-snapshot.ts';
import type { PlayerApp } from '../player-app.ts';
import type { HostBridge, HostFeatures } from './host-bridge.ts';
import { HostCommandError, runHostCommand, type HostCommandContext } from './host-commands.ts';
import { emitStateChanges, feedPlayerEvents, type EmitHostEvent } from './host-event-feed.ts';
import { takeSnapshot } from './host-snapshot.ts';

export interface HostSessionOptions {
  app: Pick<PlayerApp, 'store' | 'events' | 'ads' | 'selectEpisode' | 'selectVariant' | 'selectQuality' | 'selectAudioTrack' | 'destroy' | 'requestFilters' | 'dataSaver'>;
  bridge: Pick<HostBridge, 'currentFeatures' | 'onFeatures'>;
  post(message: HostMessage): unknown;
  signal: AbortSignal;
}

export interface HostSession {
  /** A `hello` or `command` from the host page (the channel has checked where it came from). */
  receive(command: HostCommand): void;
}

/**
 * The frame's half of the host SDK's protocol (src/embed): announces itself with `ready` and the
 * state once the content has loaded or failed (and again to each `hello`), runs commands and
 * answers each under its request id, and sends the SDK's events, each with the state fields
 * changed since the last message, so the SDK's mirror is current whenever anything arrives.
 */
export function startHostSession({ app, bridge, post, signal }: HostSessionOptions): HostSession {
  let features: HostFeatures | undefined;
  let timeupdateInterval: number = TIMEUPDATE_INTERVAL.default;
  const snapshot = () => takeSnapshot({ view: app.store.getState().view, ads: app.ads.store.getState(), features, dataSaver: app.dataSaver.store.getState().dataSaver });
  /** What the host page knows: the last state sent, whole or as changes. */
  let sent: PlayerSnapshot | undefined;
  /** The state the last check saw, for the events that are changes of state. */
  let seen = snapshot();

  const changes = () => {
    const now = snapshot();
    const state = sent ? snapshotChanges(sent, now) : {};
    sent = now;
    return state;
  };
  const emit = <K extends HostEventName>(name: K, data: HostEventMap[K]) => {
    // Nothing before `ready`: the host page learns the state from it first.
    if (!sent || signal.aborted) return;
    post(createHostMessage('event', { name, data: data as Record<string, unknown>, state: changes() }));
  };
  /** `autoplayblocked` went out: a start refused before `ready` is told once, after it. */
  let toldBlocked = false;
  const announce = () => {
    const state = snapshot();
    if (state.status === 'loading' || signal.aborted) return;
    sent = state;
    post(createHostMessage('ready', { protocol: HOST_PROTOCOL_VERSION, capabilities: [...HOST_COMMAND_NAMES], state }));
    // The session starts after the first frame: a refused autoplay (now playing muted) came before it.
    const { view } = app.store.getState();
    if (!toldBlocked && view.status === 'ready' && view.core.store.getState().mutedForAutoplay) emitPlayerEvent('autoplayblocked', {});
  };
  const emitPlayerEvent: EmitHostEvent = (name, data) => {
    if (name === 'autoplayblocked') {
      if (toldBlocked || !sent) return;
      toldBlocked = true;
    }
    emit(name, data);
  };

  let checking = false;
  const check = () => {
    if (checking) return;
    checking = true;
    // One look per task, however many stores changed in it.
    queueMicrotask(() => {
      checking = false;
      if (signal.aborted) return;
      const before = seen;
      const after = snapshot();
      seen = after;
      // A load that ends (the first, or after 'Перезагрузить страницу') is announced afresh.
      if (before.status === 'loading' && after.status !== 'loading') return announce();
      const view = app.store.getState().view;
      emitStateChanges(before, after, view.status === 'ready' ? view.current.cause : undefined, emit);
    });
  };

  const stops: Array<() => void> = [];
  let coreStop: (() => void) | undefined;
  let featureStops: Array<() => void> = [];
  let core: Store<object> | undefined;
  const followCore = () => {
    const { view } = app.store.getState();
    const next = view.status === 'ready' ? view.core.store : undefined;
    if (next === core) return;
    coreStop?.();
    core = next;
    coreStop = next?.subscribe(check);
  };
  stops.push(app.store.subscribe(() => {
    followCore();
    check();
  }));
  stops.push(app.ads.store.subscribe(check));
  // Each change of the data saver, with who made it, comes as datasaverchange; the state rides along.
  app.events.on('data-saver', ({ on, reason }) => emit('datasaverchange', { on, reason }), { signal });
  const followFeatures = (next: HostFeatures | undefined) => {
    featureStops.forEach((stop) => stop());
    features = next;
    featureStops = next ? [next.fullscreen.store.subscribe(check), next.textTracks.store.subscribe(check)] : [];
    check();
  };
  stops.push(bridge.onFeatures(followFeatures));
  const made = bridge.currentFeatures();
  if (made) followFeatures(made);
  followCore();
  feedPlayerEvents(app.events, emitPlayerEvent, () => timeupdateInterval, signal);
  signal.addEventListener('abort', () => [...stops, ...featureStops, coreStop].forEach((stop) => stop?.()), { once: true });

  const context: HostCommandContext = { app, bridge, snapshot, signal };
  const run = async (id: number, name: string, args: readonly unknown[]) => {
    try {
      const value = await runHostCommand(name, args, context);
      if (!signal.aborted) post(createHostMessage('result', { id, ok: true, value: value ?? null, state: changes() }));
    } catch (error) {
      if (signal.aborted) return;
      const refused = error instanceof HostCommandError ? error : new HostCommandError('NotReadyError', error instanceof Error ? error.message : String(error));
      post(createHostMessage('result', { id, ok: false, error: { name: refused.hostName, message: refused.message }, state: changes() }));
    }
  };

  announce();
  return {
    receive(command) {
      if (command.type === 'hello') {
        timeupdateInterval = command.payload.timeupdateInterval;
        announce();
      } else if (command.type === 'command') {
        void run(command.payload.id, command.payload.name, command.payload.args);
      }
    },
  };
}
