import { describe, expect, it } from 'vitest';
import { analyticsEventSchema, type AnalyticsEvent } from '../contract/schemas/analytics-schema.ts';
import type { AnalyticsInput, ViewContext } from '../../workers/analytics/analytics-inputs.ts';
import { createViewTracker } from './view-tracker.ts';

const context: ViewContext = {
  video_id: 4, video_title: 'Москва слезам не верит', video_category: 'movie', video_thumbnail: '/catalog-api/media/posters/4.jpg',
  ratings: { kinopoisk: 8.3, imdb: 8.1 }, kinopoisk_id: 43395, IMDb_id: 'tt0079579', year: 1979, countries: ['ru'],
  season: null, episode: null, language: 'Оригинал', user_id: 'u-1', isTrailer: false, device_type: 'desktop',
};

type Step = AnalyticsInput extends infer I ? (I extends { t: number } ? Omit<I, 't'> : never) : never;

/** Feeds `steps` at the given times; returns every event made, each checked against the schema. */
function run(steps: [number, Step][]): AnalyticsEvent[] {
  let id = 0;
  const tracker = createViewTracker(() => `id-${String(++id).padStart(6, '0')}`);
  const events = steps.flatMap(([t, step]) => tracker.take({ ...step, t } as AnalyticsInput));
  for (const event of events) analyticsEventSchema.parse(event);
  return events;
}
const names = (events: AnalyticsEvent[]) => events.map((event) => event.event);
const one = (events: AnalyticsEvent[], name: string) => {
  const found = events.filter((event) => event.event === name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
};
const opened: [number, Step] = [0, { type: 'view', episodeId: 40, context }];

/** A start at 1000 ms after a play request at 0 ms: playing at 1000, the playhead moves at 1250. */
const started: [number, Step][] = [
  opened,
  [0, { type: 'play-requested' }],
  [10, { type: 'play' }],
  [1000, { type: 'playing' }],
  [1250, { type: 'time', currentTime: 0.25, duration: 100 }],
];

describe('start-up time: play requested → first frame with the playhead moving', () => {
  it('is measured to the playing that the playhead confirms', () => {
    const events = run(started);
    expect(one(events, 'view_start').detail.startup_ms).toBe(1000);
    expect(names(events)).toEqual(['play', 'view_start']);
  });

  it('leaves the preroll out: the break\'s time is not start-up', () => {
    const events = run([
      opened,
      [0, { type: 'play-requested' }],
      [100, { type: 'ad-break', state: 'start', breakType: 'preroll' }],
      [200, { type: 'ad', event: 'ad_loaded', breakType: 'preroll', adId: 'c1', currentTime: 0, duration: 15 }],
      [15_100, { type: 'ad-break', state: 'end', breakType: 'preroll' }],
      [15_150, { type: 'play' }],
      [15_250, { type: 'playing' }],
      [15_500, { type: 'time', currentTime: 0.25, duration: 100 }],
    ]);
    expect(one(events, 'view_start').detail.startup_ms).toBe(250);
  });

  it('a preroll that fails (a dead ad server, 8 s to the deadline) is neither start-up nor rebuffering', () => {
    const events = run([
      opened,
      [0, { type: 'play-requested' }],
      [0, { type: 'ad-break', state: 'start', breakType: 'preroll' }],
      [8000, { type: 'ad-break', state: 'end', breakType: 'preroll' }],
      [8010, { type: 'play' }],
      [8100, { type: 'playing' }],
      [8350, { type: 'time', currentTime: 0.25, duration: 100 }],
      [9000, { type: 'hide' }],
    ]);
    expect(one(events, 'view_start').detail.startup_ms).toBe(100);
    expect(one(events, 'view_end').detail).toMatchObject({ rebuffer_count: 0, rebuffer_total_ms: 0, exit_before_start: false });
  });

  it('a view left before its first frame is an exit before start, during the preroll if one played', () => {
    const during = run([opened, [0, { type: 'play-requested' }], [100, { type: 'ad-break', state: 'start', breakType: 'preroll' }], [3000, { type: 'hide' }]]);
    expect(one(during, 'view_end').detail).toMatchObject({ exit_before_start: true, exit_during_preroll: true });
    const after = run([...started, [5000, { type: 'hide' }]]);
    expect(one(after, 'view_end').detail).toMatchObject({ exit_before_start: false, exit_during_preroll: false });
  });
});

describe('rebuffering', () => {
  it('a stall is counted from when it began (the 300 ms before it was reported) to its end', () => {
    const events = run([...started, [5000, { type: 'waiting', waiting: true }], [6200, { type: 'waiting', waiting: false }], [6200, { type: 'playing' }], [9000, { type: 'hide' }]]);
    expect(one(events, 'rebuffer').detail.rebuffer_ms).toBe(1500);
    expect(one(events, 'view_end').detail).toMatchObject({ rebuffer_count: 1, rebuffer_total_ms: 1500 });
  });

  it('a stall is not time played: the count stops where the stall began, 300 ms before it was reported', () => {
    const events = run([...started, [5000, { type: 'waiting', waiting: true }], [6200, { type: 'waiting', waiting: false }], [6200, { type: 'playing' }], [9000, { type: 'hide' }]]);
    // Playing from 1000 to 4700, stalled to 6200, playing again to 9000: played and stalled add up to the time since 1000.
    expect(one(events, 'view_end').payload.real_time_played_sec).toBeCloseTo(6.5, 3);
  });

  it('a playhead that stopped before the element said it waits is not playing: time played ends within a time update of the last move', () => {
    const steps: [number, Step][] = [...started];
    for (let at = 1500; at <= 4000; at += 250) steps.push([at, { type: 'time', currentTime: (at - 1000) / 1000, duration: 100 }]);
    // No time update after 4000: the playhead stopped by 4250. The element said 'waiting' at 4600, reported at 4900.
    steps.push([4900, { type: 'waiting', waiting: true }], [6000, { type: 'waiting', waiting: false }], [6000, { type: 'playing' }]);
    for (let at = 6250; at <= 7000; at += 250) steps.push([at, { type: 'time', currentTime: 3 + (at - 6000) / 1000, duration: 100 }]);
    steps.push([7000, { type: 'hide' }]);
    const events = run(steps);
    // Playing from 1000 to at most 4250, and from 6000 to 7000.
    expect(one(events, 'view_end').payload.real_time_played_sec).toBeCloseTo(4.25, 3);
  });

  it('a short wait the event map never reported (under its 300 ms) is not counted', () => {
    const events = run([...started, [5200, { type: 'waiting', waiting: false }], [6000, { type: 'hide' }]]);
    expect(names(events)).not.toContain('rebuffer');
    expect(one(events, 'view_end').detail.rebuffer_count).toBe(0);
  });

  it('the wait for a seek is seek latency, not rebuffering', () => {
    const events = run([
      ...started,
      [5000, { type: 'time', currentTime: 4, duration: 100 }],
      [5100, { type: 'seeking', currentTime: 60 }],
      [5500, { type: 'waiting', waiting: true }],
      [6000, { type: 'waiting', waiting: false }],
      [6000, { type: 'seeked', currentTime: 60 }],
      [6000, { type: 'playing' }],
      [7000, { type: 'hide' }],
    ]);
    expect(names(events)).not.toContain('rebuffer');
    expect(one(events, 'seek').detail).toMatchObject({ seek_from: 4, seek_to: 60, seek_latency_ms: 900 });
  });

  it('waits inside an ad break are the break\'s, never the film\'s', () => {
    const events = run([
      ...started,
      [10_000, { type: 'ad-break', state: 'start', breakType: 'midroll' }],
      [10_100, { type: 'pause' }],
      [11_000, { type: 'waiting', waiting: true }],
      [14_000, { type: 'waiting', waiting: false }],
      [20_000, { type: 'ad-break', state: 'end', breakType: 'midroll' }],
      [20_050, { type: 'play' }],
      [21_000, { type: 'hide' }],
    ]);
    expect(names(events)).not.toContain('rebuffer');
    // The break paused the film: that pause was not the viewer's.
    expect(names(events).filter((name) => name === 'pause')).toEqual([]);
    expect(one(events, 'view_end').detail.rebuffer_total_ms).toBe(0);
  });
});

describe('seeks', () => {
  it('seeks under 2 s apart are one seek, from the first place to the last', () => {
    const events = run([
      ...started,
      [3000, { type: 'time', currentTime: 2, duration: 100 }],
      [3100, { type: 'seeking', currentTime: 20 }],
      [3600, { type: 'seeking', currentTime: 40 }],
      [4000, { type: 'seeked', currentTime: 40 }],
    ]);
    expect(one(events, 'seek').detail).toMatchObject({ seek_from: 2, seek_to: 40, seek_latency_ms: 900 });
  });
});

describe('time played, milestones and the 60 s time update', () => {
  it('counts wall time and content time while the frames move; a seek is not watching', () => {
    const steps: [number, Step][] = [...started];
    for (let second = 1; second <= 30; second += 1) steps.push([1250 + second * 1000, { type: 'time', currentTime: 0.25 + second, duration: 100 }]);
    steps.push([31_300, { type: 'seeking', currentTime: 80 }], [31_500, { type: 'seeked', currentTime: 80 }], [32_500, { type: 'time', currentTime: 81, duration: 100 }], [32_500, { type: 'pause' }]);
    const last = run(steps).at(-1)!;
    expect(last.payload.video_time_played_sec).toBeCloseTo(31, 3);
    // Playing from 1000 to 31 300 and from 31 500 to 32 500.
    expect(last.payload.real_time_played_sec).toBeCloseTo(31.3, 3);
  });

  it('each milestone once per view, in order, and 100 % at the end', () => {
    const events = run([
      ...started,
      [2000, { type: 'time', currentTime: 26, duration: 100 }],
      [3000, { type: 'time', currentTime: 27, duration: 100 }],
      [3100, { type: 'seeking', currentTime: 5 }],
      [3200, { type: 'seeked', currentTime: 5 }],
      [4000, { type: 'time', currentTime: 30, duration: 100 }],
      [5000, { type: 'time', currentTime: 96, duration: 100 }],
      [6000, { type: 'ended' }],
    ]);
    expect(events.filter((event) => event.event === 'progress').map((event) => event.detail.milestone)).toEqual([10, 25, 50, 75, 95, 100]);
    expect(names(events).at(-1)).toBe('ended');
  });

  it('a view that reached the credits is completed there: 100 % with credits_start, not again at the end', () => {
    const events = run([
      ...started,
      [2000, { type: 'time', currentTime: 79, duration: 100 }],
      [2100, { type: 'credits-start' }],
      [3000, { type: 'time', currentTime: 99, duration: 100 }],
      [4000, { type: 'ended' }],
    ]);
    expect(names(events).filter((name) => name !== 'play' && name !== 'view_start')).toEqual([
      'progress', 'progress', 'progress', 'progress', 'credits_start', 'progress', 'progress', 'ended',
    ]);
    expect(events.filter((event) => event.event === 'progress').map((event) => event.detail.milestone)).toEqual([10, 25, 50, 75, 95, 100]);
    expect(one(events, 'credits_start').payload.current_time).toBe(79);
  });

  it('an intro skip says whether it was the viewer’s click', () => {
    const events = run([...started, [2000, { type: 'intro-skip', auto: true }], [3000, { type: 'intro-skip', auto: false }]]);
    expect(events.filter((event) => event.event === 'intro_skip').map((event) => event.detail.auto)).toEqual([true, false]);
  });

  it('a time update after every 60 s of playing, not of paused time', () => {
    const steps: [number, Step][] = [...started];
    for (let second = 1; second <= 130; second += 1) steps.push([1000 + second * 1000, { type: 'time', currentTime: second, duration: 7200 }]);
    steps.push([131_500, { type: 'pause' }], [400_000, { type: 'play' }], [400_000, { type: 'playing' }], [401_000, { type: 'time', currentTime: 131, duration: 7200 }]);
    const updates = run(steps).filter((event) => event.event === 'timeupdate');
    expect(updates.map((event) => Math.floor(event.payload.real_time_played_sec))).toEqual([60, 120]);
  });

  it('a new episode is a new view: its milestones and counters start again', () => {
    const events = run([
      ...started,
      [2000, { type: 'time', currentTime: 30, duration: 100 }],
      [3000, { type: 'view', episodeId: 41, context: { ...context, episode: 2 } }],
      [3000, { type: 'play' }],
      [3100, { type: 'playing' }],
      [3300, { type: 'time', currentTime: 0.2, duration: 100 }],
      [4000, { type: 'time', currentTime: 30, duration: 100 }],
    ]);
    const views = [...new Set(events.map((event) => event.view_id))];
    expect(views).toHaveLength(2);
    expect(events.filter((event) => event.event === 'progress' && event.view_id === views[1]).map((event) => event.detail.milestone)).toEqual([10, 25]);
    expect(one(events, 'view_end').view_id).toBe(views[0]);
    expect(events.at(-1)!.payload).toMatchObject({ episode: 2, real_time_played_sec: 0.9 });
  });
});

describe('the rest of the spec\'s events', () => {
  it('ad_timeupdate at most once a second; ad events carry the break and the ad', () => {
    const ad = (t: number, currentTime: number): [number, Step] => [t, { type: 'ad', event: 'ad_timeupdate', breakType: 'preroll', adId: 'c1', currentTime, duration: 15 }];
    const events = run([opened, [0, { type: 'ad-break', state: 'start', breakType: 'preroll' }], ad(0, 0), ad(400, 0.4), ad(999, 1), ad(1000, 1), ad(2500, 2.5)]);
    expect(events.map((event) => event.ts)).toEqual([0, 1000, 2500]);
    expect(events[0]!.detail).toMatchObject({ ad_break: 'preroll', ad_current_id: 'c1', ad_current_duration: 15 });
  });

  it('a break asked for and an ad that failed: the break, and the failure\'s VAST error code', () => {
    const events = run([
      opened,
      [0, { type: 'ad', event: 'ad_init', breakType: 'preroll', adId: undefined, currentTime: 0, duration: 0 }],
      [500, { type: 'ad', event: 'ad_break_request', breakType: 'preroll', adId: undefined, currentTime: 0, duration: 0 }],
      [900, { type: 'ad', event: 'ad_error', breakType: 'preroll', adId: 'c1', currentTime: 0, duration: 15, errorCode: 405 }],
    ]);
    expect(names(events)).toEqual(['ad_init', 'ad_break_request', 'ad_error']);
    expect(one(events, 'ad_break_request').detail).toEqual({ ad_break: 'preroll', ad_current_time: 0, ad_current_duration: 0 });
    expect(one(events, 'ad_error').detail).toMatchObject({ ad_break: 'preroll', ad_current_id: 'c1', ad_error_code: 405 });
  });

  it('quality changes name the one before; the first rendition is not a change', () => {
    const events = run([...started, [1300, { type: 'rendition', height: 360 }], [5000, { type: 'rendition', height: 720 }], [9000, { type: 'hide' }]]);
    const change = one(events, 'quality_change');
    expect(change.detail.previous_quality).toBe('360p');
    expect(change.payload.video_quality).toBe('720p');
    // 3.7 s at 360p, 4 s at 720p.
    expect(one(events, 'view_end').detail.weighted_height).toBe(Math.round((3700 * 360 + 4000 * 720) / 7700));
  });

  it('mute and unmute are changes: the starting state is not one', () => {
    const events = run([opened, [0, { type: 'muted', muted: true }], [10, { type: 'muted', muted: false }], [20, { type: 'muted', muted: false }]]);
    expect(names(events)).toEqual(['unmute']);
  });

  it('a fatal error carries its code, the id the viewer saw and the network class', () => {
    const events = run([opened, [0, { type: 'network', networkType: '3g' }], [5, { type: 'error', code: 4, category: 'network', fatal: true, id: 'ab12cd34' }]]);
    expect(one(events, 'error')).toMatchObject({ network_type: '3g', detail: { error_code: 4, error_fatal: true, error_id: 'ab12cd34' } });
  });

  it('the episode\'s ad history holds whenever it came: a preroll recorded before the view began counts', () => {
    const item = { id: 'c1', type: 'preroll' as const, position: 0, duration: 15, perc: 0 };
    const events = run([
      [0, { type: 'ad-history', items: [] }],
      [100, { type: 'ad-history', items: [item] }],
      opened,
      [200, { type: 'play' }],
      [300, { type: 'view', episodeId: 41, context }],
      [300, { type: 'ad-history', items: [] }],
      [400, { type: 'play' }],
    ]);
    expect(events.filter((event) => event.event === 'play').map((event) => event.payload.ad_id)).toEqual([['c1'], []]);
  });

  it('the payload carries the content, the view and the ad history', () => {
    const events = run([
      ...started,
      [1300, { type: 'ad-history', items: [{ id: 'c1', type: 'preroll', position: 0, duration: 15, perc: 0 }] }],
      [1400, { type: 'rate', rate: 1.5 }],
      [1500, { type: 'ui', action: 'popup_open', popup: 'settings' }],
    ]);
    expect(one(events, 'popup_open').payload).toMatchObject({
      video_id: 4, player_type: 'embedded', video_category: 'movie', IMDb_id: 'tt0079579', playback_rate: 1.5, device_type: 'desktop',
      ad_id: ['c1'], ad_type: ['preroll'], ad_duration_sec: [15], ad_position_perc: [0], ad_position: [0],
    });
  });

  it('the data saver turning on and off is told with who turned it', () => {
    const events = run([
      ...started,
      [1300, { type: 'data-saver', on: true, reason: 'save-data' }],
      [1400, { type: 'data-saver', on: false, reason: 'viewer' }],
    ]);
    expect(one(events, 'data_saver_on').detail).toEqual({ data_saver_reason: 'save-data' });
    expect(one(events, 'data_saver_off').detail).toEqual({ data_saver_reason: 'viewer' });
  });
});

describe('failures and the entry\'s recorded inputs', () => {
  const failure = { type: 'error', code: 2101, category: 'manifest', fatal: true, id: 'f00d1234' } as const;

  it('a failure before any view opens one for the content it names, told once however often it is heard', () => {
    const events = run([[0, { type: 'play-requested' }], [5, { ...failure, context }], [6, { ...failure, context }], [9, { type: 'hide' }]]);
    expect(names(events)).toEqual(['error', 'view_end']);
    expect(events[0]!.payload.video_id).toBe(4);
    expect(events[1]!.view_id).toBe(events[0]!.view_id);
    // Failed, not left: the view's end is no exit before the start.
    expect(events[1]!.detail).toMatchObject({ exit_before_start: false, exit_during_preroll: false });
  });

  it('a failure without a view or a content to name makes nothing', () => {
    expect(run([[5, failure]])).toEqual([]);
  });

  it('a recorded input\'s key names its view and its events, so the entry\'s beacon and the tracker agree', () => {
    const keyed: [number, Step][] = [
      [0, { type: 'view', episodeId: 40, context, key: 'frame-load-1' }],
      [0, { type: 'play-requested', key: 'frame-load-2' }],
      [10, { type: 'play', key: 'frame-load-3' }],
      [1000, { type: 'playing', key: 'frame-load-4' }],
      [1250, { type: 'time', currentTime: 0.25, duration: 100, key: 'frame-load-5' }],
      [2000, { type: 'hide', key: 'frame-load-6' }],
    ];
    const events = run(keyed);
    expect(events.map((event) => [event.event_id, event.view_id])).toEqual([
      ['frame-load-3-play', 'frame-load-1'],
      ['frame-load-5-view_start', 'frame-load-1'],
      ['frame-load-6-view_end', 'frame-load-1'],
    ]);
    expect(run(keyed).map((event) => event.event_id)).toEqual(events.map((event) => event.event_id));
  });
});
