/**
 * <kino-player>: the player as an HTML element, for hosts that write markup instead of script.
 *
 *   <kino-player movie-id="42" season="2" episode="3" loading="lazy"></kino-player>
 *   el.addEventListener('episodechange', (event) => event.detail.season);
 *   await el.play();
 *
 * Its attributes are data-kino-player's without the data- prefix (element-attributes.ts). It
 * makes its KinoPlayer when it enters the document and destroys it when it leaves; a change of
 * episode or voice-over goes to the live player as a command, any other change makes a new frame.
 * The SDK's commands, `state` and `ready()` are the element's; the SDK's events are dispatched on
 * it as CustomEvents of the same names, with the event's data as `detail`.
 */
import { HOST_EVENT_NAMES, type HostEventMap, type HostEventName } from '../contract/embed/host-api.ts';
import type { PlayerSnapshot } from '../contract/embed/player-snapshot.ts';
import { ELEMENT_ATTRIBUTES, optionsFromAttributes } from './element-attributes.ts';
import { KinoPlayer, type KinoPlayerOptions } from './kino-player.ts';
import { optionChange } from './option-changes.ts';

/** The SDK's commands, each the element's own method. */
export const ELEMENT_COMMANDS = [
  'play', 'pause', 'seek', 'setVolume', 'setMuted', 'setRate', 'setQuality', 'setAudioTrack', 'setSubtitle',
  'setEpisode', 'setVariant', 'getState', 'setRequestFilters', 'enterFullscreen', 'exitFullscreen',
] as const satisfies readonly (keyof KinoPlayer)[];
export type KinoPlayerCommand = (typeof ELEMENT_COMMANDS)[number];

/** The element's events: the SDK's, as CustomEvents carrying its data. */
export type KinoPlayerElementEventMap = { [K in HostEventName]: CustomEvent<HostEventMap[K]> };

// Without a DOM (a server rendering the host's pages) the module still loads; the class is unused there.
const Base = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement;

/** Where a player's frame comes from when the element has no player-origin: set by defineKinoPlayerElement. */
let defaultOrigin: string | undefined;

