/** Longest `domain` the availability call sends: the catalogue refuses values over 2 048 characters. */
export const MAX_DOMAIN_LENGTH = 512;

/**
 * What the availability call sends as `domain` (SPEC.md section 7: the current page address):
 * the page's origin and path. The query and the hash say nothing about where the player is
 * embedded, and an address of any length (a host page with a long query) must never make the
 * call fail, so they are left out and the rest is cut at MAX_DOMAIN_LENGTH. Something that is
 * not an absolute URL is only cut.
 */
export function availabilityDomain(pageAddress: string): string {
  let address = pageAddress;
  try {
    const url = new URL(pageAddress);
    if (url.protocol === 'http:' || url.protocol === 'https:') address = `${url.origin}${url.pathname}`;
  } catch {
    // not a URL: sent as it is, cut
  }
  return address.slice(0, MAX_DOMAIN_LENGTH);
}
