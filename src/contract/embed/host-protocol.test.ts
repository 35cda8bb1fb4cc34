import { describe, expect, it } from 'vitest';
import { createHostCommand, createHostMessage, parseHostCommand, parseHostMessage } from './host-protocol.ts';

const EPISODE = { id: 7, contentId: 3, order: 2, title: 'Серия 2', season: { id: 11, order: 1 } };
/** The catalogue's episode: more than the host may see. */
const CATALOGUE_EPISODE = {
  ...EPISODE,
  description: 'Описание',
  posterPath: null,
  duration: 1500,
  isCompleted: false,
  m3u8MasterFilePath: '/manifests/episodes/7.json',
  episodeVariants: [{ id: 1, title: 'Оригинал', filepath: '/manifests/variants/1.json' }],
};
const envelope = (type: unknown, payload: unknown) => ({ source: 'kino-player', version: 1, type, payload });

describe('createHostMessage (SPEC.md section 7)', () => {
  it('wraps the payload in the versioned envelope', () => {
    expect(createHostMessage('timeProgressChanged', { currentTime: 12.5, duration: 1500 })).toEqual(
      envelope('timeProgressChanged', { currentTime: 12.5, duration: 1500 }),
    );
    expect(createHostMessage('enterFullScreen', {})).toEqual(envelope('enterFullScreen', {}));
  });

  it('trims a catalogue episode and variant down to the protocol fields', () => {
    expect(createHostMessage('episodeChanged', { episode: CATALOGUE_EPISODE }).payload).toEqual({ episode: EPISODE });
    const [variant] = CATALOGUE_EPISODE.episodeVariants;
    expect(createHostMessage('episodeVariantChanged', { episodeVariant: variant! }).payload).toEqual({
      episodeVariant: { id: 1, title: 'Оригинал' },
    });
  });

  it('refuses a time that is not finite', () => {
    expect(() => createHostMessage('timeProgressChanged', { currentTime: 3, duration: Number.NaN })).toThrow(TypeError);
  });
});

describe('parseHostMessage', () => {
  const valid: Array<[string, unknown]> = [
    ['episodeChanged', { episode: EPISODE }],
    ['episodeVariantChanged', { episodeVariant: { id: 1, title: 'Дубляж' } }],
    ['timeProgressChanged', { currentTime: 0, duration: 0 }],
    ['enterFullScreen', {}],
    ['exitFullScreen', {}],
  ];
  it.each(valid)('accepts %s', (type, payload) => {
    expect(parseHostMessage(envelope(type, payload))).toEqual(envelope(type, payload));
  });

  it('drops fields the protocol does not carry', () => {
    expect(parseHostMessage(envelope('episodeChanged', { episode: CATALOGUE_EPISODE, extra: 1 }))).toEqual(
      envelope('episodeChanged', { episode: EPISODE }),
    );
  });

  const invalid: Array<[string, unknown]> = [
    ['undefined', undefined],
    ['a string', 'episodeChanged'],
    ['an array', [1]],
    ['another source', { ...envelope('enterFullScreen', {}), source: 'other-player' }],
    ['the host command source', { ...envelope('exitFullScreen', {}), source: 'kino-player-host' }],
    ['another version', { ...envelope('enterFullScreen', {}), version: 2 }],
    ['a version as text', { ...envelope('enterFullScreen', {}), version: '1' }],
    ['an unknown type', envelope('pause', {})],
    ['an inherited name as type', envelope('toString', {})],
    ['no payload', envelope('enterFullScreen', undefined)],
    ['an episode without season', envelope('episodeChanged', { episode: { ...EPISODE, season: undefined } })],
    ['an episode id as text', envelope('episodeChanged', { episode: { ...EPISODE, id: '7' } })],
    ['a fractional season order', envelope('episodeChanged', { episode: { ...EPISODE, season: { id: 1, order: 1.5 } } })],
    ['an episode at the top level', envelope('episodeChanged', EPISODE)],
    ['a variant without title', envelope('episodeVariantChanged', { episodeVariant: { id: 1 } })],
    ['an infinite duration', envelope('timeProgressChanged', { currentTime: 1, duration: Infinity })],
    ['a NaN time', envelope('timeProgressChanged', { currentTime: Number.NaN, duration: 10 })],
    ['a negative time', envelope('timeProgressChanged', { currentTime: -1, duration: 10 })],
    ['a time as text', envelope('timeProgressChanged', { currentTime: '1', duration: 10 })],
  ];
  it.each(invalid)('rejects %s', (_name, data) => {
    expect(parseHostMessage(data)).toBeUndefined();
  });
});

describe('host commands', () => {
  it('parses exitFullScreen from the host', () => {
    const command = { source: 'kino-player-host', version: 1, type: 'exitFullScreen' };
    expect(parseHostCommand(command)).toEqual({ ...command, payload: {} });
    expect(parseHostCommand(createHostCommand('exitFullScreen', {}))).toEqual({ ...command, payload: {} });
  });

  it.each([
    ['the player source', { source: 'kino-player', version: 1, type: 'exitFullScreen' }],
    ['another version', { source: 'kino-player-host', version: 2, type: 'exitFullScreen' }],
    ['an unknown command', { source: 'kino-player-host', version: 1, type: 'play' }],
    ['the ad pause message', { actionType: 'pause' }],
    ['null', null],
  ])('rejects %s', (_name, data) => {
    expect(parseHostCommand(data)).toBeUndefined();
  });
});
