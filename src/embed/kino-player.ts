import type { EpisodeTarget, HostCommandMap, HostCommandName, HostEpisodeRef, HostEventMap, HostEventName, HostVariantRef, RequestFilter } from '../contract/embed/host-api.ts';
import { createHostCommand, HOST_PROTOCOL_VERSION, parseHostMessage, TIMEUPDATE_INTERVAL, type HostCommandOf, type HostMessage } from '../contract/embed/host-protocol.ts';
import { createPlayerFrame, originOf, playerFrameUrl, type PlayerFrameOptions } from './player-frame.ts';
import { deferFrame } from './deferred-frame.ts';
import type { LoadingMode } from './loading-mode.ts';
import { applySnapshotChanges, EMPTY_SNAPSHOT, type PlayerSnapshot } from '../contract/embed/player-snapshot.ts';
import { hostError, NotAllowedError, NotReadyError, UnsupportedError } from './sdk-errors.ts';
import { stretchedFullscreen, type StretchedFullscreen } from './stretched-fullscreen.ts';

/** When the player's frame is made (loading-mode.ts); the name the element and the React component export. */
export type KinoPlayerLoading = LoadingMode;

export interface KinoPlayerOptions extends PlayerFrameOptions {
  /** How often timeupdate fires while the time moves, in ms (100–5000). Default 250. */
  timeupdateInterval?: number;
  /**
   * When the frame is created: 'eager' (default) at once; 'lazy' when the element comes near the
   * viewport (at once where there is no IntersectionObserver); 'facade' when the viewer presses
   * play on the poster, title and play button drawn in the element meanwhile (the frame then
   * plays at once, with sound where the browser allows). Until then commands wait, `state` is the
   * defaults, and play() creates the frame.
   */
  loading?: LoadingMode;
  /**
   * The poster the facade shows. With `title` too the facade asks nothing of the catalogue;
   * otherwise it reads what is missing from GET /catalog-api/contents/:id.
   */
  poster?: string;
}

/** Commands without a result resolve with undefined (the frame answers null). */
const ignore = (): void => undefined;

type Listener<K extends HostEventName> = (data: HostEventMap[K]) => void;
type Command<K extends HostCommandName> = HostCommandMap[K];
interface ReadySettler {
  resolve(state: PlayerSnapshot): void;
  reject(error: Error): void;
  settled: boolean;
}
interface Waiting {
  name: HostCommandName;
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * A host page's handle on one player frame. Commands are Promises that resolve with the result
 * or reject with a typed error (sdk-errors.ts); commands made before the frame is ready wait and
 * run once it is. `state` mirrors the player's last known state, so reading it is synchronous.
 * Messages are taken only from the frame's own window at the player's exact origin, and sent
 * only to that origin.
 */
export class KinoPlayer {
  /** The player's iframe. */
  readonly element: HTMLIFrameElement;
  /** The player's exact origin: the only one messages go to and come from. */
  readonly origin: string;
  #state: PlayerSnapshot = EMPTY_SNAPSHOT;
  #readyPromise!: Promise<PlayerSnapshot>;
  #settleReady!: ReadySettler;
  /** The frame said ready and can take commands now. */
  #connected = false;
  /** Why no command can ever run (another protocol, a refused site, destroy()). */
  #failure: Error | undefined;
  #waiting: Waiting[] = [];
  #pending = new Map<number, Waiting>();
  #nextId = 1;
  #listeners = new Map<HostEventName, Set<Listener<never>>>();
  #lifetime = new AbortController();
  #createdFrame: boolean;
  #stretch: StretchedFullscreen;
  #timeupdateInterval: number;
  /** Puts the frame in the page, while it waits for its loading mode (lazy, facade). */
  #mountFrame: ((activated: boolean) => void) | undefined;
  #stopWaiting: () => void = () => undefined;

