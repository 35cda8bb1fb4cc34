import rateLimit from '@fastify/rate-limit';
import { rateLimitScope } from '../shared-state/install-shared-state.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { adListSchema, adTrackingRecordSchema, type AdList, type AdTrackingEvent } from '../../src/contract/schemas/schema.ts';
import type { AdsRepository } from './ads-repository.ts';
import { prerollPathsFor } from './ad-cases.ts';
import { renderEmptyVast, renderPod, renderVast, renderWrapper, type VastUrls } from './vast-document.ts';
import type { AdCreative } from './ads-repository.ts';
import { HttpError } from '../http/http-error.ts';
import { publicOrigin } from '../http/public-origin.ts';
import { CATALOG_API_PREFIX, MEDIA_URL_PREFIX } from '../http/paths.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import {
  adListQuerySchema, creativeQuerySchema, podQuerySchema, trackingEventsQuerySchema, trackingQuerySchema, vastQuerySchema, wrapperQuerySchema,
} from './ad-queries.ts';

const VAST = { type: 'application/xml', description: 'A VAST 4 document' };
const trackingEventsSchema = z.strictObject({ events: z.array(adTrackingRecordSchema) });

/**
 * The demo ad server: the ad list, VAST 4 responses, and a tracking endpoint that records every
 * hit so tests can prove which beacons fired.
 */
export function adRoutes(app: FastifyInstance, ads: AdsRepository, configuredOrigin: string | undefined, trackingRateLimit = 0): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/ad-list.json', {
    schema: { summary: 'The ad breaks: VAST URLs of the preroll and midrolls', querystring: adListQuerySchema, response: { 200: adListSchema } },
  }, async (request, reply): Promise<AdList> => {
    const base = `${publicOrigin(request, configuredOrigin)}${CATALOG_API_PREFIX}/vast.xml?creativeId=`;
    void reply.header('cache-control', 'no-store');
    const lists = await ads.breakLists();
    const demoCase = request.query.case;
    if (demoCase !== undefined) {
      const apiOrigin = `${publicOrigin(request, configuredOrigin)}${CATALOG_API_PREFIX}`;
      return {
        prerollList: prerollPathsFor(demoCase, [...new Set([...lists.preroll, ...lists.midroll])]).map((path) => ({ vastUrl: apiOrigin + path })),
        midrollList: demoCase === 'none' ? [] : lists.midroll.map((id) => ({ vastUrl: base + encodeURIComponent(id) })),
      };
    }
    return {
      prerollList: lists.preroll.map((id) => ({ vastUrl: base + encodeURIComponent(id) })),
      midrollList: lists.midroll.map((id) => ({ vastUrl: base + encodeURIComponent(id) })),
    };
  });

  /** The creative of that id, or 404. */
  const creativeOf = async (creativeId: string): Promise<AdCreative> => {
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

  api.get('/vast.xml', {
    schema: { summary: 'A VAST 4 inline ad of one creative', querystring: vastQuerySchema, produces: VAST, errors: [404] },
  }, async (request, reply) => {
    const { creativeId, media, delayMs } = request.query;
    const creative = await creativeOf(creativeId);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return sendXml(reply, renderVast(creative, inlineUrls(publicOrigin(request, configuredOrigin), creative, media)));
  });

  // A wrapper chain `depth` long in front of the creative (or of a target that is not XML).
  api.get('/ads/wrapper.xml', {
    schema: { summary: 'A chain of VAST wrappers in front of a creative', querystring: wrapperQuerySchema, produces: VAST, errors: [404] },
  }, async (request, reply) => {
    const { depth, target } = request.query;
    const creative = await creativeOf(request.query.creativeId);
    const origin = publicOrigin(request, configuredOrigin);
    const id = encodeURIComponent(creative.id);
    const next = depth > 1
      ? `${origin}${CATALOG_API_PREFIX}/ads/wrapper.xml?creativeId=${id}&depth=${depth - 1}${target ? `&target=${target}` : ''}`
      : target === 'malformed' ? `${origin}${CATALOG_API_PREFIX}/ads/malformed.xml` : `${origin}${CATALOG_API_PREFIX}/vast.xml?creativeId=${id}`;
    return sendXml(reply, renderWrapper(`wrapper-${depth}`, next, trackingUrl(origin, creative.id, `wrapper-${depth}`)));
  });

  api.get('/ads/pod.xml', {
    schema: { summary: 'An ad pod: several creatives in one VAST', querystring: podQuerySchema, produces: VAST, errors: [404] },
  }, async (request, reply) => {
    const origin = publicOrigin(request, configuredOrigin);
    const creatives = await Promise.all(request.query.creativeIds.map((id) => creativeOf(id)));
    return sendXml(reply, renderPod(creatives.map((creative) => ({ creative, urls: inlineUrls(origin, creative) }))));
  });

  api.get('/ads/empty.xml', {
    schema: { summary: 'A VAST with no ad, and its error beacon', querystring: creativeQuerySchema, produces: VAST, errors: [404] },
  }, async (request, reply) => {
    const creative = await creativeOf(request.query.creativeId);
    return sendXml(reply, renderEmptyVast(trackingUrl(publicOrigin(request, configuredOrigin), creative.id, 'empty')('error')));
  });

  // Not XML at all, as a broken ad server answers.
  api.get('/ads/malformed.xml', {
    schema: { summary: 'A broken VAST document', produces: { type: 'application/xml', description: 'Not well-formed XML' } },
  }, async (_request, reply) => sendXml(reply, '<VAST version="4.1"><Ad><InLine></VAST'));

  // Anyone may fire a beacon and each one writes a row: one client gets `trackingRateLimit` a
  // minute (a 429 with Retry-After past it), in a scope of its own so no other route is counted.
  void app.register(async (tracking) => {
    await tracking.register(rateLimit, rateLimitScope(tracking));
    const limit = trackingRateLimit > 0 ? { max: trackingRateLimit, timeWindow: 60_000 } : false;
    tracking.withTypeProvider<ZodTypeProvider>().get('/ads/track', {
      config: { rateLimit: limit },
      schema: {
        summary: 'A VAST tracking beacon: records the hit',
        querystring: trackingQuerySchema,
        produces: { status: 204, type: 'text/plain', description: 'Recorded' },
        errors: [404, 429],
      },
    }, async (request, reply) => {
      const { creativeId, event, code, via } = request.query;
      if (!(await ads.findCreative(creativeId))) throw new HttpError(404, `creative ${creativeId} not found`);
      await ads.recordTracking(creativeId, event, event === 'error' ? (code ?? null) : null, via ?? null);
      return reply.status(204).header('cache-control', 'no-store').send();
    });
  });

  api.get('/ads/tracking-events', {
    schema: { summary: 'The tracking hits recorded, oldest first', querystring: trackingEventsQuerySchema, response: { 200: trackingEventsSchema } },
  }, async (request) => {
    const { creativeId, after } = request.query;
    return { events: await ads.listTracking({ creativeId, afterId: after }) };
  });
}
