import { describe, expect, it, vi } from 'vitest';
import { createFakeSchedule } from '../../../test/fakes/fake-schedule.ts';
import { episode, season, seriesContent } from '../../../test/fakes/catalogue-fixtures.ts';
import type { CatalogueClient } from '../../api/catalogue-client.ts';
import { createPlayerEvents } from '../../core/events.ts';
import type { PlayerCore } from '../../core/player-core.ts';
import { createStore } from '../../core/store.ts';
import { readyView, type AppStore, type ReadyView } from '../app-view.ts';
import type { PlaybackMemory } from '../playback-memory.ts';
import { createEpisodeSession } from './episode-session.ts';

const first = episode(201, 1, 1, { intro: { start: 0, end: 8 }, creditsStart: 19 });
const second = episode(202, 1, 2, { intro: { start: 3, end: 11 }, creditsStart: 19 });

/** A session over a series of two episodes, the first one playing; sources never resolve (only the card matters). */
function setUp(current = first) {
  const clock = createFakeSchedule();
  const events = createPlayerEvents();
  const core = { events, load: vi.fn(), play: vi.fn(), seek: vi.fn() } as unknown as PlayerCore;
  const view: ReadyView = {
    status: 'ready', core, current: { episode: current, variant: undefined, source: undefined }, resumeAt: undefined, nextCard: undefined,
    content: seriesContent(), seasons: [season(21, 1)], episodes: [first, second], available: true,
  };
  const store: AppStore = createStore({ view });
  const client = { manifest: () => new Promise(() => undefined) } as unknown as CatalogueClient;
  const memory = { leave: vi.fn(), resumeTime: () => undefined } as unknown as PlaybackMemory;
  const video = { paused: false, currentTime: 19 } as unknown as HTMLVideoElement;
  const session = createEpisodeSession({
    client, config: { langOrder: [], nextEpisodeCountdown: 5 }, video, core, memory, store,
    signal: new AbortController().signal, fail: vi.fn(), schedule: clock.schedule, now: () => clock.now,
  });
  const card = () => readyView(store)?.nextCard;
  const shown = () => readyView(store)?.current.episode.id;
  return { clock, events, session, card, shown };
}

describe('the next-episode card at the credits', () => {
  it('counts down while the episode plays on (a wait or a seek does not end it), then opens the next one', () => {
    const { clock, events, session, card, shown } = setUp();
    session.creditsReached();
    expect(card()).toEqual({ episode: second, secondsLeft: 5, credits: true });
    events.emit('playing', { currentTime: 20 });
    clock.advance(2000);
    expect(card()).toEqual({ episode: second, secondsLeft: 3, credits: true });
    clock.advance(3000);
    expect(shown()).toBe(202);
    expect(card()).toEqual({ episode: second, secondsLeft: undefined });
  });

  it("'Смотреть титры' keeps the episode: no next one opens, and at its end the card counts down as always", () => {
    const { clock, events, session, card, shown } = setUp();
    session.creditsReached();
    session.dismissNext();
    expect(card()).toBeUndefined();
    clock.advance(10_000);
    expect(shown()).toBe(201);
    events.emit('ended', { currentTime: 24, duration: 24 });
    expect(card()).toEqual({ episode: second, secondsLeft: 5, credits: false });
  });

  it('lets its countdown finish when the episode ends under it, no longer as the credits card', () => {
    const { clock, events, session, card, shown } = setUp();
    session.creditsReached();
    clock.advance(3000);
    events.emit('ended', { currentTime: 24, duration: 24 });
    clock.advance(1000);
    expect(card()).toEqual({ episode: second, secondsLeft: 1, credits: false });
    clock.advance(1000);
    expect(shown()).toBe(202);
  });

  it('goes with its countdown when the viewer seeks back before the credits, and the episode stays', () => {
    const { clock, session, card, shown } = setUp();
    session.creditsReached();
    clock.advance(2000);
    session.creditsLeft();
    expect(card()).toBeUndefined();
    clock.advance(10_000);
    expect(shown()).toBe(201);
  });

  it("'Смотреть' opens the next episode at once", () => {
    const { session, shown } = setUp();
    session.creditsReached();
    session.watchNext();
    expect(shown()).toBe(202);
  });

  it('shows nothing for the last episode', () => {
    const { clock, session, card } = setUp(second);
    session.creditsReached();
    clock.advance(10_000);
    expect(card()).toBeUndefined();
  });
});
