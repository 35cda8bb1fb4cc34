import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AD_TRACKING_EVENTS, type AdList, type AdTrackingEvent } from '../../src/api/schema.ts';
import type { AdsRepository } from '../ads/ads-repository.ts';
import { AD_CASES, isAdCase, prerollPathsFor } from '../ads/ad-cases.ts';
import { renderEmptyVast, renderPod, renderVast, renderWrapper, type VastUrls } from '../ads/vast-document.ts';
import type { AdCreative } from '../ads/ads-repository.ts';
import { HttpError } from '../http/http-error.ts';
import { publicOrigin } from '../http/public-origin.ts';
import { optionalText, parseId, requiredText } from '../http/request-input.ts';
import { CATALOG_API_PREFIX, MEDIA_URL_PREFIX } from '../http/paths.ts';

type Query = { Querystring: Record<string, unknown> };

/**
 * The demo ad server: the ad list, VAST 4 responses, and a tracking endpoint that records every
 * hit so tests can prove which beacons fired.
 */
export function adRoutes(app: FastifyInstance, ads: AdsRepository, configuredOrigin: string | undefined, trackingRateLimit = 0): void {
  app.get<Query>('/ad-list.json', async (request, reply): Promise<AdList> => {
    const base = `${publicOrigin(request, configuredOrigin)}${CATALOG_API_PREFIX}/vast.xml?creativeId=`;
    void reply.header('cache-control', 'no-store');
    const lists = await ads.breakLists();
    // ?case=…: one of the demo cases (server/ads/ad-cases.ts); 'none' is how the test suites and
    // the bench measure the film alone.
    const demoCase = optionalText(request.query.case, 'query parameter case', 32);
    if (demoCase !== undefined) {
      if (!isAdCase(demoCase)) throw new HttpError(400, `query parameter case must be one of: ${Object.keys(AD_CASES).join(', ')}`);
      const api = `${publicOrigin(request, configuredOrigin)}${CATALOG_API_PREFIX}`;
      return {
        prerollList: prerollPathsFor(demoCase, [...new Set([...lists.preroll, ...lists.midroll])]).map((path) => ({ vastUrl: api + path })),
        midrollList: demoCase === 'none' ? [] : lists.midroll.map((id) => ({ vastUrl: base + encodeURIComponent(id) })),
      };
    }
    return {
      prerollList: lists.preroll.map((id) => ({ vastUrl: base + encodeURIComponent(id) })),
      midrollList: lists.midroll.map((id) => ({ vastUrl: base + encodeURIComponent(id) })),
    };
  });

  /** The creative named by the query, or 404. */
  const creativeOf = async (value: unknown): Promise<AdCreative> => {
    const creativeId = requiredText(value, 'query parameter creativeId', 64);
    const creative = await ads.findCreative(creativeId);
    if (!creative) throw new HttpError(404, `creative ${creativeId} not found`);
    return creative;
  };
  /** Tracking URLs of a creative; `via` names a wrapper, so its beacons can be told apart. */
  const trackingUrl = (origin: string, creativeId: string, via?: string) => (event: AdTrackingEvent) =>
    // [ERRORCODE] is a VAST macro the player substitutes; it must stay literal.
    `${origin}${CATALOG_API_PREFIX}/ads/track?creativeId=${encodeURIComponent(creativeId)}&event=${event}${via ? `&via=${via}` : ''}${event === 'error' ? '&code=[ERRORCODE]' : ''}`;
  const inlineUrls = (origin: string, creative: AdCreative, media?: string): VastUrls => ({
    mediaFileUrl: `${origin}${MEDIA_URL_PREFIX}${media === 'missing' ? 'ads/missing.mp4' : creative.mediaPath}`,
    ...(media === 'unplayable' ? { mediaType: 'video/x-kino-unplayable' } : {}),
    trackingUrl: trackingUrl(origin, creative.id),
  });
  const sendXml = (reply: FastifyReply, xml: string) => reply.type('application/xml; charset=utf-8').header('cache-control', 'no-store').send(xml);

  app.get<Query>('/vast.xml', async (request, reply) => {
    const creative = await creativeOf(request.query.creativeId);
    const media = optionalText(request.query.media, 'query parameter media', 16);
    if (media !== undefined && media !== 'unplayable' && media !== 'missing') throw new HttpError(400, 'query parameter media must be unplayable or missing');
    const delayMs = request.query.delayMs === undefined ? 0 : parseBoundedInteger(request.query.delayMs, 'query parameter delayMs', MAX_DEMO_DELAY_MS);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return sendXml(reply, renderVast(creative, inlineUrls(publicOrigin(request, configuredOrigin), creative, media)));
  });

  // A wrapper chain `depth` long in front of the creative (or of a target that is not XML).
  app.get<Query>('/ads/wrapper.xml', async (request, reply) => {
    const creative = await creativeOf(request.query.creativeId);
    const depth = parseBoundedInteger(request.query.depth, 'query parameter depth', MAX_WRAPPER_DEPTH);
    const target = optionalText(request.query.target, 'query parameter target', 16);
    if (target !== undefined && target !== 'malformed') throw new HttpError(400, 'query parameter target must be malformed');
    if (depth < 1) throw new HttpError(400, 'query parameter depth must be at least 1');
    const origin = publicOrigin(request, configuredOrigin);
    const id = encodeURIComponent(creative.id);
    const next = depth > 1
      ? `${origin}${CATALOG_API_PREFIX}/ads/wrapper.xml?creativeId=${id}&depth=${depth - 1}${target ? `&target=${target}` : ''}`
      : target === 'malformed' ? `${origin}${CATALOG_API_PREFIX}/ads/malformed.xml` : `${origin}${CATALOG_API_PREFIX}/vast.xml?creativeId=${id}`;
    return sendXml(reply, renderWrapper(`wrapper-${depth}`, next, trackingUrl(origin, creative.id, `wrapper-${depth}`)));
  });

  app.get<Query>('/ads/pod.xml', async (request, reply) => {
    const ids = requiredText(request.query.creativeIds, 'query parameter creativeIds', 200).split(',');
    if (ids.length > 5) throw new HttpError(400, 'query parameter creativeIds names at most 5 creatives');
    const origin = publicOrigin(request, configuredOrigin);
    const creatives = await Promise.all(ids.map((id) => creativeOf(id)));
    return sendXml(reply, renderPod(creatives.map((creative) => ({ creative, urls: inlineUrls(origin, creative) }))));
  });

  app.get<Query>('/ads/empty.xml', async (request, reply) => {
    const creative = await creativeOf(request.query.creativeId);
    return sendXml(reply, renderEmptyVast(trackingUrl(publicOrigin(request, configuredOrigin), creative.id, 'empty')('error')));
  });

  // Not XML at all, as a broken ad server answers.
  app.get('/ads/malformed.xml', async (_request, reply) => sendXml(reply, '<VAST version="4.1"><Ad><InLine></VAST'));

  // Anyone may fire a beacon and each one writes a row: one client gets `trackingRateLimit` a
  // minute (a 429 with Retry-After past it), in a scope of its own so no other route is counted.
  void app.register(async (tracking) => {
    await tracking.register(rateLimit, { global: false });
    const limit = trackingRateLimit > 0 ? { max: trackingRateLimit, timeWindow: 60_000 } : false;
    tracking.get<Query>('/ads/track', { config: { rateLimit: limit } }, async (request, reply) => {
      const creativeId = requiredText(request.query.creativeId, 'query parameter creativeId', 64);
      const event = trackingEvent(request.query.event);
      const errorCode = event === 'error' ? errorCodeOf(request.query.code) : null;
      const via = optionalText(request.query.via, 'query parameter via', 32);
      if (via !== undefined && !/^(wrapper-\d{1,2}|empty)$/.test(via)) throw new HttpError(400, 'query parameter via must name a demo wrapper');
      if (!(await ads.findCreative(creativeId))) throw new HttpError(404, `creative ${creativeId} not found`);
      await ads.recordTracking(creativeId, event, errorCode, via ?? null);
      return reply.status(204).header('cache-control', 'no-store').send();
    });
  });

  app.get<Query>('/ads/tracking-events', async (request) => {
    const creativeId = optionalText(request.query.creativeId, 'query parameter creativeId', 64);
    const after = request.query.after === undefined ? undefined : parseCursor(request.query.after);
    return { events: await ads.listTracking({ creativeId, afterId: after }) };
  });
}

