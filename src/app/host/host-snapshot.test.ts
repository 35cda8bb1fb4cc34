import { describe, expect, it } from 'vitest';
import { INITIAL_AD_STATE, type AdState } from '../../ads/ad-state.ts';
import { createPlayerEvents } from '../../core/events.ts';
import type { PlayerState } from '../../core/player-state.ts';
import { EMPTY_SNAPSHOT } from '../../contract/embed/player-snapshot.ts';
import { audioTrack, createFakeCore, fakeAd, fakeErrorView, fakeFeatures, fakeReadyView, quality, SECOND } from '../../../test/fakes/fake-host-app.ts';
import type { ReadyView } from '../app-view.ts';
import type { HostFeatures } from './host-bridge.ts';
import { takeSnapshot } from './host-snapshot.ts';

/** In the engine's own order: its index is what the core's choice and the rendition on screen name. */
const QUALITIES = [quality(2, 480, 1_000_000), quality(0, 1080, 5_000_000), quality(3, 720, 2_500_000), quality(1, 720, 3_000_000)];

interface Case {
  core?: Partial<PlayerState>;
  view?: Partial<ReadyView>;
  ads?: Partial<AdState>;
  features?: HostFeatures;
}

function snapshot({ core, view, ads, features }: Case = {}) {
  const fakeCore = createFakeCore(createPlayerEvents(), core);
  return takeSnapshot({ view: fakeReadyView(fakeCore, view), ads: { ...INITIAL_AD_STATE, ...ads }, features });
}

describe('takeSnapshot', () => {
  it('maps a ready view to the host\'s state', () => {
    const state = snapshot({
      core: {
        qualities: QUALITIES, qualityChoice: 1, qualityIndex: 2, currentTime: 61.5, duration: 1440, paused: false, waiting: true,
        volume: 0.4, muted: true, rate: 1.25, audioTrackIndex: 1,
        audioTracks: [audioTrack(0, 'Русский', 'ru'), audioTrack(1, 'English', 'en')],
      },
      features: fakeFeatures({ active: true, subtitle: 'en' }),
    });
    expect(state).toEqual({
      status: 'ready', contentId: 2, title: 'Город без карты', currentTime: 61.5, duration: 1440, paused: false, ended: false, seeking: false,
      buffering: true, volume: 0.4, muted: true, rate: 1.25, quality: 720, playingHeight: 480, qualities: [1080, 720, 480],
      audioTracks: [{ index: 0, label: 'Русский', language: 'ru' }, { index: 1, label: 'English', language: 'en' }], audioTrack: 1,
      subtitles: [{ id: 'ru', label: 'Русские', language: 'ru' }, { id: 'en', label: 'English', language: 'en' }], subtitle: 'en',
      episode: { id: 201, season: 1, episode: 1, title: 'Серия 1' }, variant: { id: 7, title: 'Дубляж' },
      variants: [{ id: 7, title: 'Дубляж' }, { id: 8, title: 'Оригинал' }],
      episodes: [{ id: 201, season: 1, episode: 1, title: 'Серия 1' }, { id: 202, season: 1, episode: 2, title: 'Серия 2' }, { id: 301, season: 2, episode: 1, title: 'Новый сезон' }],
      fullscreen: true, ad: null, error: null, dataSaver: false,
    });
  });

  it.each<[string, Partial<PlayerState>, Partial<ReturnType<typeof snapshot>>]>([
    ['no qualities yet', {}, { qualities: [], quality: 'auto', playingHeight: null }],
    ['auto, with a height on screen', { qualities: QUALITIES, qualityIndex: 0 }, { qualities: [1080, 720, 480], quality: 'auto', playingHeight: 1080 }],
    ['a chosen quality as its height', { qualities: QUALITIES, qualityChoice: 2, qualityIndex: 2 }, { quality: 480, playingHeight: 480 }],
    ['a choice still on its way', { qualities: QUALITIES, qualityChoice: 0, qualityIndex: 2 }, { quality: 1080, playingHeight: 480 }],
  ])('qualities: %s', (_case, core, expected) => {
    expect(snapshot({ core })).toMatchObject(expected);
  });

  it.each([
    ['unknown (NaN)', Number.NaN, null],
    ['a live stream (Infinity)', Infinity, null],
    ['known', 1440, 1440],
  ])('a duration %s is %s', (_case, duration, expected) => {
    expect(snapshot({ core: { duration } }).duration).toBe(expected);
  });

  it('without the controls\' features: no subtitles, not fullscreen', () => {
    expect(snapshot()).toMatchObject({ subtitles: [], subtitle: null, fullscreen: false });
  });

  it('subtitles off are null', () => {
    expect(snapshot({ features: fakeFeatures() })).toMatchObject({ subtitle: null, fullscreen: false });
  });

  it('an episode without voice-overs has no variant', () => {
    const state = snapshot({ view: { current: { episode: SECOND, variant: undefined, source: undefined } } });
    expect(state).toMatchObject({ episode: { id: 202, season: 1, episode: 2, title: 'Серия 2' }, variant: null, variants: [] });
  });

  it.each<[string, Partial<AdState>, unknown]>([
    ['no break', {}, null],
    // Its list fetched, the preroll waits for the viewer's play: nothing but the film is on screen.
    ['a break still loading', { phase: 'load', breakType: 'preroll' }, null],
    ['an ad on screen, with its marking', { phase: 'ready', breakType: 'midroll', ad: fakeAd({ type: 'midroll', position: 2, count: 3 }) }, {
      breakType: 'midroll', podSize: 3, position: 2, label: 'Реклама', advertiser: 'ООО «Ромашка»', erid: '2VtzqvWgxEU',
    }],
    ['an ad without marking', { phase: 'ready', breakType: 'preroll', ad: fakeAd({ advertiser: undefined, erid: undefined }) }, {
      breakType: 'preroll', podSize: 2, position: 1, label: 'Реклама', advertiser: null, erid: null,
    }],
  ])('ads: %s', (_case, ads, expected) => {
    expect(snapshot({ ads }).ad).toEqual(expected);
  });

  it('is the empty snapshot while loading', () => {
    expect(takeSnapshot({ view: { status: 'loading' }, ads: INITIAL_AD_STATE, features: fakeFeatures({ active: true }) })).toBe(EMPTY_SNAPSHOT);
  });

  it('is status error with the code, message and id the viewer sees on the error card', () => {
    const view = fakeErrorView();
    expect(takeSnapshot({ view, ads: INITIAL_AD_STATE, features: undefined })).toEqual({
      ...EMPTY_SNAPSHOT, status: 'error', error: { code: 2001, message: 'Контент не доступен', id: view.error.id },
    });
    expect(view.error.id).toMatch(/^[0-9a-f]{8}$/);
  });
});
