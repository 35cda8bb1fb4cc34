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
import type { HostEventMap, HostEventName } from '../contract/embed/host-api.ts';
import type { PlayerSnapshot } from '../contract/embed/player-snapshot.ts';
import { ELEMENT_ATTRIBUTES, optionsFromAttributes } from './element-attributes.ts';
import type { KinoPlayer } from './kino-player.ts';
import { PlayerBinding } from './player-binding.ts';

export type { KinoPlayerCommand } from './player-binding.ts';

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
  // The SDK's commands with its signatures, put on the prototype by the static block below.
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
  #binding = new PlayerBinding((name, detail) => this.dispatchEvent(new CustomEvent(name, { detail })));
  #pendingUpdate = false;

  static {
    PlayerBinding.addCommands(this.prototype, (self) => (self as KinoPlayerElement).#binding);
  }

  constructor() {
    super();
    // 16:9 and a block from the start, so the frame (or the facade) takes the place it already had.
    this.attachShadow({ mode: 'open' }).innerHTML = '<style>:host{display:block;aspect-ratio:16/9}</style><slot></slot>';
  }

  /** The SDK's player behind the element; undefined while it is out of the document or has no movie-id. */
  get player(): KinoPlayer | undefined {
    return this.#binding.player;
  }

  /** The player's last known state (SDK's `state`). */
  get state(): PlayerSnapshot | undefined {
    return this.#binding.player?.state;
  }

  /** Resolves with the state once the player is ready; waits for the element to enter the document. */
  ready(): Promise<PlayerSnapshot> {
    return this.#binding.ready();
  }

  connectedCallback(): void {
    this.#update();
  }

  disconnectedCallback(): void {
    this.#binding.destroy();
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
    // Without a movie-id there is nothing to show yet; one set later makes the player.
    if (this.getAttribute('movie-id')) this.#binding.update(this, optionsFromAttributes(this, defaultOrigin ?? location.origin));
    else this.#binding.destroy();
  }
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
