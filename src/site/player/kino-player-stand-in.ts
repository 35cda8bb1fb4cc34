/**
 * A stand-in with the host SDK's API (src/embed: new KinoPlayer(container, options), ready(),
 * on/off('episodechange'), setEpisode(), destroy()) for as long as the SDK's ES module is not in
 * the repository: it frames /embed the way the SDK does and hears the player's episodeChanged
 * message. Switching episodes reloads the frame at that episode.
 */
export interface StandInOptions {
  movieId: number;
  episodeId?: number | undefined;
  autoPlay?: boolean;
  enabledShare?: boolean;
  playerOrigin?: string;
}
export interface StandInEpisodeChange {
  episodeId: number;
  season: number;
  episode: number;
  title: string;
  variant: null;
  cause: 'user' | 'autoNext' | 'api';
}
type Listener = (event: StandInEpisodeChange) => void;
/** The part of the SDK's ready state the site reads: the episode the player opened, when it knows it. */
export interface StandInState {
  episode: { id: number; season: number; episode: number; title: string } | null;
}

interface EpisodeMessage {
  source?: string;
  version?: number;
  type?: string;
  payload?: { episode?: { id: number; order: number; title: string; season: { order: number } } };
}

export class KinoPlayer {
  readonly element: HTMLIFrameElement;
  readonly origin: string;
  #options: StandInOptions;
  #listeners = new Set<Listener>();
  #lifetime = new AbortController();
  #ready: Promise<StandInState>;

  constructor(container: Element, options: StandInOptions) {
    this.#options = options;
    this.origin = new URL(options.playerOrigin ?? location.origin).origin;
    this.element = document.createElement('iframe');
    this.element.title = 'Видеоплеер';
    this.element.allow = 'autoplay; fullscreen; picture-in-picture; encrypted-media; web-share; clipboard-write';
    this.element.allowFullscreen = true;
    this.element.src = this.#address(options.episodeId, false);
    const { signal } = this.#lifetime;
    // The SDK resolves with the player's state; the stand-in knows nothing until the frame's first message.
    this.#ready = new Promise((resolve) => this.element.addEventListener('load', () => resolve({ episode: null }), { once: true, signal }));
    window.addEventListener('message', (event: MessageEvent<EpisodeMessage>) => {
      const episode = event.data?.payload?.episode;
      if (event.source !== this.element.contentWindow || event.origin !== this.origin || event.data?.source !== 'kino-player') return;
      if (event.data.type !== 'episodeChanged' || !episode) return;
      for (const listener of this.#listeners) {
        listener({ episodeId: episode.id, season: episode.season.order, episode: episode.order, title: episode.title, variant: null, cause: 'user' });
      }
    }, { signal });
    container.append(this.element);
  }

  #address(episodeId: number | undefined, autoPlay: boolean): string {
    const url = new URL('/embed', this.origin);
    url.searchParams.set('movie_id', String(this.#options.movieId));
    if (episodeId !== undefined) url.searchParams.set('episode_id', String(episodeId));
    if (autoPlay || this.#options.autoPlay) url.searchParams.set('auto_play', '');
    if (this.#options.enabledShare) url.searchParams.set('enabled_share', '');
    return url.href;
  }

  ready(): Promise<StandInState> {
    return this.#ready;
  }

  on(_name: 'episodechange', listener: Listener): this {
    this.#listeners.add(listener);
    return this;
  }

  off(_name: 'episodechange', listener: Listener): this {
    this.#listeners.delete(listener);
    return this;
  }

  async setEpisode(target: { episodeId: number }): Promise<void> {
    this.element.src = this.#address(target.episodeId, true);
  }

  destroy(): void {
    this.#lifetime.abort();
    this.#listeners.clear();
    this.element.remove();
  }
}
