import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsBatchSchema, type AnalyticsEvent } from '../contract/schemas/analytics-schema.ts';
import { INITIAL_AD_STATE } from '../ads/ad-state.ts';
import type { AppStore, AppView } from '../app/app-view.ts';
import { errorView } from '../app/app-errors.ts';
import type { PlayerApp } from '../app/player-app.ts';
import { createPlayerEvents } from '../core/events.ts';
import { PLAYER_ERROR_CODES, PlayerError } from '../contract/errors/player-error.ts';
import { createStore } from '../core/store.ts';
import type { AnalyticsClient } from '../workers-client/analytics-client.ts';
import { createFakeCore, fakeReadyView } from '../../test/fakes/fake-host-app.ts';
import { recordPlayerEvents } from './analytics-recorder.ts';
import { startAnalytics } from './start-analytics.ts';

/**
 * The entry's early buffer: what the page noted before the analytics chunk arrived leaves with
 * the page when it is hidden or left, as the collector's batch in a beacon, and reaches the page's
 * stat function; the chunk, arriving later, gives none of it out twice.
 */
function setUp() {
  const events = createPlayerEvents();
  const store: AppStore = createStore<{ view: AppView }>({ view: { status: 'loading' } });
  const app = { events, store, ads: { store: createStore(INITIAL_AD_STATE) } } as unknown as PlayerApp;
  const stat = vi.fn();
  const win = Object.assign(new EventTarget(), { location: { href: 'https://player.example/embed?movie_id=999' }, stat }) as unknown as Window;
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState, hidden: false });
  const beacons: AnalyticsEvent[][] = [];
  const sendBeacon = (url: string, body: string) => {
    expect(url).toBe('https://player.example/collect');
    // Exactly the collector's batch: what POST /collect validates.
    beacons.push(analyticsBatchSchema.parse(JSON.parse(body)).events);
    return true;
  };
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', maxTouchPoints: 0, sendBeacon });
  const config = { collectorUrl: '/collect', statFunction: 'stat', userId: 'viewer-1', apiBaseUrl: '/catalog-api', movieId: 999 };
  const recording = recordPlayerEvents(app, config, win, doc as unknown as Document);
  const core = createFakeCore(events);
  const setHidden = (hidden: boolean) => {
    doc.visibilityState = hidden ? 'hidden' : 'visible';
    doc.hidden = hidden;
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  /** The film opens, is asked to play, and its frames move for `seconds`, four time updates a second. */
  const watch = (seconds: number) => {
    store.update({ view: fakeReadyView(core) });
    events.emit('play-requested', {});
    events.emit('play', { currentTime: 0 });
    vi.advanceTimersByTime(300);
    events.emit('playing', { currentTime: 0 });
    for (let tick = 1; tick <= seconds * 4; tick += 1) {
      vi.advanceTimersByTime(250);
      events.emit('content-time', { currentTime: tick / 4, duration: 1200 });
    }
  };
  const leave = () => win.dispatchEvent(new Event('pagehide'));
  const heard = () => stat.mock.calls.map(([name]) => String(name).replace('videoplayer_', ''));
  return { app, config, win, doc, store, events, recording, beacons, stat, heard, watch, leave, setHidden };
}

const names = (events: AnalyticsEvent[]) => events.map((event) => event.event);

