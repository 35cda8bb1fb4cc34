import { describe, expect, it } from 'vitest';
import { initialPlayerState, type PlayerState } from '../core/player-state.ts';
import { createPlayerEvents, reportMediaEvents } from '../core/events.ts';
import { createStore } from '../core/store.ts';
import type { AudioTrack } from '../engine/types.ts';
import { createMediaStorage, type MediaStorage } from '../storage/media-storage.ts';
import { episodeProgress, saveEpisodeProgress, saveFavoriteAudioTrack, saveSourcePreferences, sourcePreferences } from '../storage/storage-records.ts';
import { FakeVideo } from '../../test/fakes/fake-video.ts';
import { createPlaybackMemory, preferredAudioTrack } from './playback-memory.ts';

const track = (index: number, label: string): AudioTrack => ({ id: String(index), label, language: 'ru', kind: 'main', mimeType: 'audio/mp4', codec: 'mp4a.40.2', index });

/** A core whose setters behave like the element confirming them: the store follows; its events come from `media`. */
function fakeCore(media: FakeVideo) {
  const store = createStore<PlayerState>(initialPlayerState());
  const calls: string[] = [];
  const events = createPlayerEvents();
  reportMediaEvents(media.asElement(), events, new AbortController().signal);
  return {
    calls,
    store,
    events,
    setVolume: (volume: number) => store.update({ volume }),
    setMuted: (muted: boolean) => store.update({ muted }),
    setRate: (rate: number) => store.update({ rate }),
    setQuality: (choice: number | 'auto') => {
      calls.push(`quality ${choice}`);
      store.update({ qualityChoice: choice });
    },
    setAudioTrack: (index: number) => {
      calls.push(`audio ${index}`);
      store.update({ audioTrackIndex: index });
    },
  };
}

function setUp(storage: MediaStorage = createMediaStorage(), voiceAuthor?: string) {
  /** Work the memory put off until the page is idle, run by `idle()`. */
  const deferred: Array<() => void> = [];
  const media = new FakeVideo();
  const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const win = new EventTarget();
  const core = fakeCore(media);
  const lifetime = new AbortController();
  let clock = 0;
  const memory = createPlaybackMemory({ storage, core, page, win, contentId: 2, voiceAuthor, signal: lifetime.signal, now: () => clock, whenIdle: (run) => deferred.push(run) });
  const idle = () => deferred.splice(0).forEach((run) => run());
  const at = (ms: number, time: number) => {
    clock = ms;
    media.currentTime = time;
    media.dispatchEvent(new Event('timeupdate'));
  };
  const fire = (target: EventTarget, type: string) => target.dispatchEvent(new Event(type));
  return { storage, media, page, win, core, memory, lifetime, at, fire, idle };
}

