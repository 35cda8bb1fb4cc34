import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../server/config.ts';
import type { StoredErrorReport } from '../../server/errors/error-reports-repository.ts';
import { ERROR_TUNNEL_BODY_LIMIT_BYTES, ERROR_TUNNEL_RATE_LIMIT_PER_MINUTE } from '../../server/errors/error-tunnel-routes.ts';
import { expectApiError, startTestApp, type ConfigOverrides, type TestApp } from './helpers.ts';
import { openTestDatabase } from './test-database.ts';
import type { Database } from '../../server/db/database.ts';

// POST /error-tunnel (the players' Sentry envelopes) and GET /admin/error-reports.
const DSN = 'http://public@127.0.0.1:9/1';
const TOKEN = 'error-reports-test-token-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };

let db: Database;
let t: TestApp;
beforeAll(async () => {
  db = await openTestDatabase();
  t = await startTestApp({ adminToken: TOKEN, errorReporting: { dsn: DSN, forward: false } }, db);
});
afterAll(async () => {
  await t.close();
  await db.close();
});

/** An error event's envelope as @sentry/browser writes it. */
function errorEnvelope(errorId: string, dsn = DSN): string {
  const eventId = errorId.padEnd(32, '0');
  const event = {
    event_id: eventId,
    level: 'fatal',
    tags: { project: 'kino', error_id: errorId, error_code: '4', error_category: 'network' },
    exception: { values: [{ type: 'PlayerError', value: 'Failed to load resource.' }] },
  };
  return [JSON.stringify({ event_id: eventId, dsn, sent_at: new Date().toISOString(), sdk: { name: 'sentry.javascript.browser', version: '11.12.0' } }), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n');
}

/** A replay envelope: a binary recording, length-prefixed, with a newline inside it. */
function replayEnvelope(): Buffer {
  const recording = Buffer.from([0x7b, 0x0a, 0x00, 0xff, 0x0a, 0x7d]);
  return Buffer.concat([
    Buffer.from(`${JSON.stringify({ event_id: 'f'.repeat(32), dsn: DSN })}\n${JSON.stringify({ type: 'replay_event' })}\n{"replay_id":"r"}\n`),
    Buffer.from(`${JSON.stringify({ type: 'replay_recording', length: recording.length })}\n`),
    recording,
  ]);
}

function post(app: TestApp, payload: string | Buffer, contentType: string | undefined = 'text/plain;charset=UTF-8') {
  return app.app.inject({ method: 'POST', url: '/error-tunnel', payload, headers: contentType ? { 'content-type': contentType } : {} });
}

async function listed(app: TestApp = t): Promise<StoredErrorReport[]> {
  const response = await app.app.inject({ url: '/admin/error-reports', headers: AUTH });
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { reports: StoredErrorReport[] }).reports;
}

describe('POST /error-tunnel', () => {
  it('stores an error report with its project, the viewer\'s error id and the code', async () => {
    const response = await post(t, errorEnvelope('a1b2c3d4'));
    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ id: 'a1b2c3d4'.padEnd(32, '0') });
    const report = (await listed()).find((stored) => stored.errorId === 'a1b2c3d4');
    expect(report).toMatchObject({
      project: 'kino',
      errorCode: '4',
      level: 'fatal',
      itemTypes: ['event'],
      eventId: 'a1b2c3d4'.padEnd(32, '0'),
      title: 'PlayerError: Failed to load resource.',
      forwarded: false,
      header: { dsn: DSN, sdk: { name: 'sentry.javascript.browser', version: '11.12.0' } },
    });
    expect(report!.tags).toMatchObject({ error_category: 'network' });
  });

  it('takes the envelope type and a binary replay sent with no type at all', async () => {
    expect((await post(t, errorEnvelope('0e0e0e0e'), 'application/x-sentry-envelope')).statusCode).toBe(200);
    expect((await post(t, replayEnvelope(), undefined)).statusCode).toBe(200);
    const reports = await listed();
    expect(reports.some((report) => report.errorId === '0e0e0e0e')).toBe(true);
    expect(reports.find((report) => report.eventId === 'f'.repeat(32))?.itemTypes).toEqual(['replay_event', 'replay_recording']);
  });

  it('refuses an envelope for another DSN, and stores nothing', async () => {
    const before = (await listed()).length;
    expectApiError(await post(t, errorEnvelope('f0f0f0f0', 'http://public@sentry.example/1')), 403);
    expectApiError(await post(t, errorEnvelope('f0f0f0f1', 'http://other@127.0.0.1:9/1')), 403);
    expect(await listed()).toHaveLength(before);
  });

  it.each([
    ['a header that is not JSON', 'not json\n{"type":"event"}\n{}'],
    ['no DSN in the header', `{"event_id":"x"}\n{"type":"event"}\n{}`],
    ['a DSN that is not one', `{"dsn":"https://sentry.example/1"}\n{"type":"event"}\n{}`],
    ['an item without a type', `{"dsn":"${DSN}"}\n{"length":2}\n{}`],
    ['a length past the end', `{"dsn":"${DSN}"}\n{"type":"event","length":99}\n{}`],
    ['an empty body', ''],
  ])('answers 400 for %s', async (_name, payload) => {
    expectApiError(await post(t, payload), 400);
  });

  it('answers 415 for a body that is not an envelope type', async () => {
    expectApiError(await post(t, errorEnvelope('aaaaaaaa'), 'application/json'), 415);
  });

  it(`answers 413 past ${ERROR_TUNNEL_BODY_LIMIT_BYTES} bytes`, async () => {
    const big = `${errorEnvelope('bbbbbbbb')}\n${JSON.stringify({ type: 'attachment' })}\n${'x'.repeat(ERROR_TUNNEL_BODY_LIMIT_BYTES)}`;
    expectApiError(await post(t, big), 413);
  });

  it(`limits a client to ${ERROR_TUNNEL_RATE_LIMIT_PER_MINUTE} envelopes a minute`, async () => {
    const own = await startTestApp({ errorReporting: { dsn: DSN, forward: false } }, db);
    try {
      for (let sent = 0; sent < ERROR_TUNNEL_RATE_LIMIT_PER_MINUTE; sent += 1) expect((await post(own, 'x')).statusCode).toBe(400);
      const refused = await post(own, errorEnvelope('cccccccc'));
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await own.close();
    }
  });

  it('takes any DSN when none is configured (the players then send nothing unless told one)', async () => {
    const open = await startTestApp({ adminToken: TOKEN, errorReporting: { dsn: undefined, forward: false } }, db);
    try {
      expect((await post(open, errorEnvelope('dddddddd', 'https://key@sentry.example/7'))).statusCode).toBe(200);
      expect((await listed(open)).find((report) => report.errorId === 'dddddddd')?.forwarded).toBe(false);
    } finally {
      await open.close();
    }
  });
});

