import { parseVastDocument, type AdBeacons, type InlineAd, type MediaFile, type VastAd, type VastDocument } from './vast-document.ts';
import { AD_ERROR, AD_ERROR_MESSAGE, type AdErrorCode, type AdFailure } from './vast-errors.ts';
import { fillMacros } from './vast-macros.ts';
import type { AdOffset } from './vast-time.ts';

/** The IAB's minimum: a player must follow at least 5 wrappers (VAST 4.3 section 2.3.4). */
export const WRAPPER_LIMIT = 5;

/** One ad ready to play: its media file chosen, and every beacon of its wrapper chain merged in. */
export interface ResolvedAd extends AdBeacons {
  id: string | undefined;
  sequence: number | undefined;
  title: string;
  advertiser: string | undefined;
  erid: string | undefined;
  /** Seconds, from the VAST; the ad's element has the last word. */
  duration: number | undefined;
  skipOffset: AdOffset | undefined;
  mediaFile: MediaFile;
  clickThrough: string | undefined;
  /** How many wrappers led to it. */
  wrapperDepth: number;
}

/** What one ad-list item gives: the ads to play in order, and what failed on the way (to report). */
export interface ResolvedVast {
  ads: ResolvedAd[];
  failures: AdFailure[];
}

/** A document fetched: its text and where it really came from (relative wrapper URLs resolve against it). */
export type LoadResult = { ok: true; text: string; url: string } | { ok: false; timedOut: boolean; reason: string };

export interface ResolveOptions {
  /** Fetches one VAST document (the request engine's 'vast' kind in the worker). */
  load(url: string): Promise<LoadResult>;
  /** Whether this browser can play a media file of this type (and codec, when the file names one). */
  canPlay(file: MediaFile): boolean;
  /** Wrappers that may be followed in one chain; the next one fails with 302. Default 5. */
  wrapperLimit?: number;
}

/** Where the ad-list item's VAST is: a URL, or the XML itself (SPEC.md section 3, creative data). */
export type VastSource = { url: string } | { xml: string; baseUrl?: string };

class ChainFailure extends Error {
  readonly code: AdErrorCode;
  readonly errorUrls: string[];

  constructor(code: AdErrorCode, message: string, errorUrls: string[]) {
    super(message);
    this.code = code;
    this.errorUrls = errorUrls;
  }
}

/**
 * Resolves one VAST response into the ads to play. A pod (Ads with `sequence`) plays in order;
 * a pod ad that fails is replaced by the next stand-alone ad (the buffet, VAST 4.3 section
 * 3.3.1). Without a pod, the first stand-alone ad that resolves plays. Wrappers are followed up
 * to `wrapperLimit` deep; each resolved ad carries the Impression, Error, Tracking and
 * ClickTracking URLs of every wrapper that led to it. Never rejects: failures come back with
 * their codes and the Error URLs to fire.
 */
export async function resolveVast(source: VastSource, options: ResolveOptions): Promise<ResolvedVast> {
  const failures: AdFailure[] = [];
  let document: VastDocument;
  let baseUrl: string | undefined;
  try {
    ({ document, baseUrl } = await fetchDocument(source, options, 0, []));
  } catch (error) {
    return { ads: [], failures: [asFailure(error)] };
  }
  if (document.ads.length === 0) return { ads: [], failures: [{ code: AD_ERROR.GENERAL, message: AD_ERROR_MESSAGE.empty, errorUrls: document.errorUrls }] };

  const pod = document.ads.filter((ad) => ad.sequence !== undefined).sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
  const buffet = document.ads.filter((ad) => ad.sequence === undefined);
  const resolveOne = (ad: VastAd) => resolveAd(ad, baseUrl, options, 0, []).catch((error: unknown) => {
    failures.push(asFailure(error));
    return undefined;
  });
  /** The next buffet ad that resolves, in document order. */
  const fromBuffet = async (): Promise<ResolvedAd | undefined> => {
    for (let next = buffet.shift(); next; next = buffet.shift()) {
      const resolved = await resolveOne(next);
      if (resolved) return resolved;
    }
    return undefined;
  };

  if (pod.length === 0) {
    const ad = await fromBuffet();
    return { ads: ad ? [ad] : [], failures };
  }
  // Pod ads resolve together (their wrapper chains are independent round trips).
  const resolved = await Promise.all(pod.map(resolveOne));
  const ads: ResolvedAd[] = [];
  for (const ad of resolved) {
    const playable = ad ?? (await fromBuffet());
    if (playable) ads.push(playable);
  }
  return { ads, failures };
}

