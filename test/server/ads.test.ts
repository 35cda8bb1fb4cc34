import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demoCatalogue } from '../../server/db/demo-catalogue.ts';
import { adListSchema, adTrackingRecordSchema, type AdTrackingRecord } from '../../src/contract/schemas/schema.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, expectJson, pathOf, startTestApp, type TestApp } from './helpers.ts';
import { descendants, parseXml, single, type XmlElement } from './xml.ts';

// The ad list's 400 (a forged Host) is below; the template's 400 and 404 are in bad-input.test.ts.
coversCatalogue('GET /vast.xml', 'GET /ad-list.json');

// The demo ad server: ad list → VAST 4 documents → tracking beacons, as the player uses them.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const CREATIVES = demoCatalogue.ads.map((ad) => ad.creativeId);
const LINEAR_EVENTS = ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete', 'pause', 'resume', 'mute', 'unmute', 'skip'];
const eventsSchema = z.strictObject({ events: z.array(adTrackingRecordSchema) });

async function vast(creativeId: string, app = t.app, headers: Record<string, string> = {}): Promise<XmlElement> {
  const response = await app.inject({ url: `${API}/vast.xml?creativeId=${creativeId}`, headers });
  expect(response.statusCode).toBe(200);
  return parseXml(response.body);
}

async function trackingEvents(creativeId: string, after?: number): Promise<AdTrackingRecord[]> {
  const query = after === undefined ? '' : `&after=${after}`;
  return expectJson(await t.app.inject(`${API}/ads/tracking-events?creativeId=${creativeId}${query}`), 200, eventsSchema).events;
}

/** Fires one beacon and returns what the ad server recorded because of it. */
async function fire(creativeId: string, url: string): Promise<AdTrackingRecord[]> {
  const before = (await trackingEvents(creativeId)).at(-1)?.id;
  const response = await t.app.inject(pathOf(url));
  expect(response.statusCode, url).toBe(204);
  expect(response.body).toBe('');
  return trackingEvents(creativeId, before);
}

/** Every URL in the document the player may request, with the event it stands for. */
function beacons(document: XmlElement): Array<{ event: string; url: string }> {
  return [
    ...descendants(document, 'Impression').map((element) => ({ event: 'impression', url: element.text.trim() })),
    ...descendants(document, 'Error').map((element) => ({ event: 'error', url: element.text.trim() })),
    ...descendants(document, 'ClickTracking').map((element) => ({ event: 'click', url: element.text.trim() })),
    ...descendants(document, 'Tracking').map((element) => ({ event: element.attributes.event ?? '', url: element.text.trim() })),
  ];
}

