import type { Episode, EpisodeVariant } from '../contract/schemas/schema.ts';
import type { WidgetConfig } from '../config/widget-config.ts';
import type { PlayerCore } from '../core/player-core.ts';
import type { Store } from '../core/store.ts';
import type { ErrorView } from './app-errors.ts';
import type { EpisodeSource } from './episode/episode-source.ts';
import type { LoadedContent } from './episode/load-content.ts';

/** The episode on screen: which one, which voice-over, and its resolved source once known. */
export interface EpisodeView {
  episode: Episode;
  variant: EpisodeVariant | undefined;
  source: EpisodeSource | undefined;
  /** Who opened this episode: undefined for the first one (the host page is told with episodechange). */
  cause?: EpisodeChangeCause;
}

/** Who changed the episode: the viewer in the player, the next-episode countdown, or the host page. */
export type EpisodeChangeCause = 'user' | 'autoNext' | 'api';

/**
 * The next-episode card at the end of an episode (SPEC.md sections 2 and 4). While `secondsLeft`
 * counts down, the ended episode stays on screen; at 0 the next one opens. Undefined
 * `secondsLeft`: it has opened and waits to play (the browser refused to start it by itself).
 */
export interface NextCardView {
  episode: Episode;
  secondsLeft: number | undefined;
  /** Shown at the credits while the episode plays on: 'Смотреть титры' keeps watching. */
  credits?: boolean;
}

/** The content with its episode on screen, and the two prompts drawn over it. */
export interface ReadyView extends LoadedContent {
  status: 'ready';
  core: PlayerCore;
  current: EpisodeView;
  /** The resume window's saved time (SPEC.md section 4); undefined when it is not shown. */
  resumeAt: number | undefined;
  /** The next-episode card shown at the end of an episode; undefined when not shown. */
  nextCard: NextCardView | undefined;
}

/** What the iframe shows: still loading, the content with its episode and player core, or why not. */
export type AppView = { status: 'loading' } | ReadyView | ErrorView;

export type AppStore = Store<{ view: AppView }>;

export type AppConfig = Pick<
  WidgetConfig,
  | 'engine'
  | 'dashLibraryUrl'
  | 'episodeId'
  | 'season'
  | 'episode'
  | 'episodeVariantId'
  | 'timeCode'
  | 'episodeTime'
  | 'checkAvailability'
  | 'voiceAuthor'
  | 'autoPlay'
  | 'nextEpisodeCountdown'
  | 'langOrder'
  | 'adListUrl'
  | 'adBreakTimeoutMs'
  | 'adMarking'
  | 'requestFilters'
  | 'dataSaver'
> & { movieId: number };

/** The ready view, or undefined while loading or after an error. */
export function readyView(store: AppStore): ReadyView | undefined {
  const { view } = store.getState();
  return view.status === 'ready' ? view : undefined;
}

/**
 * Changes the ready view; nothing happens while loading or after an error, or when every value
 * is already the view's: a new view object re-renders the whole screen, and 'playing' (after
 * every seek) clears prompts that are usually long gone.
 */
export function patchReadyView(store: AppStore, change: Partial<ReadyView>): void {
  const view = readyView(store);
  if (view && Object.entries(change).some(([key, value]) => !Object.is(view[key as keyof ReadyView], value))) store.update({ view: { ...view, ...change } });
}
