import type { PlayerEvents } from '../../core/events.ts';
import type { Store } from '../../core/store.ts';
import { createHostMessage } from '../../contract/embed/host-protocol.ts';
import type { HostChannel } from './host-channel.ts';
import { throttleProgress } from './host-channel.ts';
import type { AppView } from '../app-view.ts';

export interface HostReportingOptions {
  store: Store<{ view: AppView }>;
  /** The player's events (the app's, across reloads): the content's time, pause, seek and end. */
  events: Pick<PlayerEvents, 'on'>;
  channel: Pick<HostChannel, 'post'>;
  signal: AbortSignal;
}

/**
 * Tells the host page what the viewer watches (SPEC.md sections 4 and 7): episodeChanged for
 * the first episode and each change, episodeVariantChanged for each voice-over, and
 * timeProgressChanged about once a second while playing, at once on pause, seek and end.
 * The placeholder of unavailable content is not the content: nothing is posted for it.
 */
export function reportToHost({ store, events, channel, signal }: HostReportingOptions): void {
  let episodeId: number | undefined;
  let variantId: number | undefined;
  const playing = () => {
    const { view } = store.getState();
    return view.status === 'ready' && view.available ? view : undefined;
  };
  const onChange = () => {
    const view = playing();
    if (!view) return;
    const { episode, variant } = view.current;
    if (episode.id !== episodeId) {
      episodeId = episode.id;
      channel.post(createHostMessage('episodeChanged', { episode }));
    }
    if (variant && variant.id !== variantId) {
      variantId = variant.id;
      channel.post(createHostMessage('episodeVariantChanged', { episodeVariant: variant }));
    }
  };
  const unsubscribe = store.subscribe(onChange);
  signal.addEventListener('abort', unsubscribe, { once: true });
  onChange();

  const progress = throttleProgress((message) => channel.post(message));
  const report = (force: boolean) => (at: { currentTime: number; duration: number }) => {
    if (playing()) progress({ currentTime: at.currentTime, duration: at.duration }, force);
  };
  events.on('content-time', report(false), { signal });
  for (const name of ['pause', 'seeked', 'ended'] as const) events.on(name, report(true), { signal });
}
