import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOST_COMMAND_NAMES } from '../../contract/embed/host-api.ts';
import { EMPTY_SNAPSHOT, type PlayerSnapshot } from '../../contract/embed/player-snapshot.ts';
import {
  createFakeCore, fakeAd, fakeReadyView, FIRST, readySession, SEASON_TWO, SECOND, settle, startFakeHostSession, type FakeHostSession,
} from '../../../test/fakes/fake-host-app.ts';

afterEach(() => void vi.useRealTimers());

describe('the handshake', () => {
  it('posts nothing while loading, then ready with the protocol, every command and the whole state', async () => {
    const { posted, hello, events, ready } = startFakeHostSession();
    hello();
    events.emit('play', { currentTime: 0 });
    await settle();
    expect(posted).toEqual([]);
    ready();
    await settle();
    expect(posted).toEqual([{ source: 'kino-player', version: 1, type: 'ready', payload: { protocol: 1, capabilities: [...HOST_COMMAND_NAMES], state: {
      ...EMPTY_SNAPSHOT, status: 'ready', contentId: 2, title: 'Город без карты', duration: 1440, qualities: [1080, 720, 480],
      audioTracks: [{ index: 0, label: 'Русский', language: 'ru' }, { index: 1, label: 'English', language: 'en' }], audioTrack: 0,
      episode: { id: 201, season: 1, episode: 1, title: 'Серия 1' }, variant: { id: 7, title: 'Дубляж' },
      variants: [{ id: 7, title: 'Дубляж' }, { id: 8, title: 'Оригинал' }],
      episodes: [{ id: 201, season: 1, episode: 1, title: 'Серия 1' }, { id: 202, season: 1, episode: 2, title: 'Серия 2' }, { id: 301, season: 2, episode: 1, title: 'Новый сезон' }],
    } } }]);
  });

  it('answers each hello with ready and the state as it is now', async () => {
    const { posted, hello, run } = await readySession();
    await run('setVolume', 0.25);
    hello();
    expect(posted.at(-1)).toMatchObject({ type: 'ready', payload: { protocol: 1, state: { status: 'ready', volume: 0.25 } } });
  });

  it.each([
    ['asked for too often', 10, 100],
    ['within the bounds', 1000, 1000],
    ['asked for too seldom', 60_000, 5000],
    ['not asked for', undefined, 250],
  ])('sends timeupdate at hello\'s interval, %s', async (_case, asked, interval) => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { hello, events, hostEvents } = await readySession();
    hello(asked);
    const steps: Array<[wait: number, currentTime: number]> = [[0, 1], [interval - 1, 2], [1, 3], [interval / 2, 4], [interval / 2, 5]];
    for (const [wait, currentTime] of steps) {
      vi.advanceTimersByTime(wait);
      events.emit('content-time', { currentTime, duration: 1440 });
    }
    expect(hostEvents('timeupdate').map(({ data }) => data)).toEqual([{ currentTime: 1, duration: 1440 }, { currentTime: 3, duration: 1440 }, { currentTime: 5, duration: 1440 }]);
  });

  it('announces an error card with ready, its code, message and id; commands then reject NotReadyError', async () => {
    const { posted, fail, run, app } = startFakeHostSession();
    fail();
    await settle();
    const { view } = app.store.getState();
    const error = view.status === 'error' ? { code: 2001, message: 'Контент не доступен', id: view.error.id } : undefined;
    expect(posted).toEqual([expect.objectContaining({ type: 'ready', payload: expect.objectContaining({ state: { ...EMPTY_SNAPSHOT, status: 'error', error } }) })]);
    expect(await run('setVolume', 0.5)).toMatchObject({ ok: false, error: { name: 'NotReadyError', message: 'Контент не доступен' } });
  });
});

