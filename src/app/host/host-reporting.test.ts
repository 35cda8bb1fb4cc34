import { describe, expect, it } from 'vitest';
import { createPlayerEvents, reportMediaEvents } from '../../core/events.ts';
import { createStore } from '../../core/store.ts';
import type { HostMessage } from '../../contract/embed/host-protocol.ts';
import { episode, seriesContent, season } from '../../../test/fakes/catalogue-fixtures.ts';
import { FakeVideo } from '../../../test/fakes/fake-video.ts';
import { reportToHost } from './host-reporting.ts';
import type { AppView, ReadyView } from '../app-view.ts';

const first = episode(201, 1, 1, { episodeVariants: [{ id: 7, title: 'Дубляж', filepath: '/a.json' }, { id: 8, title: 'Оригинал', filepath: '/b.json' }] });
const second = episode(202, 1, 2);

function readyView(overrides: Partial<ReadyView> = {}): ReadyView {
  return {
    status: 'ready', core: {} as ReadyView['core'], content: seriesContent(), seasons: [season(21, 1)], episodes: [first, second],
    available: true, current: { episode: first, variant: first.episodeVariants[0], source: undefined }, resumeAt: undefined, nextCard: undefined,
    ...overrides,
  };
}

function setUp(view: AppView) {
  const store = createStore<{ view: AppView }>({ view });
  const video = new FakeVideo();
  const events = createPlayerEvents();
  reportMediaEvents(video.asElement(), events, new AbortController().signal);
  const posted: HostMessage[] = [];
  reportToHost({ store, events, channel: { post: (message) => posted.push(message) > 0 }, signal: new AbortController().signal });
  return { store, video, posted };
}

describe('messages to the host page', () => {
  it('reports the first episode and its voice-over, then each change, in the versioned envelope', () => {
    const { store, posted } = setUp({ status: 'loading' });
    expect(posted).toEqual([]);
    store.update({ view: readyView() });
    expect(posted.map((message) => message.type)).toEqual(['episodeChanged', 'episodeVariantChanged']);
    expect(posted[0]).toEqual({
      source: 'kino-player', version: 1, type: 'episodeChanged',
      payload: { episode: { id: 201, contentId: 2, order: 1, title: 'Серия 1', season: { id: 21, order: 1 } } },
    });
    store.update({ view: readyView({ current: { episode: first, variant: first.episodeVariants[1], source: undefined } }) });
    store.update({ view: readyView({ current: { episode: second, variant: undefined, source: undefined } }) });
    expect(posted.slice(2).map((message) => [message.type, message.payload])).toEqual([
      ['episodeVariantChanged', { episodeVariant: { id: 8, title: 'Оригинал' } }],
      ['episodeChanged', { episode: { id: 202, contentId: 2, order: 2, title: 'Серия 2', season: { id: 21, order: 1 } } }],
    ]);
  });

  it('reports the time about once a second, and at once on pause', () => {
    const { video, posted } = setUp(readyView());
    posted.length = 0;
    video.duration = 1440;
    video.currentTime = 10;
    video.dispatchEvent(new Event('timeupdate'));
    video.currentTime = 10.25;
    video.dispatchEvent(new Event('timeupdate'));
    video.dispatchEvent(new Event('pause'));
    expect(posted.map((message) => message.payload)).toEqual([{ currentTime: 10, duration: 1440 }, { currentTime: 10.25, duration: 1440 }]);
  });

  it('says nothing about the placeholder of unavailable content', () => {
    const { video, posted } = setUp(readyView({ available: false }));
    video.duration = 2;
    video.dispatchEvent(new Event('pause'));
    expect(posted).toEqual([]);
  });
});
