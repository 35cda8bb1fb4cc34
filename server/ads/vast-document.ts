import type { AdCreative } from './ads-repository.ts';
import type { AdTrackingEvent } from '../../src/api/schema.ts';

/** Linear events the demo creatives report; quartiles at 25/50/75 % as SPEC.md section 9 says. */
const LINEAR_TRACKING_EVENTS: readonly AdTrackingEvent[] = [
  'loaded', 'start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete',
  'pause', 'resume', 'mute', 'unmute', 'skip',
];
const PROGRESS_OFFSET = '00:00:10';

export interface VastUrls {
  /** Absolute URL of the creative's video file. */
  mediaFileUrl: string;
  /** Absolute tracking URL of one event; the error URL keeps the [ERRORCODE] macro. */
  trackingUrl(event: AdTrackingEvent): string;
}

/** A VAST 4.0 InLine response with one linear ad (the shape the player's VAST parser reads). */
export function renderVast(creative: AdCreative, urls: VastUrls): string {
  const tracking = LINEAR_TRACKING_EVENTS.map(
    (event) => `          <Tracking event="${event}">${cdata(urls.trackingUrl(event))}</Tracking>`,
  );
  tracking.push(`          <Tracking event="progress" offset="${PROGRESS_OFFSET}">${cdata(urls.trackingUrl('progress'))}</Tracking>`);
  const skip = creative.skipOffset ? ` skipoffset="${escapeAttribute(creative.skipOffset)}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.0" xmlns="http://www.iab.com/VAST">
  <Ad id="${escapeAttribute(creative.id)}">
    <InLine>
      <AdSystem version="1.0">kino-demo-ads</AdSystem>
      <AdTitle>${escapeText(creative.title)}</AdTitle>
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
              <MediaFile delivery="progressive" type="video/mp4" width="${creative.width}" height="${creative.height}" codec="avc1.64001e,mp4a.40.2">${cdata(urls.mediaFileUrl)}</MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>
`;
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