describe('commands', () => {
  it.each<[string, unknown[], unknown, Partial<PlayerSnapshot>]>([
    ['setVolume', [0.5], 0.5, { volume: 0.5 }],
    ['setMuted', [true], true, { muted: true }],
    ['setRate', [1.5], 1.5, { rate: 1.5 }],
    ['setQuality', [720], 720, { quality: 720 }],
    ['setAudioTrack', [1], 1, { audioTrack: 1 }],
    ['play', [], null, { paused: false }],
  ])('%s %j resolves with %j, and the host\'s state has changed by then', async (name, args, value, state) => {
    const { run, mirror } = await readySession();
    const result = await run(name, ...args);
    expect(result).toMatchObject({ ok: true, value });
    expect(mirror()).toMatchObject(state);
  });

  it.each<[string, unknown, (fake: FakeHostSession) => void]>([
    ['setVolume', 0.5, ({ core }) => core.store.update({ volume: 0.5 })],
    ['setMuted', true, ({ core }) => core.store.update({ muted: true })],
    ['setRate', 2, ({ core }) => core.store.update({ rate: 2 })],
    ['setQuality', 1080, ({ core }) => core.store.update({ qualityChoice: 0 })],
    ['setAudioTrack', 1, ({ core }) => core.store.update({ audioTrackIndex: 1 })],
  ])('%s(%j) resolves only once the player confirms it', async (name, value, confirm) => {
    const harness = await readySession();
    const { setVolume, setMuted, setRate, setQuality, setAudioTrack } = harness.core;
    for (const request of [setVolume, setMuted, setRate, setQuality, setAudioTrack]) request.mockImplementation(() => undefined);
    const { result } = harness.send(name, value);
    await settle();
    expect(result()).toBeUndefined();
    confirm(harness);
    await settle();
    expect(result()).toMatchObject({ ok: true, value });
  });

  it('setQuality takes the best bitrate of a height, and auto again', async () => {
    const { run, mirror, app } = await readySession();
    await run('setQuality', 720);
    expect(app.selectQuality).toHaveBeenLastCalledWith(2);
    expect(mirror().quality).toBe(720);
    expect(await run('setQuality', 'auto')).toMatchObject({ ok: true, value: 'auto' });
    expect(mirror().quality).toBe('auto');
  });

  it('seek resolves with the time the player reached, once it is there', async () => {
    const { send, core, mirror } = await readySession();
    const { result } = send('seek', 30);
    await settle();
    expect(core.seek).toHaveBeenCalledWith(30);
    expect(result()).toBeUndefined();
    core.finishSeek(29.96);
    await settle();
    expect(result()).toMatchObject({ ok: true, value: 29.96 });
    expect(mirror()).toMatchObject({ currentTime: 29.96, seeking: false });
  });

  it('pause stops an ad on screen too', async () => {
    const { run, app, core } = await readySession();
    app.ads.store.update({ breakType: 'preroll', ad: fakeAd(), isPlaying: true });
    expect(await run('pause')).toMatchObject({ ok: true });
    expect(app.ads.commands.togglePlay).toHaveBeenCalledOnce();
    expect(core.pause).toHaveBeenCalledOnce();
  });
});

describe('typed errors', () => {
  const blocked = () => Promise.reject(new DOMException('play() needs a gesture', 'NotAllowedError'));
  it.each<[string, string, unknown[], string, ((fake: FakeHostSession) => void)?]>([
    ['an unknown command', 'fly', [], 'UnsupportedError'],
    ['a volume above 1', 'setVolume', [2], 'RangeError'],
    ['a rate above 2', 'setRate', [3], 'RangeError'],
    ['a rate below 0.25', 'setRate', [0.2], 'RangeError'],
    ['a time before the start', 'seek', [-1], 'RangeError'],
    ['a time past the end', 'seek', [1441], 'RangeError'],
    ['muted that is not a boolean', 'setMuted', ['yes'], 'RangeError'],
    ['a missing episode', 'setEpisode', [{ season: 3 }], 'NotFoundError'],
    ['a missing episode id', 'setEpisode', [{ episodeId: 999 }], 'NotFoundError'],
    ['a missing audio track', 'setAudioTrack', [5], 'NotFoundError'],
    ['a missing height', 'setQuality', [1440], 'NotFoundError'],
    ['a missing voice-over', 'setVariant', [99], 'NotFoundError'],
    ['play of unavailable content', 'play', [], 'NotAllowedError', (fake) => fake.ready({ available: false })],
    ['an episode of unavailable content', 'setEpisode', [{ season: 1, episode: 2 }], 'NotAllowedError', (fake) => fake.ready({ available: false })],
    ['play the browser refuses', 'play', [], 'AutoplayBlockedError', (fake) => fake.core.play.mockImplementation(blocked)],
    ['play that fails otherwise', 'play', [], 'NotReadyError', (fake) => fake.core.play.mockRejectedValue(new Error('aborted'))],
    ['a command on the error card', 'setVolume', [0.5], 'NotReadyError', (fake) => fake.fail()],
  ])('%s: %s %j rejects with %s', async (_case, name, args, errorName, arrange) => {
    const harness = await readySession();
    arrange?.(harness);
    await settle();
    const result = await harness.run(name, ...args);
    expect(result).toMatchObject({ ok: false, error: { name: errorName, message: expect.any(String) } });
    for (const request of [harness.core.setVolume, harness.core.setRate, harness.core.seek, harness.app.selectEpisode, harness.app.selectQuality]) {
      expect(request).not.toHaveBeenCalled();
    }
    if (errorName === 'NotAllowedError') expect(harness.core.play).not.toHaveBeenCalled();
  });
});

