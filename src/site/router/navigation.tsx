import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/** The site is one document: links push history entries, and every listener re-reads the address. */
const CHANGE = 'kino-site:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

/** The address as one string, so the snapshot only changes when the address does. */
const snapshot = () => `${location.pathname}${location.search}${location.hash}`;

export interface SiteLocation {
  pathname: string;
  search: URLSearchParams;
  hash: string;
}

export function useLocation(): SiteLocation {
  const href = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(href, 'http://site.invalid');
  return { pathname: url.pathname, search: url.searchParams, hash: url.hash };
}

/** Opens `to` in the app; `replace` rewrites the current entry (a filter change, a picked episode). */
export function navigate(to: string, { replace = false, keepScroll = false } = {}): void {
  if (to === snapshot()) return;
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.dispatchEvent(new Event(CHANGE));
  if (!keepScroll) window.scrollTo(0, 0);
}

/** A plain link the app follows itself; a click with a modifier (new tab, download) stays the browser's. */
export function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={follow} {...rest} />;
}