describe('the entry\'s own beacon', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'performance', 'Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a view left a second after its first frame leaves with the page: its play, its start and its end, heard by the stat function too', () => {
    const { beacons, heard, watch, leave } = setUp();
    watch(1);
    leave();
    expect(beacons.map(names)).toEqual([['play', 'view_start', 'view_end']]);
    const [play, start, end] = beacons[0]!;
    expect(new Set([play!.view_id, start!.view_id, end!.view_id]).size).toBe(1);
    expect(start!.detail.startup_ms).toBe(300);
    expect(end!.detail).toMatchObject({ exit_before_start: false, exit_during_preroll: false });
    expect(end!.payload.real_time_played_sec).toBeCloseTo(1, 1);
    expect(end!.payload.video_time_played_sec).toBeCloseTo(1, 1);
    expect(end!.payload).toMatchObject({ video_id: 2, user_id: 'viewer-1', device_type: 'desktop', current_time: 1 });
    expect(heard()).toEqual(['play', 'view_start', 'view_end']);
  });

  it('a stall is not time played: the count stops where the stall began, 300 ms before it was reported', () => {
    const { events, beacons, watch, leave } = setUp();
    watch(1);
    // The frames stop at 1 s; the event map says so 300 ms later; they move again a second after that.
    vi.advanceTimersByTime(300);
    events.emit('waiting', { waiting: true });
    vi.advanceTimersByTime(700);
    events.emit('waiting', { waiting: false });
    events.emit('playing', { currentTime: 1 });
    for (let tick = 1; tick <= 4; tick += 1) {
      vi.advanceTimersByTime(250);
      events.emit('content-time', { currentTime: 1 + tick / 4, duration: 1200 });
    }
    leave();
    const end = beacons.flat().find((event) => event.event === 'view_end');
    expect(end!.payload.real_time_played_sec).toBeCloseTo(2, 2);
  });

  it('a viewer who asked for the film and left before its first frame: a view that never started, and its end says so', () => {
    const { store, events, beacons, leave } = setUp();
    store.update({ view: fakeReadyView(createFakeCore(events)) });
    events.emit('play-requested', {});
    vi.advanceTimersByTime(500);
    leave();
    expect(beacons.map(names)).toEqual([['view_end']]);
    expect(beacons[0]![0]!.detail).toMatchObject({ exit_before_start: true });
  });

  it('a content that does not exist is a failed view of the id asked for: the card\'s code, category and id, once', () => {
    const { store, events, beacons, leave } = setUp();
    const failure = new PlayerError('catalogue', PLAYER_ERROR_CODES.CONTENT_NOT_FOUND, 'fatal', 'no such content');
    // The core's error and the card that shows it are the same failure.
    events.emit('error', { error: failure });
    store.update({ view: errorView(failure) });
    leave();
    expect(beacons.map(names)).toEqual([['error', 'view_end']]);
    const [error, end] = beacons[0]!;
    expect(error!.payload).toMatchObject({ video_id: 999, video_title: '', user_id: 'viewer-1' });
    expect(end!.view_id).toBe(error!.view_id);
    expect(error!.detail).toEqual({ error_code: PLAYER_ERROR_CODES.CONTENT_NOT_FOUND, error_category: 'catalogue', error_fatal: true, error_id: failure.id });
  });

  it('a film asked for that fails before its start is a failed view of that film, not a viewer\'s exit', () => {
    const { store, events, beacons, leave } = setUp();
    store.update({ view: fakeReadyView(createFakeCore(events)) });
    events.emit('play-requested', {});
    store.update({ view: errorView(new PlayerError('manifest', PLAYER_ERROR_CODES.MANIFEST_FAILED, 'fatal', 'manifest missing')) });
    leave();
    expect(beacons.map(names)).toEqual([['error', 'view_end']]);
    const [error, end] = beacons[0]!;
    expect(error!.payload).toMatchObject({ video_id: 2 });
    expect(error!.detail).toMatchObject({ error_category: 'manifest', error_fatal: true });
    expect(end!.detail).toMatchObject({ exit_before_start: false, exit_during_preroll: false });
  });

  it('each event leaves once: a page hidden twice sends the second end only, a page hidden then left nothing more', () => {
    const { beacons, heard, watch, leave, setHidden } = setUp();
    watch(1);
    setHidden(true);
    leave();
    expect(beacons.map(names)).toEqual([['play', 'view_start', 'view_end']]);
    setHidden(false);
    vi.advanceTimersByTime(1000);
    setHidden(true);
    expect(beacons.map(names)).toEqual([['play', 'view_start', 'view_end'], ['view_end']]);
    expect(heard()).toEqual(['play', 'view_start', 'view_end', 'view_end']);
  });

  it('once the analytics chunk took over, the entry sends nothing', () => {
    const { recording, beacons, watch, leave } = setUp();
    watch(1);
    recording.stop();
    leave();
    expect(beacons).toEqual([]);
  });
});

