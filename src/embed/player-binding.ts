import { HOST_EVENT_NAMES, type HostEventMap, type HostEventName } from '../contract/embed/host-api.ts';
import type { PlayerSnapshot } from '../contract/embed/player-snapshot.ts';
import { KinoPlayer, type KinoPlayerOptions } from './kino-player.ts';
import { optionChange } from './option-changes.ts';

/** The SDK's commands, each a method of <kino-player> and of the React component's ref. */
export const PLAYER_COMMANDS = [
  'play', 'pause', 'seek', 'setVolume', 'setMuted', 'setRate', 'setQuality', 'setAudioTrack', 'setSubtitle',
  'setEpisode', 'setVariant', 'getState', 'setRequestFilters', 'enterFullscreen', 'exitFullscreen',
] as const satisfies readonly (keyof KinoPlayer)[];
export type KinoPlayerCommand = (typeof PLAYER_COMMANDS)[number];

/** The SDK's commands as methods, each waiting for a player when there is none yet. */
export type KinoPlayerCommands = Pick<KinoPlayer, KinoPlayerCommand>;

export type EventSink = <K extends HostEventName>(name: K, data: HostEventMap[K]) => void;

/**
 * One declarative player: whoever holds it (<kino-player>, the React component) says which
 * options it wants and where; the binding keeps one KinoPlayer that follows them — by the SDK's
 * commands where it has one (episode, voice-over), by a new frame otherwise — passes every SDK
 * event to `sink`, and runs commands asked while there is no player once there is one.
 */
export class PlayerBinding {
  #player: KinoPlayer | undefined;
  #options: KinoPlayerOptions | undefined;
  #waiting: Array<(player: KinoPlayer) => void> = [];
  readonly #sink: EventSink;

  constructor(sink: EventSink) {
    this.#sink = sink;
  }

  get player(): KinoPlayer | undefined {
    return this.#player;
  }

  /** Makes the player in `container` with `options`, or brings the live one to them. */
  update(container: Element, options: KinoPlayerOptions): void {
    const player = this.#player;
    if (player && this.#options) {
      const change = optionChange(this.#options, options);
      if (!change.rebuild) {
        this.#options = options;
        // A command cut short by this binding's own new frame is no failure to report.
        const report = (error: unknown) => this.#player === player && console.error('kino-player:', error);
        if (change.episode) player.setEpisode(change.episode).catch(report);
        if (change.variantId !== undefined) player.setVariant(change.variantId).catch(report);
        if (change.dataSaver !== undefined) player.setDataSaver(change.dataSaver).catch(report);
        return;
      }
      this.destroy();
    }
    try {
      const next = new KinoPlayer(container, options);
      for (const name of HOST_EVENT_NAMES) next.on(name, (data) => this.#sink(name, data));
      this.#player = next;
      this.#options = options;
      for (const resolve of this.#waiting.splice(0)) resolve(next);
    } catch (error) {
      console.error('kino-player: cannot embed', container, error);
    }
  }

  /** Destroys the player (its frame goes); commands asked later wait for the next one. */
  destroy(): void {
    this.#player?.destroy();
    this.#player = undefined;
    this.#options = undefined;
  }

  /** Calls `use` with the player now, or as soon as there is one (in the order asked, so commands keep theirs). */
  run<T>(use: (player: KinoPlayer) => Promise<T>): Promise<T> {
    if (this.#player) return use(this.#player);
    return new Promise((resolve, reject) => this.#waiting.push((player) => void use(player).then(resolve, reject)));
  }

  ready(): Promise<PlayerSnapshot> {
    return this.run((player) => player.ready());
  }

  /** Adds the SDK's commands to `target`, each run through this binding. */
  static addCommands(target: object, binding: (self: object) => PlayerBinding): void {
    for (const name of PLAYER_COMMANDS) {
      Object.defineProperty(target, name, {
        configurable: true,
        value(this: object, ...args: unknown[]) {
          return binding(this).run((player) => (player[name] as (...values: unknown[]) => Promise<unknown>)(...args));
        },
      });
    }
  }
}
