/**
 * The demo ad server's cases (?case= on the ad list): each one a thing that happens with real ad
 * servers, so the player's handling of it can be seen on the demo page and proved by the e2e.
 */
export const AD_CASES = {
  none: 'no ads: the film alone',
  midroll: 'no preroll; the midroll at half of a film longer than 30 minutes',
  'wrapper-2': 'the ad behind two wrappers (every wrapper\'s impression fires)',
  'wrapper-6': 'six wrappers, one past the limit: error 302, the film plays',
  pod: 'a pod of two ads, played in order',
  'no-ad': 'a VAST with no ad: error 901 "Empty vast"',
  malformed: 'a wrapper whose target is not XML: error 100 on the wrapper',
  unplayable: 'a media file no browser plays: error 403',
  'broken-media': 'a media file that does not load: error 405',
  slow: 'a VAST that answers after 6 s: past the 5 s VAST timeout (350)',
} as const;
export type AdCase = keyof typeof AD_CASES;

export function isAdCase(value: string): value is AdCase {
  return Object.hasOwn(AD_CASES, value);
}

/** How long the slow case keeps the VAST back, milliseconds. */
export const SLOW_VAST_DELAY_MS = 6_000;

/** The preroll list's VAST URLs (relative to the catalogue API) for a case. */
export function prerollPathsFor(demoCase: AdCase, creatives: readonly string[]): string[] {
  const [first = 'c1', second = first] = creatives;
  const id = encodeURIComponent(first);
  switch (demoCase) {
    case 'none':
    case 'midroll':
      return [];
    case 'wrapper-2':
      return [`/ads/wrapper.xml?creativeId=${id}&depth=2`];
    case 'wrapper-6':
      return [`/ads/wrapper.xml?creativeId=${id}&depth=6`];
    case 'pod':
      return [`/ads/pod.xml?creativeIds=${id},${encodeURIComponent(second)}`];
    case 'no-ad':
      return [`/ads/empty.xml?creativeId=${id}`];
    case 'malformed':
      return [`/ads/wrapper.xml?creativeId=${id}&depth=1&target=malformed`];
    case 'unplayable':
      return [`/vast.xml?creativeId=${id}&media=unplayable`];
    case 'broken-media':
      return [`/vast.xml?creativeId=${id}&media=missing`];
    case 'slow':
      return [`/vast.xml?creativeId=${id}&delayMs=${SLOW_VAST_DELAY_MS}`];
  }
}
