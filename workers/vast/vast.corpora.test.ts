/**
 * The VAST reader against public test data (../shared/corpora/README.md, section (a)): the IAB's
 * VAST_Samples with the derived structural facts, and vast-client-js's samples with the values
 * its own specs assert. Where we differ from vast-client-js on purpose, the test says why.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveVast, type LoadResult } from './vast-chain.ts';
import { parseVastDocument, TRACKING_EVENTS, type InlineAd, type VastDocument } from './vast-document.ts';
import { AD_ERROR } from './vast-errors.ts';
import { parseOffset, parseVastTime } from './vast-time.ts';

const CORPORA = new URL('../../../shared/corpora/', import.meta.url);
const SAMPLES = new URL('vast-client-js/spec/samples/', CORPORA);
const missing = !existsSync(fileURLToPath(SAMPLES));
const read = (url: URL) => readFileSync(url, 'utf8');

function documentOf(text: string): VastDocument {
  const parsed = parseVastDocument(text);
  if (!parsed.ok) throw new Error(`not parsed: ${parsed.code} ${parsed.message}`);
  return parsed.document;
}

/** Loads wrapper targets from the samples folder: their VASTAdTagURIs are relative file names. */
async function loadSample(url: string): Promise<LoadResult> {
  const file = new URL(url);
  if (file.protocol !== 'file:' || !existsSync(fileURLToPath(file))) return { ok: false, timedOut: false, reason: 'HTTP 404' };
  return { ok: true, text: read(file), url: file.href };
}
const playsMp4 = { load: loadSample, canPlay: (file: { type: string }) => file.type === 'video/mp4' };
const sample = (name: string) => ({ url: new URL(name, SAMPLES).href });

interface FactAd {
  id: string | null;
  sequence: string | null;
  type: 'InLine' | 'Wrapper';
  impressions: number;
  error_urls: number;
  linear: Array<{ skipoffset: string | null; duration: string | null; media_files: number; media_types: string[]; tracking_urls: number; tracking_events: string[]; click_through: string | null; click_tracking: number }>;
}
interface Fact { root: string; ads: FactAd[] }

describe.skipIf(missing)(`VAST_Samples and vast-client-js against the derived facts${missing ? ' (corpus missing)' : ''}`, () => {
  const facts = missing ? {} : (JSON.parse(read(new URL('_derived/vast-structural-facts.json', CORPORA))) as Record<string, Fact>);
  // Whole VAST 2+ documents; fragments are checked below, wrapped.
  const documents = Object.entries(facts).filter(([, fact]) => fact.root === 'VAST');

  it('has the documents to check', () => expect(documents.length).toBeGreaterThan(70));

  it.each(documents)('%s', (file, fact) => {
    const { ads } = documentOf(read(new URL(file, CORPORA)));
    // A Wrapper without a VASTAdTagURI leads nowhere and is not an ad.
    const expected = fact.ads.filter((ad) => !file.includes('vastMissingWrapperValues') || ad.type !== 'Wrapper');
    expect(ads.map((ad) => ad.kind)).toEqual(expected.map((ad) => (ad.type === 'InLine' ? 'inline' : 'wrapper')));
    expected.forEach((factAd, index) => {
      const ad = ads[index]!;
      expect(ad.id ?? null).toBe(factAd.id);
      expect(ad.sequence ?? null).toBe(factAd.sequence === null ? null : Number(factAd.sequence));
      // An empty <Impression/> is no URL to call.
      expect(ad.impressions.length).toBeLessThanOrEqual(factAd.impressions);
      expect(ad.errorUrls).toHaveLength(factAd.error_urls);
      const linear = factAd.linear[0];
      if (!linear) return;
      // Only the events SPEC.md section 3 reads ('creativeView', 'close' … are not).
      const known = linear.tracking_events.every((event) => (TRACKING_EVENTS as readonly string[]).includes(event));
      if (known) expect(ad.tracking).toHaveLength(linear.tracking_urls);
      else expect(ad.tracking.length).toBeLessThan(linear.tracking_urls);
      expect(ad.clickTracking).toHaveLength(linear.click_tracking);
      if (ad.kind !== 'inline') return;
      expect(ad.linear?.clickThrough ?? null).toBe(linear.click_through);
      expect(ad.linear?.duration).toBe(parseVastTime(linear.duration ?? undefined));
      expect(ad.linear?.skipOffset).toEqual(parseOffset(linear.skipoffset ?? undefined));
      // Media files without width, height, type or URL do not count (SPEC.md section 5), nor VPAID scripts.
      expect(ad.linear?.mediaFiles.length).toBeLessThanOrEqual(linear.media_files);
      for (const media of ad.linear?.mediaFiles ?? []) expect(linear.media_types).toContain(media.type);
    });
  });
});