describe('forwarding to Sentry (ERROR_FORWARD)', () => {
  let sentry: Server;
  let port: number;
  const received: { url: string | undefined; type: string | undefined; body: Buffer }[] = [];
  let arrived: (() => void) | undefined;
  beforeAll(async () => {
    sentry = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ url: request.url, type: request.headers['content-type'], body: Buffer.concat(chunks) });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        arrived?.();
      });
    });
    await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', resolve));
    port = (sentry.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => sentry.close(() => resolve())));

  async function tunnelTo(forward: boolean): Promise<TestApp> {
    const overrides: ConfigOverrides = { adminToken: TOKEN, errorReporting: { dsn: `http://public@127.0.0.1:${port}/42`, forward } };
    return startTestApp(overrides, db);
  }

  it('passes the envelope on, byte for byte, to the configured DSN\'s host only when asked to', async () => {
    const storing = await tunnelTo(false);
    const forwarding = await tunnelTo(true);
    try {
      const dsn = `http://public@127.0.0.1:${port}/42`;
      const oneArrived = new Promise<void>((resolve) => (arrived = resolve));
      // Stored only: the first. Forwarded: the second, which is the only one Sentry gets.
      expect((await post(storing, errorEnvelope('11111111', dsn))).statusCode).toBe(200);
      const envelope = errorEnvelope('22222222', dsn);
      expect((await post(forwarding, envelope)).statusCode).toBe(200);
      await oneArrived;
      expect(received).toEqual([{ url: '/api/42/envelope/', type: 'application/x-sentry-envelope', body: Buffer.from(envelope) }]);
      await expect.poll(async () => (await listed(forwarding)).find((report) => report.errorId === '22222222')?.forwarded).toBe(true);
      expect((await listed(forwarding)).find((report) => report.errorId === '11111111')?.forwarded).toBe(false);
    } finally {
      await storing.close();
      await forwarding.close();
    }
  });
});

describe('GET /admin/error-reports', () => {
  it('asks for the admin token, and refuses a wrong one', async () => {
    const missing = await t.app.inject('/admin/error-reports');
    expectApiError(missing, 401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expectApiError(await t.app.inject({ url: '/admin/error-reports', headers: { authorization: 'Bearer wrong-token-wrong-token' } }), 403);
    expectApiError(await t.app.inject({ url: '/admin/error-reports?limit=0', headers: AUTH }), 400);
  });

  it('is off (503) while ADMIN_TOKEN is not set', async () => {
    const off = await startTestApp({ errorReporting: { dsn: DSN, forward: false } }, db);
    try {
      expectApiError(await off.app.inject({ url: '/admin/error-reports', headers: AUTH }), 503);
    } finally {
      await off.close();
    }
  });
});

describe('configuration', () => {
  it('reads ERROR_DSN and ERROR_FORWARD, and writes the DSN into the widget', async () => {
    const config = loadServerConfig({ ERROR_DSN: DSN, ERROR_FORWARD: 'true' });
    expect(config.errorReporting).toEqual({ dsn: DSN, forward: true });
    expect(config.widget.errorDsn).toBe(DSN);
    const withDsn = await startTestApp({ widget: { errorDsn: DSN } }, db);
    try {
      expect((await withDsn.app.inject('/embed?movie_id=1')).body).toContain(`data-error-dsn="${DSN}"`);
    } finally {
      await withDsn.close();
    }
  });

  it.each([
    [{ ERROR_DSN: 'https://sentry.example/1' }, /ERROR_DSN: must be a Sentry DSN/],
    [{ ERROR_FORWARD: 'true' }, /ERROR_FORWARD: needs ERROR_DSN/],
    [{ ERROR_DSN: DSN, ERROR_FORWARD: 'yes' }, /ERROR_FORWARD/],
  ])('refuses %j', (env, message) => {
    expect(() => loadServerConfig(env)).toThrow(message);
  });
});
