/**
 * What analytics reads of the app, and no more (ARCHITECTURE.md rule 4): the player's events,
 * the view on screen and the ad history. The app's own view and store fit these shapes, so
 * analytics never imports the app that starts it.
 */
import type { AdState } from '../ads/ad-state.ts';
import type { Content, Episode, EpisodeVariant } from '../contract/schemas/schema.ts';
import type { PlayerEvents } from '../core/events.ts';
import type { PlayerState } from '../core/player-state.ts';
import type { Store } from '../core/store.ts';
import type { PlayerError } from '../contract/errors/player-error.ts';

type Readable<S extends object> = Pick<Store<S>, 'getState' | 'subscribe'>;

/** The content on screen: the payload describes it, and its core gives mute, speed and the network class. */
export interface WatchedContent {
  status: 'ready';
  content: Content;
  current: { episode: Episode; variant: EpisodeVariant | undefined };
  core: { store: Readable<PlayerState> };
}

/** Still loading, the content on screen, or the failure shown instead of it. */
export type WatchedView = { status: 'loading' } | WatchedContent | { status: 'error'; error: PlayerError };

export interface AnalyticsApp {
  events: Pick<PlayerEvents, 'on' | 'onEvery'>;
  store: Readable<{ view: WatchedView }>;
  ads: { store: Readable<Pick<AdState, 'history'>> };
  /** The data saver (src/app/data-saver): a view that opens with it on says so. */
  dataSaver?: { store: Readable<{ dataSaver: boolean; reason: 'viewer' | 'save-data' | 'network' | 'host' }> };
}
