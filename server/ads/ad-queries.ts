import { z } from 'zod';
import { AD_TRACKING_EVENTS } from '../../src/contract/schemas/schema.ts';
import { AD_CASES, type AdCase } from './ad-cases.ts';
import { boundedInteger, cursorText, requiredText, singleText, wholeNumberText } from '../http/request-schemas.ts';

/** The demo's limits: a slow VAST is at most this late, a wrong wrapper chain at most this deep. */
const MAX_DEMO_DELAY_MS = 15_000;
const MAX_WRAPPER_DEPTH = 10;
const MAX_POD_CREATIVES = 5;

const creativeId = requiredText(64);
const adCases = Object.keys(AD_CASES) as [AdCase, ...AdCase[]];

export const adListQuerySchema = z.object({
  // One of the demo cases (server/ads/ad-cases.ts); 'none' is how the test suites and the bench measure the film alone.
  case: z.enum(adCases, { error: `must be one of: ${adCases.join(', ')}` }).optional(),
});

export const vastQuerySchema = z.object({
  creativeId,
  media: z.enum(['unplayable', 'missing'], { error: 'must be unplayable or missing' }).optional(),
  delayMs: boundedInteger(MAX_DEMO_DELAY_MS).default(0),
});

export const wrapperQuerySchema = z.object({
  creativeId,
  depth: wholeNumberText(1, MAX_WRAPPER_DEPTH),
  target: z.literal('malformed', { error: 'must be malformed' }).optional(),
});

export const podQuerySchema = z.object({
  creativeIds: requiredText(200)
    .transform((text) => text.split(','))
    .pipe(z.array(requiredText(64)).max(MAX_POD_CREATIVES, `names at most ${MAX_POD_CREATIVES} creatives`)),
});

export const creativeQuerySchema = z.object({ creativeId });

export const trackingQuerySchema = z.object({
  creativeId,
  event: z.enum(AD_TRACKING_EVENTS, { error: `must be one of ${AD_TRACKING_EVENTS.join(', ')}` }),
  // VAST error codes are numbers; a player that did not substitute the [ERRORCODE] macro reports none.
  code: singleText(16)
    .regex(/^(\d{1,4}|\[ERRORCODE\])$/, 'must be a VAST error code')
    .transform((code) => (code === '[ERRORCODE]' ? null : Number(code)))
    .optional(),
  via: singleText(32).regex(/^(wrapper-\d{1,2}|empty)$/, 'must name a demo wrapper').optional(),
});

export const trackingEventsQuerySchema = z.object({
  creativeId: singleText(64).optional(),
  after: cursorText.optional(),
});