  /**
   * @param target An element to put the player in (or its id), or an existing player iframe to
   *   drive (then its address says the origin, and `options` only the SDK's own settings).
   * @throws TypeError when the target is missing or an option is malformed.
   */
  constructor(target: HTMLIFrameElement, options?: Pick<KinoPlayerOptions, 'timeupdateInterval'>);
  constructor(target: Element | string, options: KinoPlayerOptions);
  constructor(target: Element | string, options: Partial<KinoPlayerOptions> = {}) {
    const element = typeof target === 'string' ? document.getElementById(target) : target;
    if (!element) throw new TypeError(`KinoPlayer: no element ${String(target)}`);
    this.#timeupdateInterval = options.timeupdateInterval ?? TIMEUPDATE_INTERVAL.default;
    this.#resetReady();
    if (element instanceof HTMLIFrameElement) {
      const origin = originOf(element.src, location.href);
      if (!origin) throw new TypeError('KinoPlayer: the iframe has no http(s) address');
      this.element = element;
      this.origin = origin;
      this.#createdFrame = false;
    } else {
      const origin = originOf(options.playerOrigin ?? location.origin);
      if (!origin) throw new TypeError(`KinoPlayer: playerOrigin must be an http(s) origin, got ${String(options.playerOrigin)}`);
      this.origin = origin;
      if (options.movieId === undefined) throw new TypeError('KinoPlayer: movieId is required');
      const frameOptions = { ...options, movieId: options.movieId };
      this.element = createPlayerFrame(element.ownerDocument, frameOptions, origin);
      this.#createdFrame = true;
      const loading = options.loading ?? 'eager';
      if (loading === 'eager') element.append(this.element);
      else this.#defer(loading, element, frameOptions, options.poster);
    }
    this.#stretch = stretchedFullscreen(this.element);
    const { signal } = this.#lifetime;
    window.addEventListener('message', (event) => this.#receive(event), { signal });
    // A frame still loading is greeted on its load; an adopted one may have loaded already, so now too.
    this.element.addEventListener('load', () => this.#hello(), { signal });
    this.element.ownerDocument.addEventListener('fullscreenchange', () => this.#hostFullscreenChanged(), { signal });
    if (!this.#createdFrame) this.#hello();
  }

  /** The player's last known state; replaced (never changed in place) as news arrives. */
  get state(): PlayerSnapshot {
    return this.#state;
  }

  /**
   * Resolves with the state once the frame is ready for commands. Rejects with NotAllowedError
   * (this site may not embed the player), UnsupportedError (the frame speaks another protocol)
   * or NotReadyError (the player shows an error card, or was destroyed).
   */
  ready(): Promise<PlayerSnapshot> {
    return this.#readyPromise;
  }

  /** Calls `listener` with each `name` event's data (see Events). */
  on<K extends HostEventName>(name: K, listener: Listener<K>): this {
    const set = this.#listeners.get(name) ?? new Set();
    this.#listeners.set(name, set);
    set.add(listener as Listener<never>);
    return this;
  }

  /** Stops `listener`, or every listener of `name` when none is given. */
  off<K extends HostEventName>(name: K, listener?: Listener<K>): this {
    if (listener) this.#listeners.get(name)?.delete(listener as Listener<never>);
    else this.#listeners.delete(name);
    return this;
  }

  play(): Promise<void> {
    // A host's play() is intent: a player still waiting for its loading mode (lazy, facade) creates its frame now.
    this.#mountFrame?.(false);
    return this.#call('play').then(ignore);
  }
  pause(): Promise<void> {
    return this.#call('pause').then(ignore);
  }
  seek(seconds: number): Promise<number> {
    return this.#call('seek', seconds);
  }
  setVolume(volume: number): Promise<number> {
    return this.#call('setVolume', volume);
  }
  setMuted(muted: boolean): Promise<boolean> {
    return this.#call('setMuted', muted);
  }
  setRate(rate: number): Promise<number> {
    return this.#call('setRate', rate);
  }
  setQuality(quality: number | 'auto'): Promise<number | 'auto'> {
    return this.#call('setQuality', quality);
  }
  setAudioTrack(index: number): Promise<number> {
    return this.#call('setAudioTrack', index);
  }
  setSubtitle(id: string | null): Promise<string | null> {
    return this.#call('setSubtitle', id);
  }
  setEpisode(target: EpisodeTarget): Promise<HostEpisodeRef> {
    return this.#call('setEpisode', target);
  }
  setVariant(variantId: number): Promise<HostVariantRef> {
    return this.#call('setVariant', variantId);
  }
  getState(): Promise<PlayerSnapshot> {
    return this.#call('getState');
  }
  /**
   * Replaces the request filters (a rotated token) from the next media request on; [] removes
   * them. The first ones go in the constructor's `requestFilters`, so the first request is signed.
   * Rejects with RangeError naming each invalid filter (the valid ones still apply).
   */
  setRequestFilters(filters: readonly RequestFilter[]): Promise<number> {
    return this.#call('setRequestFilters', filters);
  }
  /** The data saver on or off; the host's word wins over the viewer's and the browser's (datasaverchange tells). */
  setDataSaver(on: boolean): Promise<boolean> {
    return this.#call('setDataSaver', on);
  }

  /**
   * Fullscreen: the player's own (stretched on iPhone, SPEC.md section 4), or, where the frame
   * may not ask without the viewer's gesture inside it, the frame element made fullscreen by this
   * page — call it from the host's own click handler.
   */
  async enterFullscreen(): Promise<void> {
    try {
      await this.#call('enterFullscreen');
      return;
    } catch (error) {
      if (!(error instanceof NotAllowedError) || !this.element.requestFullscreen) throw error;
      await this.element.requestFullscreen().catch((cause: unknown) => {
        throw new NotAllowedError(`fullscreen was refused: ${cause instanceof Error ? cause.message : String(cause)}`);
      });
    }
  }

  async exitFullscreen(): Promise<void> {
    const doc = this.element.ownerDocument;
    if (doc.fullscreenElement === this.element) await doc.exitFullscreen();
    else await this.#call('exitFullscreen').then(ignore);
  }

  /**
   * Stops the player and releases it; removes the frame if this player created it. Commands
   * waiting reject with NotReadyError. A player still waiting for its loading mode stops waiting
   * and takes its facade away: no frame is ever created. Idempotent.
   */
  destroy(): void {
    if (this.#lifetime.signal.aborted) return;
    this.#mountFrame = undefined;
    this.#stopWaiting();
    if (this.#connected) this.#post(createHostCommand('command', { id: this.#nextId++, name: 'destroy', args: [] }));
    this.#fail(new NotReadyError('the player was destroyed'));
    this.#stretch.exit();
    this.#lifetime.abort();
    this.#listeners.clear();
    if (this.#createdFrame) this.element.remove();
  }

  #defer(loading: 'lazy' | 'facade', container: Element, options: PlayerFrameOptions, poster: string | undefined): void {
    const playingUrl = playerFrameUrl({ ...options, autoPlay: true }, this.origin);
    this.#mountFrame = (activated) => {
      this.#mountFrame = undefined;
      // The viewer's click on the facade asked to play: the frame plays at once (its user
      // activation lets it play with sound), and the keyboard's focus goes on into the player.
      if (activated) this.element.src = playingUrl;
      container.append(this.element);
      this.#stopWaiting();
      if (activated) this.element.focus({ preventScroll: true });
    };
    const facade = { origin: this.origin, movieId: options.movieId, title: options.title, poster, embedUrl: playingUrl };
    this.#stopWaiting = deferFrame(loading, container, facade, (activated) => this.#mountFrame?.(activated));
  }

  #call<K extends HostCommandName>(name: K, ...args: Command<K>['args']): Promise<Command<K>['result']> {
    return new Promise((resolve, reject) => {
      if (this.#failure) return reject(this.#failure);
      const waiting: Waiting = { name, args, resolve: resolve as (value: unknown) => void, reject };
      if (this.#connected) this.#send(waiting);
      else this.#waiting.push(waiting);
    });
  }

  #send(waiting: Waiting): void {
    const id = this.#nextId++;
    this.#pending.set(id, waiting);
    this.#post(createHostCommand('command', { id, name: waiting.name, args: waiting.args }));
  }

  #hello(): void {
    if (this.#lifetime.signal.aborted) return;
    this.#post(createHostCommand('hello', { protocol: HOST_PROTOCOL_VERSION, timeupdateInterval: this.#timeupdateInterval }));
  }

  #post(message: HostCommandOf<'hello' | 'command' | 'exitFullScreen'>): void {
    // While the frame still shows about:blank the browser drops the message (another origin): the load's hello follows.
    this.element.contentWindow?.postMessage(message, this.origin);
  }

  #receive(event: MessageEvent): void {
    if (event.source !== this.element.contentWindow || event.origin !== this.origin) return;
    const message = parseHostMessage(event.data);
    if (message) this.#handle(message);
  }

  #handle(message: HostMessage): void {
    switch (message.type) {
      case 'ready':
        return this.#onReady(message.payload);
      case 'result': {
        const { payload } = message;
        this.#merge(payload.state);
        const waiting = this.#pending.get(payload.id);
        if (!waiting) return;
        this.#pending.delete(payload.id);
        if (payload.ok) waiting.resolve(payload.value);
        else waiting.reject(hostError(payload.error.name, payload.error.message));
        return;
      }
      case 'event':
        this.#merge(message.payload.state);
        return this.#emit(message.payload.name, message.payload.data as HostEventMap[HostEventName]);
      case 'enterFullScreen':
        return this.#stretch.enter();
      case 'exitFullScreen':
        return this.#stretch.exit();
      case 'embedRefused':
        this.#state = applySnapshotChanges(this.#state, { status: 'error' });
        return this.#fail(new NotAllowedError(message.payload.message));
      default:
        // The spec's own messages (episodeChanged, timeProgressChanged…) are for hosts without the SDK.
        return;
    }
  }

  #onReady({ protocol, state }: { protocol: number; state: PlayerSnapshot }): void {
    if (this.#failure) return;
    if (protocol !== HOST_PROTOCOL_VERSION) {
      this.#fail(new UnsupportedError(`the player speaks host protocol ${protocol}, this SDK speaks ${HOST_PROTOCOL_VERSION}`));
      return;
    }
    this.#state = applySnapshotChanges(EMPTY_SNAPSHOT, state);
    if (this.#state.status === 'error') {
      this.#connected = false;
      const error = new NotReadyError(this.#state.error?.message ?? 'the player shows an error');
      for (const waiting of this.#waiting.splice(0)) waiting.reject(error);
      this.#settle(error);
      return;
    }
    this.#connected = true;
    this.#settle(undefined);
    this.#emit('ready', { state: this.#state });
    for (const waiting of this.#waiting.splice(0)) this.#send(waiting);
  }

  /** Settles ready() (a later ready after a failed one replaces it with a resolved promise). */
  #settle(error: Error | undefined): void {
    if (this.#settleReady.settled) this.#resetReady();
    this.#settleReady.settled = true;
    if (error) this.#settleReady.reject(error);
    else this.#settleReady.resolve(this.#state);
  }

  #resetReady(): void {
    const settle = { settled: false } as ReadySettler;
    this.#readyPromise = new Promise<PlayerSnapshot>((resolve, reject) => Object.assign(settle, { resolve, reject }));
    // A host that never asks for ready() must not see an unhandled rejection.
    this.#readyPromise.catch(() => undefined);
    this.#settleReady = settle;
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    this.#connected = false;
    for (const waiting of [...this.#waiting.splice(0), ...this.#pending.values()]) waiting.reject(error);
    this.#pending.clear();
    if (!this.#settleReady.settled) this.#settle(error);
  }

  #merge(changes: Partial<PlayerSnapshot>): void {
    this.#state = applySnapshotChanges(this.#state, changes);
  }

  #hostFullscreenChanged(): void {
    const fullscreen = this.element.ownerDocument.fullscreenElement === this.element;
    if (fullscreen === this.#state.fullscreen) return;
    this.#merge({ fullscreen });
    this.#emit('fullscreenchange', { fullscreen });
  }

  #emit<K extends HostEventName>(name: K, data: HostEventMap[K]): void {
    for (const listener of [...(this.#listeners.get(name) ?? [])]) {
      try {
        (listener as Listener<K>)(data);
      } catch (error) {
        // One host listener's failure must not stop the others, nor the SDK.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