describe('setEpisode', () => {
  it('asks the app with cause api and resolves once the app reports that episode', async () => {
    const { send, app, events, showEpisode, mirror } = await readySession();
    const { result } = send('setEpisode', { season: 2 });
    await settle();
    expect(app.selectEpisode).toHaveBeenCalledWith(SEASON_TWO.id, { cause: 'api' });
    events.emit('episode', { episodeId: SECOND.id, variantId: undefined });
    await settle();
    expect(result()).toBeUndefined();
    showEpisode(SEASON_TWO.id, 'api');
    await settle();
    expect(result()).toMatchObject({ ok: true, value: { id: 301, season: 2, episode: 1, title: 'Новый сезон' } });
    expect(mirror().episode).toEqual({ id: 301, season: 2, episode: 1, title: 'Новый сезон' });
  });

  it('resolves at once for the episode on screen', async () => {
    const { run, app } = await readySession();
    expect(await run('setEpisode', { episodeId: FIRST.id })).toMatchObject({ ok: true, value: { id: 201 } });
    expect(app.selectEpisode).not.toHaveBeenCalled();
  });

  it.each([['api', 'api'], ['autoNext', 'autoNext'], ['user', 'user'], [undefined, 'user']] as const)(
    'an episode opened with cause %s is an episodechange with cause %s',
    async (cause, expected) => {
      const { showEpisode, hostEvents } = await readySession();
      showEpisode(SECOND.id, cause);
      await settle();
      expect(hostEvents('episodechange').map(({ data }) => data)).toEqual([
        { episodeId: 202, season: 1, episode: 2, title: 'Серия 2', variant: null, cause: expected },
      ]);
    },
  );
});

