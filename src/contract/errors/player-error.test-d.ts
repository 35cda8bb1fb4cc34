/**
 * Type tests, checked by `tsc --noEmit -p tsconfig.json` (never run): each category takes only its
 * own codes (error-codes.ts, PlayerErrorCodes). An `@ts-expect-error` line that starts to compile
 * fails tsc, so a looser PlayerError cannot come back unnoticed.
 */
import { expectTypeOf } from 'vitest';
import { RequestError } from '../../api/request-error.ts';
import {
  describeFailure,
  PLAYER_ERROR_CODES as CODES,
  PlayerError,
  type PlayerErrorCategory,
  type PlayerErrorCode,
  type PlayerErrorCodes,
  type PlayerErrorKind,
} from './player-error.ts';

export function codesBelongToTheirCategory(): void {
  new PlayerError('config', CODES.MOVIE_ID_MISSING, 'fatal', 'no movie_id');
  new PlayerError('catalogue', CODES.CONTENT_NOT_FOUND, 'fatal', '404');
  new PlayerError('manifest', CODES.MANIFEST_FAILED, 'fatal', 'manifest');
  new PlayerError('blocked', CODES.CONTENT_BLOCKED, 'fatal', 'country');
  new PlayerError('network', CODES.RESOURCE, 'fatal', 'Failed to load resource.');
  new PlayerError('media', CODES.MEDIA, 'fatal', 'decode');
  new PlayerError('engine', CODES.DASH_RUNTIME, 'fatal', 'DASH playback failed');
  new PlayerError('engine', CODES.UNSUPPORTED, 'fatal', 'no engine');
  describeFailure('storage', CODES.STORAGE_FAILED, 'quota', new Error('x'));

  // @ts-expect-error a catalogue code is not a config error
  new PlayerError('config', CODES.CONTENT_NOT_FOUND, 'fatal', 'x');
  // @ts-expect-error the country block is its own category
  new PlayerError('catalogue', CODES.CONTENT_BLOCKED, 'fatal', 'x');
  // @ts-expect-error a network failure is 'Failed to load resource.' (4), not a decode error
  new PlayerError('network', CODES.MEDIA, 'fatal', 'x');
  // @ts-expect-error the DASH runtime code belongs to the engine
  new PlayerError('media', CODES.DASH_RUNTIME, 'fatal', 'x');
  // @ts-expect-error a number outside the table
  new PlayerError('engine', 42, 'fatal', 'x');
  // @ts-expect-error ad failures are not the player's (their codes are the VAST worker's)
  new PlayerError('ad', 303, 'fatal', 'x');
  // @ts-expect-error a storage failure with a share code
  describeFailure('storage', CODES.SHARE_FAILED, 'x', new Error('x'));
  // @ts-expect-error only the logged-only categories are described as failures
  describeFailure('network', CODES.RESOURCE, 'x', new Error('x'));
}

export function theTableIsWhole(): void {
  // Every code of the table belongs to some category, and no category takes a code outside it.
  expectTypeOf<PlayerErrorCodes[PlayerErrorCategory]>().toEqualTypeOf<PlayerErrorCode>();
  expectTypeOf<PlayerErrorCategory>().toEqualTypeOf<'config' | 'catalogue' | 'manifest' | 'blocked' | 'network' | 'media' | 'engine' | 'storage' | 'share' | 'audio' | 'internal'>();
  // An error's fields keep the pairing: a catalogue error's code is one of the catalogue's.
  expectTypeOf(new RequestError('/x', 404, '').code).toEqualTypeOf<PlayerErrorCodes['catalogue']>();
  expectTypeOf<Extract<PlayerErrorKind, { category: 'blocked' }>['code']>().toEqualTypeOf<typeof CODES.CONTENT_BLOCKED>();
}
