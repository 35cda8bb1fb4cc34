import { AD_ERROR, AD_ERROR_MESSAGE, type AdErrorCode } from './vast-errors.ts';
import { parseOffset, parseVastTime, type AdOffset } from './vast-time.ts';
import { attribute, childElements, firstChild, localName, parseXmlRoot, path, textOf, type XmlElement } from './xml-tree.ts';

/** The Tracking events read (SPEC.md section 3). */
export const TRACKING_EVENTS = [
  'start', 'loaded', 'resume', 'pause', 'complete', 'skip', 'firstQuartile', 'midpoint', 'thirdQuartile', 'mute', 'unmute', 'progress',
] as const;
export type TrackingEvent = (typeof TRACKING_EVENTS)[number];

export interface TrackingUrl {
  event: TrackingEvent;
  url: string;
  /** Progress events only: when it fires. */
  offset?: AdOffset;
}

export interface MediaFile {
  url: string;
  /** The MIME type, lower case, without parameters. */
  type: string;
  width: number;
  height: number;
  codec: string | undefined;
}

/** What every ad of a chain carries, a wrapper's included: its beacons. */
export interface AdBeacons {
  impressions: string[];
  errorUrls: string[];
  tracking: TrackingUrl[];
  clickTracking: string[];
}

interface AdCommon extends AdBeacons {
  id: string | undefined;
  /** Its place in a pod; undefined for a stand-alone (buffet) ad. */
  sequence: number | undefined;
}

export interface InlineAd extends AdCommon {
  kind: 'inline';
  title: string;
  /**
   * The advertiser for the Russian ad marking: VAST 4.1's `<Advertiser>`, else an
   * `<Extension type="advertiser">`.
   */
  advertiser: string | undefined;
  /** The ad's `erid` token (Russian ad register): `<Extension type="erid">`. */
  erid: string | undefined;
  /** Undefined when the ad has no Linear creative (companion or non-linear only: we play none of those). */
  linear: LinearCreative | undefined;
}

export interface LinearCreative {
  duration: number | undefined;
  skipOffset: AdOffset | undefined;
  /** Only those with a URL, a type, a width and a height (SPEC.md section 5), in document order. */
  mediaFiles: MediaFile[];
  clickThrough: string | undefined;
}

export interface WrapperAd extends AdCommon {
  kind: 'wrapper';
  /** Where the next document of the chain is. */
  tagUrl: string;
  /** VAST 4: false forbids following a wrapper met further down the chain. */
  followAdditionalWrappers: boolean;
}

export type VastAd = InlineAd | WrapperAd;

export interface VastDocument {
  version: string;
  /** In document order. */
  ads: VastAd[];
  /** The root `<Error>` URLs: for a response with no ad at all. */
  errorUrls: string[];
}

export type ParsedVast = { ok: true; document: VastDocument } | { ok: false; code: AdErrorCode; message: string };

/**
 * Reads one VAST response. Not XML: 100 'Failed parsing xml'. A VAST 1 document
 * (`VideoAdServingTemplate`) or another root: 102. No `<Ad>` is not an error here: the caller
 * decides between 'Empty vast' (901) and 303 at the end of a wrapper chain, and fires the
 * root's Error URLs. Nothing in the document is ever run: VPAID media files are not media.
 */
export function parseVastDocument(text: string): ParsedVast {
  const root = parseXmlRoot(text);
  if (!root) return { ok: false, code: AD_ERROR.XML_PARSING, message: AD_ERROR_MESSAGE.parsing };
  if (localName(root) !== 'VAST') return { ok: false, code: AD_ERROR.VERSION_UNSUPPORTED, message: `VAST version not supported: <${root.name}>` };
  const ads: VastAd[] = [];
  for (const ad of childElements(root, 'Ad')) {
    const parsed = readAd(ad);
    if (parsed) ads.push(parsed);
  }
  return {
    ok: true,
    document: { version: attribute(root, 'version') ?? '', ads, errorUrls: urls(childElements(root, 'Error')) },
  };
}