describe.each(CREATIVES)('VAST of creative %s', (creativeId) => {
  it('is sent as XML and not cached', async () => {
    const response = await t.app.inject(`${API}/vast.xml?creativeId=${creativeId}`);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/xml\b/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is a well-formed VAST 4 document with exactly one InLine ad', async () => {
    const document = await vast(creativeId);
    expect(document.name).toBe('VAST');
    expect(document.attributes.version).toMatch(/^4\./);
    const ads = descendants(document, 'Ad');
    expect(ads).toHaveLength(1);
    expect(ads[0]!.attributes.id).toBe(creativeId);
    expect(ads[0]!.children.map((child) => child.name)).toEqual(['InLine']);
    expect(descendants(document, 'Wrapper')).toHaveLength(0);
  });

  it('has an Impression and an Error URL that keeps the literal [ERRORCODE] macro', async () => {
    const document = await vast(creativeId);
    expect(() => new URL(single(document, 'Impression').text.trim())).not.toThrow();
    const error = single(document, 'Error').text.trim();
    expect(error).toContain('[ERRORCODE]');
    expect(error.split('[ERRORCODE]')).toHaveLength(2);
  });

  it('has one Linear creative, skippable after 5 s, lasting 15 s', async () => {
    const document = await vast(creativeId);
    const linear = single(document, 'Linear');
    expect(linear.attributes.skipoffset).toBe('00:00:05');
    expect(single(linear, 'Duration').text.trim()).toBe('00:00:15');
  });

  it('has an MP4 MediaFile with its size, which the server serves as video/mp4', async () => {
    const document = await vast(creativeId);
    const mediaFile = single(document, 'MediaFile');
    expect(mediaFile.attributes.type).toBe('video/mp4');
    expect(Number(mediaFile.attributes.width)).toBeGreaterThan(0);
    expect(Number(mediaFile.attributes.height)).toBeGreaterThan(0);
    expect(Number.isInteger(Number(mediaFile.attributes.width))).toBe(true);
    const response = await t.app.inject({ method: 'HEAD', url: pathOf(mediaFile.text.trim()) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(Number(response.headers['content-length'])).toBeGreaterThan(0);
  });

  it('has a ClickThrough to the advertiser and a ClickTracking beacon', async () => {
    const document = await vast(creativeId);
    const expected = demoCatalogue.ads.find((ad) => ad.creativeId === creativeId)?.clickThrough;
    expect(single(document, 'ClickThrough').text.trim()).toBe(expected);
    expect(single(document, 'ClickTracking').text.trim()).toContain('event=click');
  });

  it('tracks every linear event the player reports, and progress with an offset', async () => {
    const document = await vast(creativeId);
    const tracking = descendants(single(document, 'Linear'), 'Tracking');
    const events = tracking.map((element) => element.attributes.event);
    expect(events).toEqual(expect.arrayContaining(LINEAR_EVENTS));
    const progress = tracking.filter((element) => element.attributes.event === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    for (const element of progress) expect(element.attributes.offset).toMatch(/^(\d{2}:\d{2}:\d{2}(\.\d{3})?|\d{1,3}%)$/);
  });

  it('every beacon URL answers 204 and is recorded with its event', async () => {
    const document = await vast(creativeId);
    const all = beacons(document);
    expect(all.length).toBeGreaterThanOrEqual(LINEAR_EVENTS.length + 4);
    for (const { event, url } of all) {
      expect(url, event).toMatch(/^https?:\/\//);
      const fired = event === 'error' ? url.replace('[ERRORCODE]', '405') : url;
      const recorded = await fire(creativeId, fired);
      expect(recorded, `${event}: ${url}`).toHaveLength(1);
      expect(recorded[0]).toMatchObject({ creativeId, event, errorCode: event === 'error' ? 405 : null });
    }
  });

  it('an Error beacon fired without substituting the macro records no error code', async () => {
    const recorded = await fire(creativeId, single(await vast(creativeId), 'Error').text.trim());
    expect(recorded).toEqual([expect.objectContaining({ creativeId, event: 'error', errorCode: null })]);
  });
});

describe('tracking record', () => {
  it('lists only the asked creative, after the asked id, in arrival order', async () => {
    const start = (await trackingEvents('c1')).at(-1)?.id;
    for (const [creativeId, event] of [['c1', 'start'], ['c2', 'start'], ['c1', 'pause'], ['c1', 'resume']]) {
      expect((await t.app.inject(`${API}/ads/track?creativeId=${creativeId}&event=${event}`)).statusCode).toBe(204);
    }
    const events = await trackingEvents('c1', start);
    expect(events.map((record) => record.event)).toEqual(['start', 'pause', 'resume']);
    expect(events.map((record) => record.id)).toEqual([...events.map((record) => record.id)].sort((a, b) => a - b));
    expect(await trackingEvents('c1', events.at(-1)!.id)).toEqual([]);
  });

  it('after=0 reads from the start', async () => {
    expect((await t.app.inject(`${API}/ads/track?creativeId=c2&event=impression`)).statusCode).toBe(204);
    expect(await trackingEvents('c2', 0)).toEqual(await trackingEvents('c2'));
    expect((await trackingEvents('c2', 0)).length).toBeGreaterThan(0);
  });
});

describe('ad list', () => {
  it('is not cached', async () => {
    expect((await t.app.inject(`${API}/ad-list.json`)).headers['cache-control']).toBe('no-store');
  });

  it('has a preroll and a midroll whose absolute vastUrls open existing creatives', async () => {
    const list = expectJson(await t.app.inject(`${API}/ad-list.json`), 200, adListSchema);
    expect(list.prerollList.length).toBeGreaterThan(0);
    expect(list.midrollList.length).toBeGreaterThan(0);
    for (const { vastUrl = '' } of [...list.prerollList, ...list.midrollList]) {
      const url = new URL(vastUrl);
      expect(url.protocol).toMatch(/^https?:$/);
      expect(url.pathname).toBe(`${API}/vast.xml`);
      const creativeId = url.searchParams.get('creativeId') ?? '';
      expect(CREATIVES).toContain(creativeId);
      const response = await t.app.inject(pathOf(vastUrl));
      expect(response.statusCode).toBe(200);
      expect(single(parseXml(response.body), 'Ad').attributes.id).toBe(creativeId);
    }
  });
});

describe('absolute URLs', () => {
  function urlsIn(document: XmlElement): string[] {
    return [...beacons(document).map((beacon) => beacon.url), single(document, 'MediaFile').text.trim()];
  }

  it('use the configured public origin when there is one', async () => {
    const other = await startTestApp({ publicOrigin: 'https://player.example.test' }, t.db);
    try {
      const list = expectJson(await other.app.inject(`${API}/ad-list.json`), 200, adListSchema);
      for (const { vastUrl = '' } of [...list.prerollList, ...list.midrollList]) {
        expect(vastUrl.startsWith('https://player.example.test/catalog-api/vast.xml?')).toBe(true);
      }
      for (const url of urlsIn(await vast('c1', other.app, { host: 'internal:8080' }))) {
        expect(url.startsWith('https://player.example.test/catalog-api/'), url).toBe(true);
      }
    } finally {
      await other.close();
    }
  });

  it('otherwise follow the Host the client used', async () => {
    for (const url of urlsIn(await vast('c2', t.app, { host: 'kino.example:8443' }))) {
      expect(url.startsWith('http://kino.example:8443/catalog-api/'), url).toBe(true);
    }
  });

  it('refuse a Host header that is not a host name instead of writing it into URLs', async () => {
    for (const host of ['a b<script>', 'evil.example/path', 'x"y']) {
      const response = await t.app.inject({ url: `${API}/ad-list.json`, headers: { host } });
      expect(response.statusCode, host).toBe(400);
      expect(response.body).not.toContain('<script>');
    }
  });

  it('ignore X-Forwarded-Host from a client that is not a named proxy', async () => {
    const list = expectJson(
      await t.app.inject({ url: `${API}/ad-list.json`, remoteAddress: '203.0.113.9', headers: { host: 'kino.example', 'x-forwarded-host': 'evil.example' } }),
      200,
      adListSchema,
    );
    expect(list.prerollList[0]?.vastUrl?.startsWith('http://kino.example/catalog-api/vast.xml?')).toBe(true);
  });

  it('otherwise follow X-Forwarded-Proto and X-Forwarded-Host from the edge proxy the operator names', async () => {
    // Loopback stands for the edge proxy: inject() comes from 127.0.0.1.
    const proxied = await startTestApp({ trustedProxies: ['loopback'] }, t.db);
    try {
      const headers = { host: '10.0.0.5:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'cdn.example' };
      const list = expectJson(await proxied.app.inject({ url: `${API}/ad-list.json`, headers }), 200, adListSchema);
      expect(list.prerollList[0]?.vastUrl?.startsWith('https://cdn.example/catalog-api/vast.xml?')).toBe(true);
      for (const url of urlsIn(await vast('c1', proxied.app, headers))) {
        expect(url.startsWith('https://cdn.example/catalog-api/'), url).toBe(true);
      }
    } finally {
      await proxied.close();
    }
  });
});