/** addEventListener and removeEventListener typed with the element's events. */
interface KinoPlayerElementListeners {
  addEventListener<K extends keyof KinoPlayerElementEventMap>(type: K, listener: (this: KinoPlayerElement, event: KinoPlayerElementEventMap[K]) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof KinoPlayerElementEventMap>(type: K, listener: (this: KinoPlayerElement, event: KinoPlayerElementEventMap[K]) => void, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

export class KinoPlayerElement extends Base {
  static readonly observedAttributes = ELEMENT_ATTRIBUTES;
  // The SDK's commands with its signatures; defined on the prototype below.
  declare play: KinoPlayer['play'];
  declare pause: KinoPlayer['pause'];
  declare seek: KinoPlayer['seek'];
  declare setVolume: KinoPlayer['setVolume'];
  declare setMuted: KinoPlayer['setMuted'];
  declare setRate: KinoPlayer['setRate'];
  declare setQuality: KinoPlayer['setQuality'];
  declare setAudioTrack: KinoPlayer['setAudioTrack'];
  declare setSubtitle: KinoPlayer['setSubtitle'];
  declare setEpisode: KinoPlayer['setEpisode'];
  declare setVariant: KinoPlayer['setVariant'];
  declare getState: KinoPlayer['getState'];
  declare setRequestFilters: KinoPlayer['setRequestFilters'];
  declare enterFullscreen: KinoPlayer['enterFullscreen'];
  declare exitFullscreen: KinoPlayer['exitFullscreen'];
  declare addEventListener: KinoPlayerElementListeners['addEventListener'];
  declare removeEventListener: KinoPlayerElementListeners['removeEventListener'];
  #player: KinoPlayer | undefined;
  #options: KinoPlayerOptions | undefined;
  #pendingUpdate = false;
  /** Waiters for a player: commands and ready() asked before the element is in the document. */
  #waiting: Array<(player: KinoPlayer) => void> = [];

  constructor() {
    super();
    // 16:9 and a block from the start, so the frame (or the facade) takes the place it already had.
    this.attachShadow({ mode: 'open' }).innerHTML = '<style>:host{display:block;aspect-ratio:16/9}</style><slot></slot>';
  }

  /** The SDK's player behind the element; undefined while it is out of the document or has no movie-id. */
  get player(): KinoPlayer | undefined {
    return this.#player;
  }

  /** The player's last known state (SDK's `state`). */
  get state(): PlayerSnapshot | undefined {
    return this.#player?.state;
  }

  /** Resolves with the state once the player is ready; waits for the element to enter the document. */
  ready(): Promise<PlayerSnapshot> {
    return this.#withPlayer((player) => player.ready());
  }

  connectedCallback(): void {
    this.#update();
  }

  disconnectedCallback(): void {
    this.#destroy();
  }

  attributeChangedCallback(_name: string, before: string | null, after: string | null): void {
    if (before === after || !this.isConnected || this.#pendingUpdate) return;
    // Several attributes set in a row (season, then episode) make one change.
    this.#pendingUpdate = true;
    queueMicrotask(() => {
      this.#pendingUpdate = false;
      if (this.isConnected) this.#update();
    });
  }

  #update(): void {
    const options = optionsFromAttributes(this, defaultOrigin ?? location.origin);
    const player = this.#player;
    if (player && this.#options) {
      const change = optionChange(this.#options, options);
      if (!change.rebuild) {
        this.#options = options;
        const report = (error: unknown) => console.error('kino-player:', error);
        if (change.episode) void player.setEpisode(change.episode).catch(report);
        if (change.variantId !== undefined) void player.setVariant(change.variantId).catch(report);
        return;
      }
      this.#destroy();
    }
    if (!this.getAttribute('movie-id')) return;
    try {
      this.#create(options);
    } catch (error) {
      console.error('kino-player: cannot embed', this, error);
    }
  }

  #create(options: KinoPlayerOptions): void {
    const player = new KinoPlayer(this, options);
    for (const name of HOST_EVENT_NAMES) player.on(name, (detail) => this.dispatchEvent(new CustomEvent(name, { detail })));
    this.#player = player;
    this.#options = options;
    for (const resolve of this.#waiting.splice(0)) resolve(player);
  }

  #destroy(): void {
    this.#player?.destroy();
    this.#player = undefined;
    this.#options = undefined;
  }

  /** Calls `use` with the player now, or as soon as there is one (in the order asked, so commands keep theirs). */
  #withPlayer<T>(use: (player: KinoPlayer) => Promise<T>): Promise<T> {
    if (this.#player) return use(this.#player);
    return new Promise((resolve, reject) => this.#waiting.push((player) => use(player).then(resolve, reject)));
  }

  /** Runs a command on the player, once there is one. */
  command<K extends KinoPlayerCommand>(name: K, ...args: Parameters<KinoPlayer[K]>): ReturnType<KinoPlayer[K]> {
    return this.#withPlayer((player) => (player[name] as (...values: unknown[]) => Promise<unknown>)(...args)) as ReturnType<KinoPlayer[K]>;
  }
}

for (const name of ELEMENT_COMMANDS) {
  Object.defineProperty(KinoPlayerElement.prototype, name, {
    value(this: KinoPlayerElement, ...args: never[]) {
      return this.command(name, ...(args as Parameters<KinoPlayer[typeof name]>));
    },
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'kino-player': KinoPlayerElement;
  }
}

/**
 * Defines <kino-player> (unless the page already has it), its frames coming from `playerOrigin`
 * when an element has no player-origin attribute. lib.js calls it with its own origin; a host
 * that bundles the ES module calls it once. Returns the class defined.
 */
export function defineKinoPlayerElement(playerOrigin?: string): CustomElementConstructor {
  if (playerOrigin) defaultOrigin = playerOrigin;
  const defined = customElements.get('kino-player');
  if (defined) return defined;
  customElements.define('kino-player', KinoPlayerElement);
  return KinoPlayerElement;
}