function readAd(ad: XmlElement): VastAd | undefined {
  const sequenceText = attribute(ad, 'sequence');
  const sequence = sequenceText && /^\d+$/.test(sequenceText.trim()) ? Number(sequenceText) : undefined;
  const id = attribute(ad, 'id');
  const inline = firstChild(ad, 'InLine');
  const wrapper = firstChild(ad, 'Wrapper');
  const body = inline ?? wrapper;
  if (!body) return undefined;
  const linearElement = findLinear(body);
  const beacons: AdBeacons = {
    impressions: urls(childElements(body, 'Impression')),
    errorUrls: urls(childElements(body, 'Error')),
    tracking: linearElement ? trackingUrls(linearElement) : [],
    clickTracking: linearElement ? urls(childElements(firstChild(linearElement, 'VideoClicks') ?? linearElement, 'ClickTracking')) : [],
  };
  if (wrapper && !inline) {
    // VAST 2's wrappers name their target <VASTAdTagURL><URL>.
    const tagUrl = textOf(firstChild(wrapper, 'VASTAdTagURI')) || textOf(path(wrapper, 'VASTAdTagURL', 'URL'));
    if (!tagUrl) return undefined;
    return { kind: 'wrapper', id, sequence, tagUrl, followAdditionalWrappers: attribute(wrapper, 'followAdditionalWrappers') !== 'false', ...beacons };
  }
  const extensions = childElements(firstChild(body, 'Extensions') ?? body, 'Extension');
  const extension = (type: string) => textOf(extensions.find((item) => attribute(item, 'type')?.toLowerCase() === type)) || undefined;
  return {
    kind: 'inline',
    id,
    sequence,
    title: textOf(firstChild(body, 'AdTitle')),
    advertiser: textOf(firstChild(body, 'Advertiser')) || extension('advertiser'),
    erid: extension('erid'),
    linear: linearElement ? readLinear(linearElement) : undefined,
    ...beacons,
  };
}

/** The first Linear creative of an InLine or Wrapper. */
function findLinear(body: XmlElement): XmlElement | undefined {
  for (const creative of childElements(firstChild(body, 'Creatives') ?? body, 'Creative')) {
    const linear = firstChild(creative, 'Linear');
    if (linear) return linear;
  }
  return undefined;
}

function readLinear(linear: XmlElement): LinearCreative {
  const mediaFiles: MediaFile[] = [];
  for (const file of childElements(firstChild(linear, 'MediaFiles') ?? linear, 'MediaFile')) {
    const media = readMediaFile(file);
    if (media) mediaFiles.push(media);
  }
  const clickThrough = textOf(path(linear, 'VideoClicks', 'ClickThrough')) || undefined;
  return {
    duration: parseVastTime(textOf(firstChild(linear, 'Duration'))),
    skipOffset: parseOffset(attribute(linear, 'skipoffset')),
    mediaFiles,
    clickThrough,
  };
}

function readMediaFile(file: XmlElement): MediaFile | undefined {
  const url = textOf(file);
  const type = attribute(file, 'type')?.split(';')[0]?.trim().toLowerCase();
  const width = Number(attribute(file, 'width'));
  const height = Number(attribute(file, 'height'));
  // A VPAID file is a script to run, not a video: nothing from the XML runs here.
  if (attribute(file, 'apiFramework')?.toUpperCase() === 'VPAID') return undefined;
  if (!url || !type || !(width > 0) || !(height > 0)) return undefined;
  return { url, type, width, height, codec: attribute(file, 'codec') };
}

function trackingUrls(linear: XmlElement): TrackingUrl[] {
  const found: TrackingUrl[] = [];
  for (const tracking of childElements(firstChild(linear, 'TrackingEvents') ?? linear, 'Tracking')) {
    const event = TRACKING_EVENTS.find((name) => name === attribute(tracking, 'event'));
    const url = textOf(tracking);
    if (!event || !url) continue;
    if (event !== 'progress') found.push({ event, url });
    else {
      const offset = parseOffset(attribute(tracking, 'offset'));
      if (offset) found.push({ event, url, offset });
    }
  }
  return found;
}

function urls(elements: readonly XmlElement[]): string[] {
  return elements.map(textOf).filter((url) => url.length > 0);
}
