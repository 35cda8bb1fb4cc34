/**
 * The player as a React component, built on the SDK's KinoPlayer (React is the host's own: a peer,
 * never bundled):
 *
 *   const ref = useRef<KinoPlayerHandle>(null);
 *   <KinoPlayer movieId={42} season={2} episode={3} playerOrigin="https://player.example"
 *     loading="lazy" onTimeUpdate={({ currentTime }) => …} ref={ref} />
 *   await ref.current?.pause();
 *
 * Props are the SDK's options, `className` and `style` of the 16:9 box, and on<Event> callbacks
 * for the SDK's events. A new season, episode, episodeId, variantId or dataSaver goes to the live
 * player as a command; any other option makes a new frame.
 */
import { createElement, forwardRef, useEffect, useImperativeHandle, useRef, useState, type CSSProperties } from 'react';
import type { HostEventMap, HostEventName } from '../../contract/embed/host-api.ts';
import type { PlayerSnapshot } from '../../contract/embed/player-snapshot.ts';
import type { KinoPlayer as SdkPlayer, KinoPlayerOptions } from '../kino-player.ts';
import { PlayerBinding, type KinoPlayerCommands } from '../player-binding.ts';

/** The callback prop of each SDK event. */
export const EVENT_PROPS = {
  ready: 'onReady', play: 'onPlay', pause: 'onPause', playing: 'onPlaying', bufferstart: 'onBufferStart', bufferend: 'onBufferEnd',
  seeking: 'onSeeking', seeked: 'onSeeked', ended: 'onEnded', timeupdate: 'onTimeUpdate', durationchange: 'onDurationChange',
  volumechange: 'onVolumeChange', ratechange: 'onRateChange', qualitychange: 'onQualityChange', audiotrackchange: 'onAudioTrackChange',
  subtitlechange: 'onSubtitleChange', episodechange: 'onEpisodeChange', variantchange: 'onVariantChange',
  fullscreenchange: 'onFullscreenChange', autoplayblocked: 'onAutoplayBlocked', adbreakstart: 'onAdBreakStart',
  adbreakend: 'onAdBreakEnd', error: 'onError', datasaverchange: 'onDataSaverChange',
  introskip: 'onIntroSkip', creditsstart: 'onCreditsStart',
} as const satisfies Record<HostEventName, `on${string}`>;

export type KinoPlayerEventProps = { [K in HostEventName as (typeof EVENT_PROPS)[K]]?: (data: HostEventMap[K]) => void };

export interface KinoPlayerProps extends KinoPlayerOptions, KinoPlayerEventProps {
  /** The class of the box the frame fills (16:9 and the full width unless styled otherwise). */
  className?: string;
  style?: CSSProperties;
}

/** What the ref gives: the SDK's commands (they wait for the player when there is none yet), its state and ready(). */
export interface KinoPlayerHandle extends KinoPlayerCommands {
  /** The player's last known state; undefined before the player is made. */
  readonly state: PlayerSnapshot | undefined;
  ready(): Promise<PlayerSnapshot>;
  /** The SDK's player behind the component, for what the handle does not offer (on/off). */
  readonly player: SdkPlayer | undefined;
}

const CALLBACKS = new Set<string>(Object.values(EVENT_PROPS));

/** The SDK's options in the component's props (the callbacks, className and style left out). */
export function optionsFromProps(props: KinoPlayerProps): KinoPlayerOptions {
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) if (value !== undefined && !CALLBACKS.has(key) && key !== 'className' && key !== 'style') options[key] = value;
  return options as unknown as KinoPlayerOptions;
}

/** The ref's handle on a binding. */
export function handleOf(binding: PlayerBinding): KinoPlayerHandle {
  const handle = {
    get state() {
      return binding.player?.state;
    },
    ready: () => binding.ready(),
    get player() {
      return binding.player;
    },
  };
  PlayerBinding.addCommands(handle, () => binding);
  return handle as KinoPlayerHandle;
}

/** The box's look before any frame: the frame's own 16:9, so nothing moves when it arrives. */
const BOX_STYLE: CSSProperties = { display: 'block', aspectRatio: '16 / 9' };

export const KinoPlayer = forwardRef<KinoPlayerHandle, KinoPlayerProps>(function KinoPlayer(props, ref) {
  const box = useRef<HTMLDivElement>(null);
  const callbacks = useRef<KinoPlayerEventProps>(props);
  // The binding lives as long as the component; the events call the callbacks of the last render.
  const [binding] = useState(() => new PlayerBinding((name, data) => (callbacks.current[EVENT_PROPS[name]] as ((value: typeof data) => void) | undefined)?.(data)));
  useImperativeHandle(ref, () => handleOf(binding), [binding]);
  const options = optionsFromProps(props);
  // Compared by value: a new langOrder array with the same languages is no change.
  const optionsKey = JSON.stringify(options);
  useEffect(() => {
    callbacks.current = props;
  });
  useEffect(() => {
    if (box.current) binding.update(box.current, JSON.parse(optionsKey) as KinoPlayerOptions);
  }, [binding, optionsKey]);
  useEffect(() => () => binding.destroy(), [binding]);
  return createElement('div', { ref: box, className: props.className, style: { ...BOX_STYLE, ...props.style } });
});
