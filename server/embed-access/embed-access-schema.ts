import { z } from 'zod';
import { cursorText, idText, wholeNumberText } from '../http/request-schemas.ts';
import { MAX_ORIGIN_LENGTH, parseOrigin } from './origin-text.ts';

const INT32_MAX = 2_147_483_647;
/** The most entries one page of the list holds. */
export const EMBED_ORIGINS_PAGE = 1_000;

/** An origin as the operator writes it, answered normalised (`new URL(x).origin`), or a 400 naming why not. */
const originText = z
  .string()
  .max(MAX_ORIGIN_LENGTH, `must be at most ${MAX_ORIGIN_LENGTH} characters`)
  .transform((text, context) => {
    const parsed = parseOrigin(text);
    if (parsed.ok) return parsed.origin;
    context.addIssue({ code: 'custom', message: parsed.reason, input: text });
    return z.NEVER;
  })
  .meta({
    description: 'An exact origin: scheme, host and port (https://partner.example, http://localhost:3000); no path, no wildcard',
    examples: ['https://partner.example'],
    // What parseOrigin takes, for the document: a plain host name or IPv4 address and a port up to 65535.
    pattern: '^[hH][tT][tT][pP][sS]?://[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*(:(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4}))?/?$',
  });

/** POST /catalog-api/admin/embed-origins. */
export const embedOriginBodySchema = z.strictObject({
  origin: originText,
  /** Absent: a global entry, for every content. */
  contentId: z.number().int().min(1).max(INT32_MAX).optional().meta({ description: 'The content it applies to; absent for every content' }),
});

export const embedOriginEntrySchema = z.strictObject({
  id: z.number().int(),
  origin: z.string(),
  contentId: z.number().int().nullable().meta({ description: 'null: a global entry' }),
  createdAt: z.iso.datetime(),
});

export const embedOriginListSchema = z.strictObject({
  items: z.array(embedOriginEntrySchema),
  /** The `after` of the next page, when there may be one. */
  next: z.number().int().nullable(),
});

export const embedOriginListQuerySchema = z.strictObject({
  'content-id': idText.optional().meta({ description: 'Only this content\'s own entries (not the global ones)' }),
  after: cursorText.default(0),
  limit: wholeNumberText(1, EMBED_ORIGINS_PAGE).default(EMBED_ORIGINS_PAGE),
});

export const embedOriginIdParamsSchema = z.strictObject({ id: idText });