describe.skipIf(missing)('vast-client-js samples, with the values its specs assert', () => {
  it('sample.xml: a pod of one and a stand-alone ad; the first with its duration, beacons and one media file', () => {
    const { version, ads } = documentOf(read(new URL('sample.xml', SAMPLES)));
    expect(version).toBe('4.3');
    expect(ads.map((ad) => [ad.id, ad.sequence])).toEqual([['ad_id_0001', 1], ['ad_id_0002', undefined]]);
    const first = ads[0] as InlineAd;
    expect(first.linear?.duration).toBeCloseTo(90.123, 3);
    // vast-client counts 2: the second is a VPAID script, which never runs here.
    expect(first.linear?.mediaFiles).toEqual([{ url: 'http://example.com/linear-asset.mp4', type: 'video/mp4', width: 512, height: 288, codec: undefined }]);
    expect(first.impressions).toHaveLength(3);
    expect(first.errorUrls).toEqual(['http://example.com/error_[ERRORCODE]']);
    expect(first.clickTracking).toHaveLength(2);
    expect(first.linear?.clickThrough).toBe('http://example.com/linear-clickthrough_adplayhead:[ADPLAYHEAD]');
    // vast-client's 8 include 'close', which SPEC.md section 3 does not read.
    expect(first.tracking.filter((item) => item.event === 'progress').map((item) => item.offset)).toEqual([{ seconds: 30 }, { percent: 60 }]);
    expect(first.tracking).toHaveLength(7);
    const second = ads[1] as InlineAd;
    expect(second.linear?.skipOffset).toEqual({ seconds: 10 });
    expect(second.linear?.duration).toBe(30);
  });

  it('linear_ads__linearAd.xml (an <Ad> fragment, wrapped): id, sequence, impressions and the error template', () => {
    const fragment = read(new URL('extracted-from-js/linear_ads__linearAd.xml', SAMPLES));
    const ad = documentOf(`<VAST version="4.3">${fragment}</VAST>`).ads[0]!;
    expect([ad.id, ad.sequence]).toEqual(['ad_id_0001', 1]);
    expect(ad.impressions).toHaveLength(3);
    expect(ad.errorUrls).toEqual(['http://example.com/error_[ERRORCODE]']);
  });

  it('rejects outdated-vast.xml (VAST 1) with 102 and invalid-xmlfile.xml with 100 "Failed parsing xml"', () => {
    expect(parseVastDocument(read(new URL('outdated-vast.xml', SAMPLES)))).toMatchObject({ ok: false, code: 102 });
    expect(parseVastDocument(read(new URL('invalid-xmlfile.xml', SAMPLES)))).toEqual({ ok: false, code: 100, message: 'Failed parsing xml' });
  });

  // vast_parser.spec.js › Tracking: the Error URLs fired and the code in them.
  it.each([
    // The spec's own code first: a response with no ad is 'Empty vast' 901 (vast-client: 303).
    ['empty-no-ad.xml', AD_ERROR.GENERAL, ['http://example.com/empty-no-ad']],
    ['wrapper-empty.xml', AD_ERROR.NO_RESPONSE, ['http://example.com/wrapper-empty_wrapper-error', 'http://example.com/empty-no-ad']],
    // An InLine without a Linear has no media file: 401 'Not found mediaFiles in VAST' (vast-client: 303).
    ['empty-no-creative.xml', AD_ERROR.MEDIA_NOT_FOUND, ['http://example.com/empty-no-creative_inline-error']],
    ['wrapper-empty-no-creative.xml', AD_ERROR.MEDIA_NOT_FOUND, ['http://example.com/wrapper-no-creative_wrapper-error', 'http://example.com/empty-no-creative_inline-error']],
    ['wrapper-unavailable-url.xml', AD_ERROR.WRAPPER_TIMEOUT, ['http://example.com/wrapper-invalid-xmlfile_wrapper-error']],
  ] as const)('%s fails with %i and the Error URLs of its chain', async (file, code, errorUrls) => {
    const { ads, failures } = await resolveVast(sample(file), playsMp4);
    expect(ads).toEqual([]);
    expect(failures).toEqual([expect.objectContaining({ code, errorUrls })]);
  });

  it('wrapper-b.xml with no wrapper allowed fails with 302 and the wrapper\'s Error URL (vast-client: wrapperLimit 1 counts the first document)', async () => {
    const { failures } = await resolveVast(sample('wrapper-b.xml'), { ...playsMp4, wrapperLimit: 0 });
    expect(failures).toEqual([expect.objectContaining({ code: 302, errorUrls: ['http://example.com/wrapperB-error'] })]);
  });

  it('wrapper-a.xml → wrapper-b.xml → sample.xml: one ad, with every wrapper\'s impressions and progress tracking merged', async () => {
    const { ads, failures } = await resolveVast(sample('wrapper-a.xml'), playsMp4);
    expect(failures).toEqual([]);
    expect(ads).toHaveLength(1);
    const [ad] = ads;
    expect(ad?.wrapperDepth).toBe(2);
    expect(ad?.mediaFile.url).toBe('http://example.com/linear-asset.mp4');
    const impressions = ad?.impressions ?? [];
    expect(impressions.filter((url) => url.includes('wrapperA'))).not.toHaveLength(0);
    expect(impressions.filter((url) => url.includes('wrapperB'))).toHaveLength(2);
    expect(impressions.filter((url) => url.includes('example.com/impression'))).toHaveLength(3);
    expect(ad?.errorUrls).toEqual(['http://example.com/wrapperA-error', 'http://example.com/wrapperB-error', 'http://example.com/error_[ERRORCODE]']);
    const progress = ad?.tracking.filter((item) => item.event === 'progress').map((item) => item.offset);
    expect(progress).toEqual(expect.arrayContaining([{ seconds: 30 }, { percent: 60 }]));
  });

  it('wrapper-legacy.xml follows VAST 2\'s <VASTAdTagURL><URL> to inline-linear.xml and its 400×300 MP4', async () => {
    const { ads } = await resolveVast(sample('wrapper-legacy.xml'), playsMp4);
    expect(ads.map((ad) => ad.mediaFile)).toEqual([
      { url: 'https://iabtechlab.com/wp-content/uploads/2016/07/VAST-4.0-Short-Intro.mp4', type: 'video/mp4', width: 400, height: 300, codec: '0' },
    ]);
  });

  it('wrapper-multiple-ads.xml: the pod plays in sequence, and its VPAID-only ad is replaced from the buffet', async () => {
    const { ads, failures } = await resolveVast(sample('wrapper-multiple-ads.xml'), playsMp4);
    // Pod: 20011 (→ vpaid.xml: only a VPAID script, 401) and 20012 (→ inline-linear.xml).
    // Buffet: 201 (→ sample.xml), which takes 20011's place; 2032 is not needed.
    expect(ads.map((ad) => ad.mediaFile.url)).toEqual([
      'http://example.com/linear-asset.mp4',
      'https://iabtechlab.com/wp-content/uploads/2016/07/VAST-4.0-Short-Intro.mp4',
    ]);
    expect(failures.map((failure) => failure.code)).toEqual([AD_ERROR.MEDIA_NOT_FOUND]);
  });
});
