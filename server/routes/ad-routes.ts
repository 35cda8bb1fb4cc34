import type { FastifyInstance } from 'fastify';
import { AD_TRACKING_EVENTS, type AdList, type AdTrackingEvent } from '../../src/api/schema.ts';
import type { AdsRepository } from '../ads/ads-repository.ts';
import { renderVast } from '../ads/vast-document.ts';
import { HttpError } from '../http/http-error.ts';
import { publicOrigin } from '../http/public-origin.ts';
import { optionalText, parseId, requiredText } from '../http/request-input.ts';
import { CATALOG_API_PREFIX, MEDIA_URL_PREFIX } from '../http/paths.ts';

type Query = { Querystring: Record<string, unknown> };

/**
 * The demo ad server: the ad list, VAST 4 responses, and a tracking endpoint that records every
 * hit so tests can prove which beacons fired.
 */
export function adRoutes(app: FastifyInstance, ads: AdsRepository, configuredOrigin: string | undefined): void {
  app.get<Query>('/ad-list.json', async (request, reply): Promise<AdList> => {
    const base = `${publicOrigin(request, configuredOrigin)}${CATALOG_API_PREFIX}/vast.xml?creativeId=`;
    void reply.header('cache-control', 'no-store');
    // ?case=none: a break without ads (the test suites and the bench measure the film alone).
    const demoCase = optionalText(request.query.case, 'query parameter case', 32);
    if (demoCase === 'none') return { prerollList: [], midrollList: [] };
    if (demoCase !== undefined) throw new HttpError(400, 'query parameter case must be one of: none');
    const lists = await ads.breakLists();
    return {
      prerollList: lists.preroll.map((id) => ({ vastUrl: base + encodeURIComponent(id) })),
      midrollList: lists.midroll.map((id) => ({ vastUrl: base + encodeURIComponent(id) })),
    };
  });

  app.get<Query>('/vast.xml', async (request, reply) => {
    const creativeId = requiredText(request.query.creativeId, 'query parameter creativeId', 64);
    const creative = await ads.findCreative(creativeId);
    if (!creative) throw new HttpError(404, `creative ${creativeId} not found`);
    const origin = publicOrigin(request, configuredOrigin);
    const trackBase = `${origin}${CATALOG_API_PREFIX}/ads/track?creativeId=${encodeURIComponent(creative.id)}&event=`;
    const xml = renderVast(creative, {
      mediaFileUrl: `${origin}${MEDIA_URL_PREFIX}${creative.mediaPath}`,
      // [ERRORCODE] is a VAST macro the player substitutes; it must stay literal.
      trackingUrl: (event) => `${trackBase}${event}${event === 'error' ? '&code=[ERRORCODE]' : ''}`,
    });
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-store').send(xml);
  });

  app.get<Query>('/ads/track', async (request, reply) => {
    const creativeId = requiredText(request.query.creativeId, 'query parameter creativeId', 64);
    const event = trackingEvent(request.query.event);
    const errorCode = event === 'error' ? errorCodeOf(request.query.code) : null;
    if (!(await ads.findCreative(creativeId))) throw new HttpError(404, `creative ${creativeId} not found`);
    await ads.recordTracking(creativeId, event, errorCode);
    return reply.status(204).header('cache-control', 'no-store').send();
  });

  app.get<Query>('/ads/tracking-events', async (request) => {
    const creativeId = optionalText(request.query.creativeId, 'query parameter creativeId', 64);
    const after = request.query.after === undefined ? undefined : parseCursor(request.query.after);
    return { events: await ads.listTracking({ creativeId, afterId: after }) };
  });
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
