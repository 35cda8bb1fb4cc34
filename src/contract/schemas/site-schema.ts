/**
 * Shapes of the catalogue site's files and the operator's tools (SPEC.md section 7): resized
 * images, abuse reports, the caches and the sitemap's debug view.
 */
import { z } from 'zod';

/** Widths /image makes; anything else is refused, so a stranger cannot ask for endless variants. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
/** Heights /image makes when one is given (otherwise the height keeps the source's aspect ratio). */
export const IMAGE_HEIGHTS = [90, 120, 180, 240, 270, 360, 480, 540, 720, 960] as const;
export const IMAGE_FITS = ['cover', 'inside'] as const;
/** `auto` picks the best format the Accept header names (avif, then webp, else jpeg). */
export const IMAGE_FORMATS = ['auto', 'avif', 'webp', 'jpeg'] as const;
export type ImageFormat = Exclude<(typeof IMAGE_FORMATS)[number], 'auto'>;

export const ABUSE_REASONS = ['copyright', 'violence', 'adult', 'spam', 'wrong-content', 'broken', 'other'] as const;
export const ABUSE_MESSAGE_MAX_LENGTH = 2000;

/** POST /abuse/new. */
export const abuseReportBodySchema = z.strictObject({
  contentId: z.number().int().min(1).max(2_147_483_647),
  episodeId: z.number().int().min(1).max(2_147_483_647).optional(),
  reason: z.enum(ABUSE_REASONS),
  message: z.string().max(ABUSE_MESSAGE_MAX_LENGTH).default(''),
  email: z.email().max(254).optional(),
});
export type AbuseReportBody = z.input<typeof abuseReportBodySchema>;

export const abuseReportCreatedSchema = z.strictObject({ id: z.number().int(), createdAt: z.iso.datetime() });
export type AbuseReportCreated = z.infer<typeof abuseReportCreatedSchema>;

/** One report in the operator's list (GET /admin/abuse-reports). */
export const abuseReportSchema = z.strictObject({
  id: z.number().int(),
  contentId: z.number().int(),
  episodeId: z.number().int().nullable(),
  reason: z.enum(ABUSE_REASONS),
  message: z.string(),
  email: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AbuseReport = z.infer<typeof abuseReportSchema>;
export const abuseReportListSchema = z.strictObject({ items: z.array(abuseReportSchema) });

/** GET /caches and what DELETE /caches answers. */
export const namedCacheSchema = z.strictObject({ name: z.string(), description: z.string(), entries: z.number().int().min(0) });
export const cacheListSchema = z.strictObject({ caches: z.array(namedCacheSchema) });
export type CacheList = z.infer<typeof cacheListSchema>;

/** GET /debug/meta/sitemap.xml: the sitemap files as they are now. */
export const sitemapMetaSchema = z.strictObject({
  generatedAt: z.iso.datetime(),
  /** URLs per file at most (sitemaps.org allows 50 000). */
  urlsPerFile: z.number().int().min(1),
  totalUrls: z.number().int().min(0),
  index: z.strictObject({ path: z.string(), bytes: z.number().int().min(0) }),
  files: z.array(z.strictObject({ path: z.string(), urls: z.number().int().min(0), bytes: z.number().int().min(0) })),
});
export type SitemapMeta = z.infer<typeof sitemapMetaSchema>;