describe('events', () => {
  it.each<[string, (fake: FakeHostSession) => void, Array<[string, unknown]>]>([
    ['play, pause, playing', ({ events }) => {
      events.emit('play', { currentTime: 3 });
      events.emit('playing', { currentTime: 3 });
      events.emit('pause', { currentTime: 4, duration: 1440 });
    }, [['play', { currentTime: 3 }], ['playing', { currentTime: 3 }], ['pause', { currentTime: 4 }]]],
    ['a wait for data', ({ events }) => {
      events.emit('seeked', { currentTime: 12, duration: 1440 });
      events.emit('waiting', { waiting: true });
      events.emit('waiting', { waiting: false });
    }, [['seeked', { currentTime: 12 }], ['bufferstart', { currentTime: 12 }], ['bufferend', { currentTime: 12 }]]],
    ['the end', ({ events }) => events.emit('ended', { currentTime: 1440, duration: 1440 }), [['ended', { currentTime: 1440, duration: 1440 }]]],
    ['a refused autoplay', ({ events }) => events.emit('play-blocked', {}), [['autoplayblocked', {}]]],
  ])('%s', async (_case, act, expected) => {
    const harness = await readySession();
    act(harness);
    await settle();
    expect(harness.hostEvents().map(({ name, data }) => [name, data])).toEqual(expected);
  });

  it('an autoplay refused before ready (the film now plays muted) is told once, right after ready', async () => {
    const harness = startFakeHostSession();
    harness.events.emit('play-blocked', {});
    harness.core.store.update({ muted: true, mutedForAutoplay: true, paused: false });
    harness.ready();
    await settle();
    harness.hello();
    await settle();
    expect(harness.recent().map(({ type, payload }) => (type === 'event' ? payload.name : type))).toEqual(['ready', 'autoplayblocked', 'ready']);
    expect(harness.mirror()).toMatchObject({ muted: true, paused: false });
  });

  it('a refused autoplay told as it happened is not told again when the host says hello', async () => {
    const harness = await readySession();
    harness.events.emit('play-blocked', {});
    harness.core.store.update({ muted: true, mutedForAutoplay: true });
    harness.hello();
    await settle();
    expect(harness.hostEvents('autoplayblocked')).toHaveLength(1);
  });

  it('an ad break starts with its first ad on screen, with the ad marking, and ends when it is gone', async () => {
    const { app, hostEvents } = await readySession();
    const names = () => hostEvents().map(({ name }) => name);
    app.ads.store.update({ phase: 'load', breakType: 'preroll', loading: true });
    await settle();
    expect(names()).toEqual([]);
    app.ads.store.update({ phase: 'ready', ad: fakeAd() });
    await settle();
    app.ads.store.update({ ad: fakeAd({ id: 'ad-2', position: 2, advertiser: undefined, erid: undefined }) });
    await settle();
    app.ads.store.update({ phase: 'stopped', breakType: undefined, ad: undefined });
    await settle();
    expect(hostEvents().map(({ name, data }) => [name, data])).toEqual([
      ['adbreakstart', { breakType: 'preroll', podSize: 2, position: 1, label: 'Реклама', advertiser: 'ООО «Ромашка»', erid: '2VtzqvWgxEU' }],
      ['adbreakend', { breakType: 'preroll' }],
    ]);
  });

  it('a break that found no ad neither starts nor ends', async () => {
    const { app, hostEvents } = await readySession();
    app.ads.store.update({ phase: 'load', breakType: 'midroll' });
    await settle();
    app.ads.store.update({ phase: 'stopped', breakType: undefined });
    await settle();
    expect(hostEvents()).toEqual([]);
  });

  it('each message carries only the state changed since the one before', async () => {
    const { core, events, run, app, recent } = await readySession();
    core.store.update({ paused: false, started: true, currentTime: 1 });
    events.emit('play', { currentTime: 1 });
    events.emit('playing', { currentTime: 1 });
    core.store.update({ currentTime: 2 });
    events.emit('content-time', { currentTime: 2, duration: 1440 });
    await settle();
    await run('setMuted', true);
    app.ads.store.update({ phase: 'ready', breakType: 'midroll', ad: fakeAd({ type: 'midroll' }) });
    await settle();
    const states = recent().map(({ type, payload }) => [type === 'event' ? payload.name : type, 'state' in payload ? payload.state : undefined]);
    expect(states).toEqual([
      ['play', { paused: false, currentTime: 1 }],
      ['playing', {}],
      ['timeupdate', { currentTime: 2 }],
      ['volumechange', { muted: true }],
      ['result', {}],
      ['adbreakstart', { ad: { breakType: 'midroll', podSize: 2, position: 1, label: 'Реклама', advertiser: 'ООО «Ромашка»', erid: '2VtzqvWgxEU' } }],
    ]);
  });
});