/** The demo's limits: a slow VAST is at most this late, a wrapper chain at most this deep. */
const MAX_DEMO_DELAY_MS = 15_000;
const MAX_WRAPPER_DEPTH = 10;

function parseBoundedInteger(value: unknown, name: string, max: number): number {
  const text = requiredText(value, name, 6);
  if (!/^\d+$/.test(text) || Number(text) > max) throw new HttpError(400, `${name} must be a whole number from 0 to ${max}`);
  return Number(text);
}

/** The id of the last record a reader has seen; 0 reads from the start. */
function parseCursor(value: unknown): number {
  return value === '0' ? 0 : parseId(value, 'query parameter after');
}

function trackingEvent(value: unknown): AdTrackingEvent {
  const event = requiredText(value, 'query parameter event', 32);
  const known = AD_TRACKING_EVENTS.find((name) => name === event);
  if (!known) throw new HttpError(400, `query parameter event must be one of ${AD_TRACKING_EVENTS.join(', ')}`);
  return known;
}

/** VAST error codes are numbers; a player that did not substitute the macro reports none. */
function errorCodeOf(value: unknown): number | null {
  const code = optionalText(value, 'query parameter code', 16);
  if (code === undefined || code === '[ERRORCODE]') return null;
  if (!/^\d{1,4}$/.test(code)) throw new HttpError(400, `query parameter code must be a VAST error code, got ${JSON.stringify(code)}`);
  return Number(code);
}
