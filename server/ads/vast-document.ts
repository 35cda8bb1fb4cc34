import type { AdCreative } from './ads-repository.ts';
import type { AdTrackingEvent } from '../../src/contract/schemas/schema.ts';

/** Linear events the demo creatives report; quartiles at 25/50/75 % as SPEC.md section 9 says. */
const LINEAR_TRACKING_EVENTS: readonly AdTrackingEvent[] = [
  'loaded', 'start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete',
  'pause', 'resume', 'mute', 'unmute', 'skip',
];
const PROGRESS_OFFSET = '00:00:10';

export interface VastUrls {
  /** Absolute URL of the creative's video file. */
  mediaFileUrl: string;
  /** Its MIME type: video/mp4, or one no browser plays (the 'unplayable' demo case). */
  mediaType?: string;
  /** The pod position (VAST `sequence`), when the ad is one of a pod. */
  sequence?: number;
  /** Absolute tracking URL of one event; the error URL keeps the [ERRORCODE] macro. */
  trackingUrl(event: AdTrackingEvent): string;
}

/**
 * The Russian ad marking every demo ad carries (the law asks for «Реклама», the advertiser and the
 * ad's erid token): VAST 4.1's <Advertiser>, and the erid as <Extension type="erid">.
 */
export const DEMO_ADVERTISER = 'ООО «Кино Демо»';
export const demoErid = (creativeId: string) => `2VtzqDemo${creativeId}`;

/** A VAST 4.1 InLine response with one linear ad (the shape the player's VAST parser reads). */
export function renderVast(creative: AdCreative, urls: VastUrls): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.1" xmlns="http://www.iab.com/VAST">
${renderInlineAd(creative, urls)}
</VAST>
`;
}

/** A pod: the ads in order, each with its `sequence`. */
export function renderPod(ads: ReadonlyArray<{ creative: AdCreative; urls: VastUrls }>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.1" xmlns="http://www.iab.com/VAST">
${ads.map(({ creative, urls }, index) => renderInlineAd(creative, { ...urls, sequence: index + 1 })).join('\n')}
</VAST>
`;
}

/** A Wrapper pointing at `target`, with its own impression, error and tracking beacons. */
export function renderWrapper(id: string, target: string, trackingUrl: (event: AdTrackingEvent) => string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.1" xmlns="http://www.iab.com/VAST">
  <Ad id="${escapeAttribute(id)}">
    <Wrapper>
      <AdSystem version="1.0">kino-demo-ads</AdSystem>
      <VASTAdTagURI>${cdata(target)}</VASTAdTagURI>
      <Impression>${cdata(trackingUrl('impression'))}</Impression>
      <Error>${cdata(trackingUrl('error'))}</Error>
      <Creatives>
        <Creative>
          <Linear>
            <TrackingEvents>
              <Tracking event="start">${cdata(trackingUrl('start'))}</Tracking>
            </TrackingEvents>
          </Linear>
        </Creative>
      </Creatives>
    </Wrapper>
  </Ad>
</VAST>
`;
}

/** A response with no ad, only the root Error to tell the ad server about it. */
export function renderEmptyVast(errorUrl: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.1" xmlns="http://www.iab.com/VAST">
  <Error>${cdata(errorUrl)}</Error>
</VAST>
`;
}

function renderInlineAd(creative: AdCreative, urls: VastUrls): string {
  const tracking = LINEAR_TRACKING_EVENTS.map(
    (event) => `          <Tracking event="${event}">${cdata(urls.trackingUrl(event))}</Tracking>`,
  );
  tracking.push(`          <Tracking event="progress" offset="${PROGRESS_OFFSET}">${cdata(urls.trackingUrl('progress'))}</Tracking>`);
  const skip = creative.skipOffset ? ` skipoffset="${escapeAttribute(creative.skipOffset)}"` : '';
  const sequence = urls.sequence === undefined ? '' : ` sequence="${urls.sequence}"`;
  return `  <Ad id="${escapeAttribute(creative.id)}"${sequence}>
    <InLine>
      <AdSystem version="1.0">kino-demo-ads</AdSystem>
      <AdTitle>${escapeText(creative.title)}</AdTitle>
      <Advertiser>${escapeText(DEMO_ADVERTISER)}</Advertiser>
      <Impression id="${escapeAttribute(creative.id)}-impression">${cdata(urls.trackingUrl('impression'))}</Impression>
      <Error>${cdata(urls.trackingUrl('error'))}</Error>
      <Creatives>
        <Creative id="${escapeAttribute(creative.id)}" adId="${escapeAttribute(creative.id)}" sequence="1">
          <UniversalAdId idRegistry="kino-demo">${escapeText(creative.id)}</UniversalAdId>
          <Linear${skip}>
            <Duration>${formatVastTime(creative.duration)}</Duration>
            <TrackingEvents>
${tracking.join('\n')}
            </TrackingEvents>
            <VideoClicks>
              <ClickThrough id="${escapeAttribute(creative.id)}-click">${cdata(creative.clickThrough)}</ClickThrough>
              <ClickTracking>${cdata(urls.trackingUrl('click'))}</ClickTracking>
            </VideoClicks>
            <MediaFiles>
              <MediaFile delivery="progressive" type="${escapeAttribute(urls.mediaType ?? 'video/mp4')}" width="${creative.width}" height="${creative.height}" codec="avc1.64001e,mp4a.40.2">${cdata(urls.mediaFileUrl)}</MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
      <Extensions>
        <Extension type="erid">${cdata(demoErid(creative.id))}</Extension>
      </Extensions>
    </InLine>
  </Ad>`;
}

/** Seconds as VAST's hh:mm:ss(.mmm). */
export function formatVastTime(seconds: number): string {
  const whole = Math.floor(seconds);
  const millis = Math.round((seconds - whole) * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  const clock = `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
  return millis > 0 ? `${clock}.${String(millis).padStart(3, '0')}` : clock;
}

function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replaceAll('"', '&quot;');
}
