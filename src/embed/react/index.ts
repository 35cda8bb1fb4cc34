/**
 * kino-player/react: the player as a React component (kino-player-component.ts), on the SDK's
 * module (kino-player/sdk).
 */
export { EVENT_PROPS, KinoPlayer, type KinoPlayerEventProps, type KinoPlayerHandle, type KinoPlayerProps } from './kino-player-component.ts';
export type { KinoPlayerCommand } from '../player-binding.ts';
export type { KinoPlayerLoading, KinoPlayerOptions } from '../kino-player.ts';