describe('the analytics chunk after the entry\'s beacon', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'performance', 'Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function chunkClient() {
    const pushed: AnalyticsEvent[] = [];
    const client: AnalyticsClient = { start: async () => undefined, push: (events) => pushed.push(...events), beaconed: () => undefined, destroy: () => undefined };
    return { client, pushed };
  }

  it('makes the same events under the same ids, and gives none of them out twice', () => {
    const { app, config, win, doc, recording, beacons, stat, watch, setHidden } = setUp();
    watch(1);
    // Hidden before the chunk came: the entry's beacon took the view so far.
    setHidden(true);
    const early = beacons.flat();
    setHidden(false);
    stat.mockClear();
    const { client, pushed } = chunkClient();
    const idle: Array<() => void> = [];
    startAnalytics({ app, config, recorded: recording.stop(), client, win, doc: doc as unknown as Document, beacon: () => true, whenIdle: (run) => idle.push(run) });
    idle.splice(0).forEach((run) => run());
    const earlyIds = new Set(early.map((event) => event.event_id));
    expect(pushed.filter((event) => earlyIds.has(event.event_id))).toEqual([]);
    expect(stat.mock.calls.map(([, payload]) => (payload as { event_id: string }).event_id).filter((id) => earlyIds.has(id))).toEqual([]);
  });

  it('makes the events of a seek once the page is idle, each at the time it happened; a hide before then sends them ahead of the view\'s end', () => {
    const { app, config, win, doc, recording, events, watch, setHidden } = setUp();
    watch(1);
    const { client, pushed } = chunkClient();
    const idle: Array<() => void> = [];
    const beaconed: AnalyticsEvent[] = [];
    const beacon = (_url: string, body: string) => beaconed.push(...analyticsBatchSchema.parse(JSON.parse(body)).events) > 0;
    startAnalytics({ app, config, recorded: recording.stop(), client, win, doc: doc as unknown as Document, beacon, whenIdle: (run) => idle.push(run) });
    idle.splice(0).forEach((run) => run());
    const before = pushed.length;
    events.emit('seeking', { currentTime: 1 });
    events.emit('seeked', { currentTime: 30, duration: 1200 });
    expect(pushed).toHaveLength(before);
    idle.splice(0).forEach((run) => run());
    expect(names(pushed.slice(before))).toContain('seek');
    events.emit('seeking', { currentTime: 30 });
    events.emit('seeked', { currentTime: 60, duration: 1200 });
    setHidden(true);
    const sent = names(beaconed);
    expect(sent.lastIndexOf('seek')).toBeGreaterThan(-1);
    expect(sent.lastIndexOf('seek')).toBeLessThan(sent.indexOf('view_end'));
  });

  it('the chunk\'s tracker names the early events as the entry did, so the collector keeps each once', () => {
    const { app, config, win, doc, recording, beacons, watch, setHidden } = setUp();
    watch(1);
    setHidden(true);
    const early = beacons.flat();
    expect(names(early)).toEqual(['play', 'view_start', 'view_end']);
    const recorded = recording.stop();
    // As if neither the beacon nor the stat function had taken them: the chunk makes every event itself.
    recorded.heard.clear();
    recorded.sent.clear();
    const { client, pushed } = chunkClient();
    const idle: Array<() => void> = [];
    startAnalytics({ app, config, recorded, client, win, doc: doc as unknown as Document, beacon: () => true, whenIdle: (run) => idle.push(run) });
    expect(pushed).toEqual([]);
    idle.splice(0).forEach((run) => run());
    const made = new Map(pushed.map((event) => [event.event_id, event]));
    for (const event of early) {
      expect(made.get(event.event_id)?.event, event.event).toBe(event.event);
      expect(made.get(event.event_id)?.view_id).toBe(event.view_id);
    }
  });
});