describe('saved episode progress', () => {
  it('saves the time at most every 10 s while playing, and at once on pause', () => {
    const { storage, memory, media, at, fire } = setUp();
    memory.follow(202, 7, 'https://media/s1e2.m3u8');
    fire(media, 'playing');
    at(0, 1);
    at(5_000, 6);
    expect(episodeProgress(storage, 202, 7)).toBeUndefined();
    at(10_000, 11);
    expect(episodeProgress(storage, 202, 7)).toBe(11);
    at(12_000, 13);
    fire(media, 'pause');
    expect(episodeProgress(storage, 202, 7)).toBe(13);
    expect(sourcePreferences(storage, 'https://media/s1e2.m3u8')?.time).toBe(13);
  });

  it('does not overwrite the saved time before playback starts (the resume window offers it)', () => {
    const storage = createMediaStorage();
    saveEpisodeProgress(storage, 202, 7, 600);
    const { memory, media, at, fire } = setUp(storage);
    memory.follow(202, 7, 'https://media/s1e2.m3u8');
    at(0, 0);
    fire(media, 'seeked');
    at(20_000, 0);
    fire(media, 'pause');
    expect(memory.resumeTime(202, 7)).toBe(600);
  });

  it('saves where a seek landed once the page is idle, not while the seek finishes', () => {
    const { storage, memory, media, at, fire, idle } = setUp();
    memory.follow(202, 7, 'a.m3u8');
    fire(media, 'playing');
    at(0, 10);
    fire(media, 'seeking');
    at(1_000, 300);
    fire(media, 'seeked');
    expect(episodeProgress(storage, 202, 7)).toBeUndefined();
    idle();
    expect(episodeProgress(storage, 202, 7)).toBe(300);
  });

  it('saves where a seek landed when the page goes away before it is idle', () => {
    const { storage, memory, media, win, at, fire } = setUp();
    memory.follow(202, 7, 'a.m3u8');
    fire(media, 'playing');
    at(0, 10);
    fire(media, 'seeking');
    at(1_000, 300);
    fire(media, 'seeked');
    fire(win, 'pagehide');
    expect(episodeProgress(storage, 202, 7)).toBe(300);
  });

  it('saves on page hide and when the page is hidden', () => {
    const { storage, memory, media, page, win, at, fire } = setUp();
    memory.follow(202, undefined, 'a.m3u8');
    fire(media, 'playing');
    at(0, 30);
    at(1_000, 31);
    fire(win, 'pagehide');
    expect(episodeProgress(storage, 202, undefined)).toBe(31);
    at(2_000, 35);
    page.visibilityState = 'hidden';
    fire(page, 'visibilitychange');
    expect(episodeProgress(storage, 202, undefined)).toBe(35);
  });

  it('saves the leaving episode\'s time on an episode change, and not under the next one', () => {
    const { storage, memory, media, at, fire } = setUp();
    memory.follow(202, 7, 'a.m3u8');
    fire(media, 'playing');
    at(0, 40);
    at(1_000, 41);
    memory.leave();
    expect(episodeProgress(storage, 202, 7)).toBe(41);
    at(2_000, 42); // the old source still reports while the next one resolves
    memory.follow(203, 7, 'b.m3u8');
    expect(episodeProgress(storage, 203, 7)).toBeUndefined();
    expect(episodeProgress(storage, 202, 7)).toBe(41);
  });

  it('an episode watched to the end starts from the beginning next time', () => {
    const { memory, media, at, fire } = setUp();
    memory.follow(202, 7, 'a.m3u8');
    fire(media, 'playing');
    at(0, 1430);
    at(11_000, 1440);
    expect(memory.resumeTime(202, 7)).toBe(1440);
    fire(media, 'ended');
    expect(memory.resumeTime(202, 7)).toBeUndefined();
  });

  it('"Начать сначала" forgets the saved time at once, before anything plays', () => {
    const storage = createMediaStorage();
    saveEpisodeProgress(storage, 202, 7, 600);
    const { memory } = setUp(storage);
    memory.follow(202, 7, 'a.m3u8');
    memory.forgetTime(202, 7);
    expect(memory.resumeTime(202, 7)).toBeUndefined();
  });

  it('offers no resume for a time under a second', () => {
    const storage = createMediaStorage();
    saveEpisodeProgress(storage, 202, undefined, 0.4);
    expect(setUp(storage).memory.resumeTime(202, undefined)).toBeUndefined();
  });
});

