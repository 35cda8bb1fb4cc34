import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeHostPage, PLAYER_ORIGIN, type FakeHostPage } from '../../test/fakes/fake-host-page.ts';
import { HOST_COMMAND_NAMES, HOST_ERROR_NAMES, type HostErrorName } from '../contract/embed/host-api.ts';
import { KinoPlayer } from './kino-player.ts';
import { EMPTY_SNAPSHOT, type PlayerSnapshot } from '../contract/embed/player-snapshot.ts';
import { AutoplayBlockedError, NotAllowedError, NotFoundError, NotReadyError, UnsupportedError } from './sdk-errors.ts';

const READY_STATE: PlayerSnapshot = {
  ...EMPTY_SNAPSHOT,
  status: 'ready',
  contentId: 2,
  title: 'Город без карты',
  duration: 1500,
  episode: { id: 201, season: 1, episode: 1, title: 'Пилот' },
  episodes: [{ id: 201, season: 1, episode: 1, title: 'Пилот' }, { id: 202, season: 1, episode: 2, title: 'Перекрёсток' }],
};

const fromPlayer = (type: string, payload: unknown, version = 1) => ({ source: 'kino-player', version, type, payload });
const ready = (state: PlayerSnapshot = READY_STATE, protocol = 1) => fromPlayer('ready', { protocol, capabilities: [...HOST_COMMAND_NAMES], state });

let page: FakeHostPage;
beforeEach(() => {
  page = fakeHostPage();
});
afterEach(() => vi.unstubAllGlobals());

function create(options: Partial<ConstructorParameters<typeof KinoPlayer>[1]> = {}) {
  const player = new KinoPlayer(page.container as unknown as Element, { movieId: 2, playerOrigin: PLAYER_ORIGIN, ...options });
  return player;
}

/** The commands the SDK posted, as {id, name, args}. */
const commandsSent = () =>
  page.posted
    .map(({ message }) => message as { type: string; payload: { id: number; name: string; args: unknown[] } })
    .filter((message) => message.type === 'command')
    .map(({ payload }) => payload);

