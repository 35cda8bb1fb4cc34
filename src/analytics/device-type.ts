import type { DeviceType } from '../contract/schemas/analytics-schema.ts';

interface NavigatorLike {
  userAgent: string;
  maxTouchPoints: number;
  userAgentData?: { mobile?: boolean } | undefined;
}

/**
 * Tablet, mobile or desktop (SPEC.md section 7, device_type). iPadOS calls itself a Mac and is
 * told apart by its touch screen; Android tablets leave "Mobile" out of their user agent.
 */
export function deviceTypeOf(nav: NavigatorLike): DeviceType {
  const ua = nav.userAgent;
  if (/iPad|Tablet|PlayBook|Silk/i.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1)) return 'tablet';
  if (/Android/i.test(ua) && !/Mobile/i.test(ua)) return 'tablet';
  if (nav.userAgentData?.mobile === true || /Mobi|iPhone|iPod|Android|Windows Phone/i.test(ua)) return 'mobile';
  return 'desktop';
}