describe('saved preferences', () => {
  it('restores volume and mute at start and saves the viewer\'s changes', () => {
    const storage = createMediaStorage();
    storage.set('player-volume', 0.3);
    storage.set('player-muted', true);
    const { core } = setUp(storage);
    expect(core.store.getState()).toMatchObject({ volume: 0.3, muted: true });
    core.setVolume(0.8);
    core.setMuted(false);
    expect(storage.get('player-volume')).toBe(0.8);
    expect(storage.get('player-muted')).toBe(false);
  });

  it('does not remember a mute the browser\'s autoplay policy forced, and remembers the viewer\'s unmute', () => {
    const { core, storage } = setUp();
    core.store.update({ muted: true, mutedForAutoplay: true });
    expect(storage.get('player-muted')).toBe(false);
    core.setVolume(0.5);
    core.store.update({ muted: false, mutedForAutoplay: false });
    expect(storage.get('player-muted')).toBe(false);
    expect(storage.get('player-volume')).toBe(0.5);
    core.setMuted(true);
    expect(storage.get('player-muted')).toBe(true);
  });

  it('restores the rate and quality saved for a source when it loads', () => {
    const storage = createMediaStorage();
    saveSourcePreferences(storage, 'a.m3u8', { rate: 1.5, quality: 2 });
    const { core, memory } = setUp(storage);
    memory.follow(202, undefined, 'a.m3u8');
    expect(core.store.getState().rate).toBe(1.5);
    expect(core.calls).toContain('quality 2');
    memory.selectQuality('auto');
    expect(sourcePreferences(storage, 'a.m3u8')?.quality).toBe('auto');
  });

  it('saves a choice only once the core confirms it', () => {
    const storage = createMediaStorage();
    const { core, memory } = setUp(storage);
    memory.follow(202, undefined, 'a.m3u8');
    core.store.update({ audioTracks: [track(0, 'Русский'), track(1, 'English')], audioTrackIndex: 0 });
    const refusing = { ...core, setAudioTrack: () => undefined, setQuality: () => undefined };
    const stubborn = createPlaybackMemory({ storage, core: refusing, page: new EventTarget() as never, win: new EventTarget(), contentId: 2, voiceAuthor: undefined, signal: new AbortController().signal });
    stubborn.follow(202, undefined, 'a.m3u8');
    stubborn.selectAudioTrack(1);
    stubborn.selectQuality(2);
    expect(storage.get('favoriteAudioTracks')).toEqual({});
    expect(sourcePreferences(storage, 'a.m3u8')?.quality).toBeUndefined();
    // Confirmed later (the engine took it): saved then.
    core.store.update({ audioTrackIndex: 1, qualityChoice: 2 });
    expect(storage.get('favoriteAudioTracks')).toEqual({ 2: 'English' });
    expect(sourcePreferences(storage, 'a.m3u8')?.quality).toBe(2);
  });

  it('remembers the variant title per content', () => {
    const { memory } = setUp();
    expect(memory.savedVariantTitle()).toBeUndefined();
    memory.rememberVariant('Кубик в кубе');
    expect(memory.savedVariantTitle()).toBe('Кубик в кубе');
  });
});

describe('audio track on load', () => {
  it('picks the track saved for the content when a source lists its tracks', () => {
    const storage = createMediaStorage();
    saveFavoriteAudioTrack(storage, 2, 'English');
    const { core } = setUp(storage, 'Русский');
    core.store.update({ audioTracks: [track(0, 'Русский'), track(1, 'English')], audioTrackIndex: 0 });
    expect(core.calls).toEqual(['audio 1']);
  });

  it('a choice the viewer makes is saved for the content', () => {
    const { core, memory, storage } = setUp();
    core.store.update({ audioTracks: [track(0, 'Русский'), track(1, 'English')], audioTrackIndex: 0 });
    memory.selectAudioTrack(1);
    expect(storage.get('favoriteAudioTracks')).toEqual({ 2: 'English' });
  });

  it('prefers saved, then the voice author, then the first', () => {
    const tracks = [track(0, 'Оригинал'), track(1, 'LostFilm'), track(2, 'English')];
    expect(preferredAudioTrack(tracks, 'english', 'LostFilm')).toBe(2);
    expect(preferredAudioTrack(tracks, 'Дубляж', ' lostfilm ')).toBe(1);
    expect(preferredAudioTrack(tracks, undefined, 'Кубик в кубе')).toBe(0);
    expect(preferredAudioTrack([], 'English', undefined)).toBeUndefined();
  });

  it('after the saved track and the voice author, follows the language order', () => {
    const tracks = [{ ...track(0, 'Русский'), language: 'ru' }, { ...track(1, 'English'), language: 'en-US' }];
    expect(preferredAudioTrack(tracks, undefined, undefined, ['en', 'ru'])).toBe(1);
    expect(preferredAudioTrack(tracks, undefined, undefined, ['de'])).toBe(0);
    expect(preferredAudioTrack(tracks, undefined, 'Русский', ['en'])).toBe(0);
    expect(preferredAudioTrack(tracks, 'Русский', undefined, ['en'])).toBe(0);
  });
});