/** Lets queued promise callbacks run. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('KinoPlayer: the frame', () => {
  it('creates the player frame with the options as the widget reads them, allowed to autoplay and go fullscreen', () => {
    create({ season: 2, episode: 3, autoPlay: true, time: 61.7, lazy: true, fullscreenMode: 'stretch' });
    const frame = page.frame();
    const url = new URL(frame.src);
    expect(url.origin + url.pathname).toBe(`${PLAYER_ORIGIN}/embed`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ movie_id: '2', season: '2', episode: '3', t: '61', auto_play: '', fullscreen_mode: 'stretch' });
    expect(frame.allow).toBe('autoplay; fullscreen; picture-in-picture; encrypted-media; web-share; clipboard-write');
    expect(frame.referrerPolicy).toBe('strict-origin-when-cross-origin');
    expect(frame.loading).toBe('lazy');
  });

  it('puts the request filters in the frame address\'s fragment, which no server sees, and none when there are none', () => {
    const requestFilters = [{ type: 'query', match: { kinds: ['segment'] }, params: { token: 'a&b' } }] as const;
    create({ requestFilters: [...requestFilters] });
    const url = new URL(page.frame().src);
    expect(url.searchParams.has('request_filters')).toBe(false);
    expect(JSON.parse(new URLSearchParams(url.hash.slice(1)).get('request_filters') ?? '')).toEqual(requestFilters);
    page = fakeHostPage();
    create({ requestFilters: [] });
    expect(new URL(page.frame().src).hash).toBe('');
  });

  it('refuses a movie id that is not a positive integer and an origin that is not http(s)', () => {
    expect(() => create({ movieId: 1.5 })).toThrow(TypeError);
    expect(() => create({ playerOrigin: 'javascript:alert(1)' })).toThrow(TypeError);
  });
});

describe('KinoPlayer: handshake', () => {
  it('says hello to the loaded frame at the player origin only, with its protocol and timeupdate rate', () => {
    create({ timeupdateInterval: 500 });
    expect(page.posted).toEqual([]);
    page.frame().dispatchEvent(new Event('load'));
    expect(page.posted).toEqual([
      { message: { source: 'kino-player-host', version: 1, type: 'hello', payload: { protocol: 1, timeupdateInterval: 500 } }, targetOrigin: PLAYER_ORIGIN },
    ]);
  });

  it('resolves ready() with the state and emits ready', async () => {
    const player = create();
    const heard: unknown[] = [];
    player.on('ready', (data) => heard.push(data.state.title));
    page.fromFrame(ready());
    await expect(player.ready()).resolves.toMatchObject({ status: 'ready', contentId: 2 });
    expect(heard).toEqual(['Город без карты']);
    expect(player.state.episode).toEqual({ id: 201, season: 1, episode: 1, title: 'Пилот' });
  });

  it('rejects ready() and every command with UnsupportedError when the frame speaks another protocol', async () => {
    const player = create();
    const play = player.play();
    page.fromFrame({ ...ready(), version: 2 });
    await expect(player.ready()).rejects.toBeInstanceOf(UnsupportedError);
    await expect(play).rejects.toThrow(/protocol 2/);
    await expect(player.pause()).rejects.toBeInstanceOf(UnsupportedError);
    expect(commandsSent()).toEqual([]);
  });

  it('rejects with NotAllowedError when the frame refuses this site', async () => {
    const player = create();
    const play = player.play();
    page.fromFrame(fromPlayer('embedRefused', { code: 'NotAllowedError', message: 'Владелец плеера не разрешил показывать его на host.example.' }));
    await expect(player.ready()).rejects.toBeInstanceOf(NotAllowedError);
    await expect(play).rejects.toThrow(/не разрешил/);
    expect(player.state.status).toBe('error');
  });

  it('rejects with NotReadyError while the player shows an error, and works once a later load is ready', async () => {
    const player = create();
    const early = player.play();
    page.fromFrame(ready({ ...EMPTY_SNAPSHOT, status: 'error', error: { code: 4, message: 'Контент не доступен', id: 'ab12cd34' } }));
    await expect(player.ready()).rejects.toBeInstanceOf(NotReadyError);
    await expect(early).rejects.toThrow('Контент не доступен');
    page.fromFrame(ready());
    await expect(player.ready()).resolves.toMatchObject({ status: 'ready' });
  });
});

describe('KinoPlayer: commands', () => {
  it('queues commands made before ready and sends them, in order, once the frame is ready', async () => {
    const player = create();
    const play = player.play();
    const seek = player.seek(30);
    await settle();
    expect(commandsSent()).toEqual([]);
    page.fromFrame(ready());
    expect(commandsSent()).toEqual([
      { id: 1, name: 'play', args: [] },
      { id: 2, name: 'seek', args: [30] },
    ]);
    page.fromFrame(fromPlayer('result', { id: 2, ok: true, value: 30, state: { currentTime: 30 } }));
    page.fromFrame(fromPlayer('result', { id: 1, ok: true, value: null, state: { paused: false } }));
    await expect(seek).resolves.toBe(30);
    await expect(play).resolves.toBeUndefined();
    expect(player.state).toMatchObject({ currentTime: 30, paused: false });
  });

  it('sends new request filters as a command and resolves with how many are in effect', async () => {
    const player = create();
    page.fromFrame(ready());
    const filters = player.setRequestFilters([{ type: 'query', params: { token: 'rotated' } }]);
    expect(commandsSent()).toEqual([{ id: 1, name: 'setRequestFilters', args: [[{ type: 'query', params: { token: 'rotated' } }]] }]);
    page.fromFrame(fromPlayer('result', { id: 1, ok: true, value: 1, state: {} }));
    await expect(filters).resolves.toBe(1);
  });

  it('gives every command its own request id and settles each by its own answer', async () => {
    const player = create();
    page.fromFrame(ready());
    const volume = player.setVolume(0.3);
    const rate = player.setRate(1.25);
    const [first, second] = commandsSent();
    expect(first!.id).not.toBe(second!.id);
    page.fromFrame(fromPlayer('result', { id: second!.id, ok: true, value: 1.25, state: {} }));
    page.fromFrame(fromPlayer('result', { id: first!.id, ok: true, value: 0.3, state: {} }));
    await expect(volume).resolves.toBe(0.3);
    await expect(rate).resolves.toBe(1.25);
  });

  const ERROR_CLASSES: Record<HostErrorName, new (message: string) => Error> = {
    NotReadyError,
    AutoplayBlockedError,
    RangeError,
    UnsupportedError,
    NotFoundError,
    NotAllowedError,
  };

  it.each(HOST_ERROR_NAMES.map((name) => [name]))('rejects with the typed %s the frame names', async (name) => {
    const player = create();
    page.fromFrame(ready());
    const command = player.setEpisode({ season: 9 });
    const [sent] = commandsSent();
    page.fromFrame(fromPlayer('result', { id: sent!.id, ok: false, error: { name, message: `refused: ${name}` }, state: {} }));
    const error = await command.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ERROR_CLASSES[name]);
    expect(error).toMatchObject({ name, message: `refused: ${name}` });
  });

  it('rejects what waits with NotReadyError on destroy, removes its frame and sends destroy', async () => {
    const player = create();
    page.fromFrame(ready());
    const seek = player.seek(10);
    player.destroy();
    await expect(seek).rejects.toBeInstanceOf(NotReadyError);
    await expect(player.play()).rejects.toBeInstanceOf(NotReadyError);
    expect(page.frame().removed).toBe(true);
    expect(commandsSent().map(({ name }) => name)).toEqual(['seek', 'destroy']);
    player.destroy();
  });
});

describe('KinoPlayer: events and the state mirror', () => {
  it('emits the frame\'s events and keeps the state they carry, readable at once', () => {
    const player = create();
    page.fromFrame(ready());
    const times: number[] = [];
    player.on('timeupdate', ({ currentTime }) => times.push(currentTime));
    page.fromFrame(fromPlayer('event', { name: 'timeupdate', data: { currentTime: 12, duration: 1500 }, state: { currentTime: 12, paused: false } }));
    expect(times).toEqual([12]);
    expect(player.state.currentTime).toBe(12);
    expect(player.state.paused).toBe(false);
  });

  it('keeps only the snapshot\'s own fields with their own types', () => {
    const player = create();
    page.fromFrame(ready());
    page.fromFrame(fromPlayer('event', { name: 'volumechange', data: { volume: 1, muted: true }, state: { muted: 'yes', volume: 0.5, evil: 1 } }));
    expect(player.state.volume).toBe(0.5);
    expect(player.state.muted).toBe(false);
    expect(player.state).not.toHaveProperty('evil');
  });

  it('ignores messages from another origin or from a window that is not its frame', () => {
    const player = create();
    page.fromFrame(ready(), { origin: 'https://evil.example' });
    page.fromFrame(ready(), { source: {} });
    expect(player.state.status).toBe('loading');
    page.fromFrame(ready());
    expect(player.state.status).toBe('ready');
  });

  it('a throwing listener does not stop the others, and its error is still reported', () => {
    const player = create();
    const heard: string[] = [];
    const rethrown: Array<() => void> = [];
    vi.stubGlobal('queueMicrotask', (task: () => void) => rethrown.push(task));
    player.on('ready', () => {
      throw new Error('host bug');
    });
    player.on('ready', () => heard.push('second'));
    page.fromFrame(ready());
    expect(heard).toEqual(['second']);
    expect(rethrown).toHaveLength(1);
    expect(() => rethrown[0]!()).toThrow('host bug');
  });

  it('off() stops a listener', () => {
    const player = create();
    const heard: number[] = [];
    const listener = ({ rate }: { rate: number }) => heard.push(rate);
    player.on('ratechange', listener).off('ratechange', listener);
    page.fromFrame(ready());
    page.fromFrame(fromPlayer('event', { name: 'ratechange', data: { rate: 2 }, state: { rate: 2 } }));
    expect(heard).toEqual([]);
  });
});

describe('KinoPlayer: fullscreen', () => {
  it('stretches the frame over the page on enterFullScreen and restores it exactly on exitFullScreen', () => {
    create();
    const frame = page.frame();
    frame.setAttribute('style', 'width: 640px');
    page.fromFrame(fromPlayer('enterFullScreen', {}));
    expect(frame.style.properties.get('position')).toBe('fixed');
    expect(frame.style.properties.get('z-index')).toBe('2147483647');
    expect(page.doc.documentElement.style.overflow).toBe('hidden');
    page.fromFrame(fromPlayer('exitFullScreen', {}));
    expect(frame.getAttribute('style')).toBe('width: 640px');
    expect(page.doc.documentElement.style.overflow).toBe('');
  });

  it('makes the frame fullscreen itself when the frame may not without a gesture, and reports it', async () => {
    const player = create();
    page.fromFrame(ready());
    const changes: boolean[] = [];
    player.on('fullscreenchange', ({ fullscreen }) => changes.push(fullscreen));
    const entering = player.enterFullscreen();
    const [sent] = commandsSent();
    page.fromFrame(fromPlayer('result', { id: sent!.id, ok: false, error: { name: 'NotAllowedError', message: 'needs a gesture' }, state: {} }));
    await entering;
    expect(page.frame().requestFullscreen).toHaveBeenCalled();
    expect(player.state.fullscreen).toBe(true);
    await player.exitFullscreen();
    expect(changes).toEqual([true, false]);
  });
});