describe('the session\'s life: reloads, failures, the end', () => {
  it('a reload announces ready again and follows the new core; the old one is no news', async () => {
    const harness = await readySession();
    harness.app.store.update({ view: { status: 'loading' } });
    await settle();
    const core = createFakeCore(harness.events, { volume: 0.9 });
    harness.app.store.update({ view: fakeReadyView(core) });
    await settle();
    harness.core.store.update({ muted: true });
    core.store.update({ rate: 2 });
    await settle();
    expect(harness.recent().map(({ type, payload }) => (type === 'event' ? payload.name : type))).toEqual(['ready', 'ratechange']);
    expect(harness.mirror()).toMatchObject({ status: 'ready', volume: 0.9, muted: false, rate: 2 });
  });

  it('an error card while playing is an error event with its code, message and id', async () => {
    const harness = await readySession();
    harness.fail();
    await settle();
    const { view } = harness.app.store.getState();
    expect(harness.hostEvents()).toEqual([{
      name: 'error', data: { code: 2001, message: 'Контент не доступен', id: view.status === 'error' ? view.error.id : '' }, state: expect.objectContaining({ status: 'error' }),
    }]);
  });

  it('posts nothing once the session has ended', async () => {
    const harness = await readySession();
    const { result } = harness.send('seek', 10);
    await settle();
    harness.forget();
    const late = harness.send('setVolume', 0.3);
    harness.end();
    harness.events.emit('play', { currentTime: 1 });
    harness.core.finishSeek(10);
    harness.core.store.update({ volume: 0.1 });
    harness.hello();
    await settle();
    expect([result(), late.result()]).toEqual([undefined, undefined]);
    expect(harness.recent()).toEqual([]);
  });

  it('answered commands leave nothing waiting on a long session', async () => {
    const harness = await readySession();
    const waiting = () => getEventListeners(harness.signal, 'abort').length;
    const before = waiting();
    for (const [name, args] of [['setVolume', [0.5]], ['setMuted', [true]], ['setRate', [2]], ['seek', [3]], ['pause', []], ['fly', []]] as const) {
      for (let count = 0; count < 5; count += 1) harness.send(name, ...args);
      await settle();
      harness.core.finishSeek(3);
      await settle();
    }
    expect(harness.of('result')).toHaveLength(30);
    expect(waiting()).toBe(before);
  });
});

describe('setRequestFilters', () => {
  it('replaces the filters the engines follow and resolves with how many are in effect', async () => {
    const { run, send, app } = await readySession();
    const filters = [{ type: 'query', params: { token: 'rotated' } }, { type: 'headers', headers: { 'X-Cdn': '1' } }];
    const { result } = send('setRequestFilters', filters);
    await expect.poll(result).toMatchObject({ ok: true, value: 2 });
    expect(app.requestFilters.getState().requestFilters).toEqual(filters);
    await expect.poll(async () => run('setRequestFilters', [])).toMatchObject({ ok: true, value: 0 });
    expect(app.requestFilters.getState().requestFilters).toEqual([]);
  });

  it('leaves an invalid filter out, keeps the valid ones, and names what was left out with a RangeError', async () => {
    const { send, app } = await readySession();
    const { result } = send('setRequestFilters', [{ type: 'query', params: { token: 't' } }, { type: 'prefix', from: '/a/', to: 'javascript:x' }]);
    await expect.poll(result).toMatchObject({ ok: false, error: { name: 'RangeError', message: expect.stringMatching(/requestFilters\[1\] \(prefix\): to: .*1 other filter\(s\) in effect/) } });
    expect(app.requestFilters.getState().requestFilters).toEqual([{ type: 'query', params: { token: 't' } }]);
  });

  it('refuses anything but a list, and changes nothing', async () => {
    const { run, app } = await readySession();
    expect(await run('setRequestFilters', { type: 'query' })).toMatchObject({ ok: false, error: { name: 'RangeError' } });
    expect(app.requestFilters.getState().requestFilters).toBeUndefined();
  });
});

describe('setDataSaver', () => {
  it('turns the data saver on for the host, tells datasaverchange with the reason, and the mirror follows', async () => {
    const harness = await readySession();
    expect(harness.mirror().dataSaver).toBe(false);
    expect(await harness.run('setDataSaver', true)).toMatchObject({ ok: true, value: true });
    expect(harness.app.dataSaver.store.getState()).toEqual({ dataSaver: true, reason: 'host' });
    expect(harness.hostEvents('datasaverchange').map(({ data }) => data)).toEqual([{ on: true, reason: 'host' }]);
    expect(harness.mirror().dataSaver).toBe(true);
    // The viewer's switch no longer decides while the host has spoken.
    harness.app.dataSaver.setByViewer(false);
    expect(harness.app.dataSaver.store.getState().dataSaver).toBe(true);
    expect(await harness.run('setDataSaver', false)).toMatchObject({ ok: true, value: false });
    expect(harness.hostEvents('datasaverchange').map(({ data }) => data)).toEqual([{ on: true, reason: 'host' }, { on: false, reason: 'host' }]);
  });

  it('refuses anything but true or false', async () => {
    const { run } = await readySession();
    expect(await run('setDataSaver', 'yes')).toMatchObject({ ok: false, error: { name: 'RangeError' } });
  });
});
