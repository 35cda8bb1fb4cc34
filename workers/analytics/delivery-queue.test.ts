import { describe, expect, it } from 'vitest';
import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS } from '../../src/contract/schemas/analytics-constants.ts';
import type { AnalyticsEvent, AnalyticsEventName } from '../../src/contract/schemas/analytics-schema.ts';
import { BATCH_INTERVAL_MS, createDeliveryQueue, type SendOutcome } from './delivery-queue.ts';

let serial = 0;
function event(name: AnalyticsEventName = 'play', title = 'Фильм'): AnalyticsEvent {
  serial += 1;
  return {
    event_id: `event-${String(serial).padStart(6, '0')}`, view_id: 'view-000001', event: name, ts: serial, network_type: '4g', detail: {},
    payload: {
      video_id: 1, video_title: title, duration: 100, player_type: 'embedded', video_category: 'movie', video_thumbnail: '', ratings: { kinopoisk: null, imdb: null },
      kinopoisk_id: null, IMDb_id: null, year: 2020, countries: [], current_time: 0, playback_rate: 1, real_time_played_sec: 0, video_time_played_sec: 0,
      video_quality: null, season: null, episode: null, language: null, device_type: 'desktop', user_id: null, isTrailer: false,
      ad_id: [], ad_type: [], ad_duration_sec: [], ad_position_perc: [], ad_position: [],
    },
  };
}

/** A queue on a hand-driven clock; `answers` says how each POST goes (default: sent). */
function setUp(answers: SendOutcome[] = []) {
  let now = 0;
  const timers: { at: number; run: () => void }[] = [];
  const sent: AnalyticsEvent[][] = [];
  const persisted: AnalyticsEvent[][] = [];
  const settled: string[] = [];
  const queue = createDeliveryQueue({
    settled: (events) => settled.push(...events.map((item) => item.event)),
    send: async (body) => {
      const outcome = answers.shift() ?? 'sent';
      if (outcome === 'sent') sent.push((JSON.parse(body) as { events: AnalyticsEvent[] }).events);
      return outcome;
    },
    persist: (events) => persisted.push([...events]),
    setTimer: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
    now: () => now,
    random: () => 0.5,
  });
  const advance = async (ms: number) => {
    now += ms;
    for (const timer of timers.filter((candidate) => candidate.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { queue, sent, persisted, settled, advance, lastPersisted: () => persisted.at(-1) ?? [] };
}

describe('batching', () => {
  it('ordinary events wait up to 10 s for company and leave together', async () => {
    const { queue, sent, advance } = setUp();
    queue.push([event('play')]);
    await advance(4000);
    queue.push([event('pause'), event('seek')]);
    await advance(BATCH_INTERVAL_MS - 4001);
    expect(sent).toEqual([]);
    await advance(1);
    expect(sent.map((batch) => batch.map((item) => item.event))).toEqual([['play', 'pause', 'seek']]);
  });

  it('a start, an error, the end and the view\'s end go at once, with what waited', async () => {
    const { queue, sent, advance } = setUp();
    queue.push([event('play')]);
    queue.push([event('view_start')]);
    await advance(0);
    expect(sent.map((batch) => batch.map((item) => item.event))).toEqual([['play', 'view_start']]);
  });

  it('a batch holds at most 300 events and stays under 60 kB; none is lost in the split', async () => {
    for (const title of ['Фильм', 'Ж'.repeat(500)]) {
      const { queue, sent, advance } = setUp();
      queue.push(Array.from({ length: 650 }, () => event('ad_timeupdate', title)));
      queue.push([event('ended')]);
      await advance(0);
      expect(sent.length).toBeGreaterThan(1);
      for (const batch of sent) {
        expect(batch.length).toBeLessThanOrEqual(MAX_BATCH_EVENTS);
        expect(new TextEncoder().encode(JSON.stringify({ sent_at: Date.now(), events: batch })).byteLength).toBeLessThan(MAX_BATCH_BYTES);
      }
      expect(sent.flat().map((item) => item.event_id)).toEqual([...new Set(sent.flat().map((item) => item.event_id))]);
      expect(sent.flat()).toHaveLength(651);
    }
  });
});

describe('failures', () => {
  it('a failed batch goes back to the head and is tried again later and later, in order', async () => {
    const { queue, sent, advance } = setUp(['retry', 'retry']);
    queue.push([event('view_start')]);
    await advance(0);
    queue.push([event('error')]);
    await advance(0);
    // The error waits behind the failed batch: nothing jumps the queue during the backoff.
    expect(sent).toEqual([]);
    await advance(999);
    expect(sent).toEqual([]);
    await advance(1);
    // The second attempt fails too: 2 s next.
    await advance(1999);
    expect(sent).toEqual([]);
    await advance(1);
    expect(sent.map((batch) => batch.map((item) => item.event))).toEqual([['view_start', 'error']]);
  });

  it('a batch the collector refuses as malformed is not sent again', async () => {
    const { queue, sent, advance } = setUp(['rejected']);
    queue.push([event('view_start')]);
    await advance(0);
    queue.push([event('ended')]);
    await advance(60_000);
    expect(sent.map((batch) => batch.map((item) => item.event))).toEqual([['ended']]);
    expect(queue.size()).toBe(0);
  });
});

describe('the copy that survives the page', () => {
  it('keeps every event until it is known delivered', async () => {
    const { queue, advance, lastPersisted } = setUp(['retry']);
    queue.push([event('play')]);
    expect(lastPersisted().map((item) => item.event)).toEqual(['play']);
    queue.push([event('view_start')]);
    await advance(0);
    expect(lastPersisted().map((item) => item.event)).toEqual(['play', 'view_start']);
    await advance(1000);
    expect(lastPersisted()).toEqual([]);
  });

  it('tells the page what was delivered or refused for good, and only that', async () => {
    const { queue, settled, advance } = setUp(['retry', 'sent', 'rejected']);
    queue.push([event('view_start')]);
    await advance(0);
    expect(settled).toEqual([]);
    await advance(1000);
    expect(settled).toEqual(['view_start']);
    queue.push([event('error')]);
    await advance(0);
    expect(settled).toEqual(['view_start', 'error']);
  });

  it('what the page\'s beacon carried no longer waits, and its copy goes', async () => {
    const { queue, sent, advance, lastPersisted } = setUp();
    const [play, pause] = [event('play'), event('pause')];
    queue.push([play, pause]);
    queue.drop(new Set([play.event_id]));
    expect(lastPersisted().map((item) => item.event)).toEqual(['pause']);
    await advance(BATCH_INTERVAL_MS);
    expect(sent.map((items) => items.map((item) => item.event))).toEqual([['pause']]);
  });
});
