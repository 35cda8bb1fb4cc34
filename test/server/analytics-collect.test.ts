import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectResultSchema, MAX_BATCH_BYTES, type AnalyticsBatch } from '../../src/contract/schemas/analytics-schema.ts';
import { AnalyticsRepository } from '../../server/analytics/analytics-repository.ts';
import { batchOf, eventOf, newViewId } from './analytics-events.ts';
import { expectApiError, expectJson, startTestApp, type TestApp } from './helpers.ts';

// POST /collect: the players' analytics batches, validated, stored once per event_id.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (body: unknown, contentType = 'application/json', app = t.app, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/collect',
    headers: { 'content-type': contentType, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function storedOf(viewId: string) {
  return t.db.query<{ event_id: string; event: string; ts: Date | string; network_type: string; video_id: string | number; payload: unknown; detail: unknown }>(
    'SELECT event_id, event, ts, network_type, video_id, payload, detail FROM analytics_events WHERE view_id = $1 ORDER BY ts',
    [viewId],
  );
}

function threeEvents(viewId = newViewId()): AnalyticsBatch {
  const start = Date.UTC(2030, 0, 2, 10, 0, 0, 125);
  return batchOf([
    eventOf({ event: 'view_start', viewId, ts: start, detail: { startup_ms: 640 } }),
    eventOf({ event: 'rebuffer', viewId, ts: start + 5000, networkType: '4g', detail: { rebuffer_ms: 900 } }),
    eventOf({ event: 'view_end', viewId, ts: start + 60_000, payload: { real_time_played_sec: 58.5 }, detail: { exit_before_start: false } }),
  ]);
}

describe('a valid batch', () => {
  it('is stored event by event, payload and detail as sent', async () => {
    const batch = threeEvents();
    const viewId = batch.events[0]!.view_id;
    expect(expectJson(await post(batch), 200, collectResultSchema)).toEqual({ accepted: 3, duplicates: 0 });
    const rows = await storedOf(viewId);
    expect(rows.map((row) => row.event_id)).toEqual(batch.events.map((event) => event.event_id));
    expect(rows.map((row) => row.event)).toEqual(['view_start', 'rebuffer', 'view_end']);
    expect(rows.map((row) => new Date(row.ts).getTime())).toEqual(batch.events.map((event) => event.ts));
    expect(rows.map((row) => row.network_type)).toEqual(['wifi', '4g', 'wifi']);
    expect(rows.map((row) => Number(row.video_id))).toEqual([1, 1, 1]);
    expect(rows.map((row) => row.payload)).toEqual(batch.events.map((event) => event.payload));
    expect(rows.map((row) => row.detail)).toEqual(batch.events.map((event) => event.detail));
  });

  it('sent twice is stored once, the second answer counting duplicates', async () => {
    const batch = threeEvents();
    expect(expectJson(await post(batch), 200, collectResultSchema)).toEqual({ accepted: 3, duplicates: 0 });
    expect(expectJson(await post(batch), 200, collectResultSchema)).toEqual({ accepted: 0, duplicates: 3 });
    expect(await storedOf(batch.events[0]!.view_id)).toHaveLength(3);
  });

  it('with a new event beside resent ones stores only the new one', async () => {
    const batch = threeEvents();
    await post({ ...batch, events: batch.events.slice(0, 2) });
    expect(expectJson(await post(batch), 200, collectResultSchema)).toEqual({ accepted: 1, duplicates: 2 });
  });

  it('repeating an event inside itself stores it once', async () => {
    const batch = threeEvents();
    const repeated = { ...batch, events: [...batch.events, batch.events[0]!] };
    expect(expectJson(await post(repeated), 200, collectResultSchema)).toEqual({ accepted: 3, duplicates: 1 });
  });

  it('sent by navigator.sendBeacon (text/plain;charset=UTF-8) is read as the same JSON', async () => {
    const batch = threeEvents();
    expect(expectJson(await post(batch, 'text/plain;charset=UTF-8'), 200, collectResultSchema)).toEqual({ accepted: 3, duplicates: 0 });
    expect(await storedOf(batch.events[0]!.view_id)).toHaveLength(3);
  });

  it('is not cached, and may come from any origin without credentials', async () => {
    const response = await post(threeEvents(), 'application/json', t.app, { origin: 'https://host.example' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/collect',
      headers: { origin: 'https://host.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
  });

  it('just under the player\'s 60 000-byte budget is accepted', async () => {
    const viewId = newViewId();
    const events = [];
    for (let index = 0; JSON.stringify(batchOf(events)).length < MAX_BATCH_BYTES - 1500; index += 1) {
      events.push(eventOf({ event: 'timeupdate', viewId, ts: 1_900_000_000_000 + index, payload: { real_time_played_sec: index } }));
    }
    const body = JSON.stringify(batchOf(events));
    expect(body.length).toBeLessThan(MAX_BATCH_BYTES);
    expect(expectJson(await post(body), 200, collectResultSchema).accepted).toBe(events.length);
  });
});

describe('a batch that is refused', () => {
  it('names every field that is wrong, and nothing of it is stored', async () => {
    const batch = threeEvents();
    const broken = structuredClone(batch) as unknown as { events: Array<Record<string, unknown> & { payload: Record<string, unknown> }> };
    broken.events[1]!.event = 'teleport';
    broken.events[2]!.payload.video_id = 'one';
    const error = expectApiError(await post(broken), 400);
    expect(error.message).toContain('events.1.event');
    expect(error.message).toContain('events.2.payload.video_id');
    expect(error.message).not.toContain('events.0');
    expect(await storedOf(batch.events[0]!.view_id)).toEqual([]);
  });

  it.each([
    ['no events', { sent_at: 1, events: [] }, 'events'],
    ['no sent_at', { events: threeEvents().events }, 'sent_at'],
    ['an unknown top-level key', { ...threeEvents(), extra: 1 }, '(fields)'],
    ['an unknown detail key', { sent_at: 1, events: [{ ...threeEvents().events[0]!, detail: { startup: 1 } }] }, 'events.0.detail'],
    ['an array', [1, 2], '(whole)'],
  ])('with %s is a 400 naming the field', async (_name, body, path) => {
    expect(expectApiError(await post(body), 400).message).toContain(path);
  });

  it('that is not JSON is a 400, sent as JSON or as text', async () => {
    expectApiError(await post('{"sent_at": 1, "events": [', 'application/json'), 400);
    expectApiError(await post('not json at all', 'text/plain;charset=UTF-8'), 400);
    expectApiError(await post('', 'text/plain'), 400);
  });

  it('with a text jsonb cannot store (NUL, a lone surrogate) is a 400 naming the field', async () => {
    for (const title of ['a\u0000b', 'broken \ud800 pair']) {
      const batch = threeEvents();
      batch.events[1]!.payload.video_title = title;
      expect(expectApiError(await post(batch), 400).message).toContain('events.1.payload.video_title');
    }
  });

  it('sent as another media type is a 415', async () => {
    expect((await post(threeEvents(), 'application/xml')).statusCode).toBe(415);
  });

  it('over 64 kB is a 413 before it is read', async () => {
    const viewId = newViewId();
    const events = Array.from({ length: 120 }, (_, index) => eventOf({ event: 'timeupdate', viewId, ts: 1_900_000_000_000 + index }));
    const body = JSON.stringify(batchOf(events));
    expect(body.length).toBeGreaterThan(64 * 1024);
    for (const contentType of ['application/json', 'text/plain;charset=UTF-8']) {
      const error = expectApiError(await post(body, contentType), 413);
      expect(error.statusCode).toBe(413);
    }
    expect(await storedOf(viewId)).toEqual([]);
  });
});

describe('the rate limit', () => {
  it('answers 429 with Retry-After past the configured batches per minute, per client', async () => {
    const limited = await startTestApp({ collectRateLimit: 3 }, t.db);
    try {
      const from = (remoteAddress: string) => limited.app.inject({
        method: 'POST', url: '/collect', remoteAddress, headers: { 'content-type': 'application/json', origin: 'https://host.example' }, payload: JSON.stringify(threeEvents()),
      });
      for (let index = 0; index < 3; index += 1) expect((await from('198.51.100.7')).statusCode).toBe(200);
      const refused = await from('198.51.100.7');
      expectApiError(refused, 429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The player's frame may be on another origin: it must be able to read the refusal.
      expect(refused.headers['access-control-allow-origin']).toBe('*');
      expect((await from('198.51.100.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('is off with COLLECT_RATE_LIMIT=0', async () => {
    const unlimited = await startTestApp({ collectRateLimit: 0 }, t.db);
    try {
      for (let index = 0; index < 5; index += 1) {
        expect((await post(threeEvents(), 'application/json', unlimited.app)).statusCode).toBe(200);
      }
    } finally {
      await unlimited.close();
    }
  });

  it('leaves the rest of the server alone', async () => {
    const limited = await startTestApp({ collectRateLimit: 1 }, t.db);
    try {
      for (let index = 0; index < 5; index += 1) expect((await limited.app.inject('/catalog-api/contents/1')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('retention', () => {
  it('deletes the events that arrived more than the retention\'s days ago, and only those', async () => {
    const old = threeEvents();
    const recent = threeEvents();
    await post(old);
    await post(recent);
    await t.db.query("UPDATE analytics_events SET received_at = now() - interval '91 days' WHERE view_id = $1", [old.events[0]!.view_id]);
    expect(await new AnalyticsRepository(t.db).deleteReceivedBefore(90)).toBe(3);
    expect(await storedOf(old.events[0]!.view_id)).toEqual([]);
    expect(await storedOf(recent.events[0]!.view_id)).toHaveLength(3);
  });
});