async function fetchDocument(source: VastSource, options: ResolveOptions, depth: number, chainErrors: string[]): Promise<{ document: VastDocument; baseUrl: string | undefined }> {
  let text: string;
  let baseUrl: string | undefined;
  if ('xml' in source) {
    text = source.xml;
    baseUrl = source.baseUrl;
  } else {
    const loaded = await options.load(fillMacros(source.url));
    if (!loaded.ok) {
      // A wrapper's target that does not come is 301 whatever the reason (IAB); the first document's
      // timeout is 350 and any other failure 303 (SPEC.md section 8).
      if (depth > 0) throw new ChainFailure(AD_ERROR.WRAPPER_TIMEOUT, `${AD_ERROR_MESSAGE.load}: ${loaded.reason}`, chainErrors);
      throw new ChainFailure(loaded.timedOut ? AD_ERROR.LOAD_TIMEOUT : AD_ERROR.NO_RESPONSE, `${AD_ERROR_MESSAGE.load}: ${loaded.reason}`, chainErrors);
    }
    text = loaded.text;
    baseUrl = loaded.url;
  }
  const parsed = parseVastDocument(text);
  if (!parsed.ok) throw new ChainFailure(parsed.code, parsed.message, chainErrors);
  return { document: parsed.document, baseUrl };
}

/** Follows `ad` down its wrapper chain to an inline ad with a playable media file. */
async function resolveAd(ad: VastAd, baseUrl: string | undefined, options: ResolveOptions, depth: number, chain: readonly VastAd[]): Promise<ResolvedAd> {
  const path = [...chain, ad];
  const errorUrls = path.flatMap((link) => link.errorUrls);
  if (ad.kind === 'inline') return playableAd(ad, path, options, errorUrls);

  const limit = options.wrapperLimit ?? WRAPPER_LIMIT;
  if (depth >= limit) throw new ChainFailure(AD_ERROR.WRAPPER_LIMIT, `Wrapper limit reached: more than ${limit} wrappers`, errorUrls);
  const target = absolute(ad.tagUrl, baseUrl);
  const { document, baseUrl: nextBase } = await fetchDocument({ url: target }, options, depth + 1, errorUrls);
  // VAST 4.3 section 2.3.4: a wrapper's target with no ad is 303; its root Error URLs are fired too.
  const next = document.ads.filter((candidate) => candidate.sequence === undefined || candidate.sequence === 1).at(0) ?? document.ads[0];
  if (!next) throw new ChainFailure(AD_ERROR.NO_RESPONSE, 'No ad after the wrapper chain', [...errorUrls, ...document.errorUrls]);
  if (next.kind === 'wrapper' && !ad.followAdditionalWrappers) {
    throw new ChainFailure(AD_ERROR.WRAPPER_ERROR, 'The wrapper forbids following another wrapper', [...errorUrls, ...next.errorUrls]);
  }
  return resolveAd(next, nextBase, options, depth + 1, path);
}

function playableAd(ad: InlineAd, path: readonly VastAd[], options: ResolveOptions, errorUrls: string[]): ResolvedAd {
  const files = ad.linear?.mediaFiles ?? [];
  if (files.length === 0) throw new ChainFailure(AD_ERROR.MEDIA_NOT_FOUND, AD_ERROR_MESSAGE.mediaNotFound, errorUrls);
  const mediaFile = files.find((file) => options.canPlay(file));
  if (!mediaFile) throw new ChainFailure(AD_ERROR.MEDIA_UNSUPPORTED, AD_ERROR_MESSAGE.mediaUnsupported, errorUrls);
  const wrappers = path.filter((link) => link.kind === 'wrapper');
  return {
    id: ad.id,
    sequence: path[0]?.sequence ?? ad.sequence,
    title: ad.title,
    advertiser: ad.advertiser,
    erid: ad.erid,
    duration: ad.linear?.duration,
    skipOffset: ad.linear?.skipOffset,
    mediaFile,
    clickThrough: ad.linear?.clickThrough,
    // Wrappers first: the order the chain was walked.
    impressions: path.flatMap((link) => link.impressions),
    errorUrls,
    tracking: path.flatMap((link) => link.tracking),
    clickTracking: path.flatMap((link) => link.clickTracking),
    wrapperDepth: wrappers.length,
  };
}

function absolute(url: string, base: string | undefined): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

function asFailure(error: unknown): AdFailure {
  if (error instanceof ChainFailure) return { code: error.code, message: error.message, errorUrls: error.errorUrls };
  return { code: AD_ERROR.UNDEFINED, message: AD_ERROR_MESSAGE.unknown, errorUrls: [] };
}
