/**
 * The facade: what a player in 'facade' loading mode shows before the viewer asks for it — the
 * poster, the title and a play button drawn in the host's element, with no frame and no request
 * to the player's document. It takes the box the frame will take (full width, 16:9), so the frame
 * replaces it without moving anything on the page. Its styles live in a shadow root: nothing of
 * the host page's CSS reaches in, nothing of ours leaks out.
 */

export interface FacadeOptions {
  /** The player's origin: the catalogue is asked there, and preconnected to on intent. */
  origin: string;
  movieId: number;
  /** The content's title and poster when the host knows them: then the catalogue is not asked. */
  title?: string;
  poster?: string;
  /** The address the frame will open, warmed up (prefetched) on the viewer's first intent. */
  embedUrl: string;
  /** The viewer asked to play (click, Enter, Space on the button). */
  onActivate(): void;
}

export interface Facade {
  /** Takes the facade out of the page and stops what it still waits for. Idempotent. */
  remove(): void;
}

/** The box the player's frame takes by default (player-frame.ts): the facade takes the same. */
const BOX_STYLE = 'display:block;position:relative;width:100%;aspect-ratio:16/9;overflow:hidden;background:#000';

const STYLES = `
:host{all:initial;${BOX_STYLE}}
button{all:unset;box-sizing:border-box;position:absolute;inset:0;display:flex;align-items:flex-end;cursor:pointer;
font:600 clamp(14px,3.2vw,22px)/1.3 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#fff;
background:linear-gradient(to top,rgba(0,0,0,.7),rgba(0,0,0,0) 45%)}
button:focus-visible{outline:3px solid #fff;outline-offset:-6px}
img{position:absolute;inset:0;width:100%;height:100%;aspect-ratio:16/9;object-fit:cover;display:block}
.title{position:relative;margin:0 16px 14px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;max-width:calc(100% - 32px)}
.icon{position:absolute;left:50%;top:50%;width:68px;height:68px;margin:-34px 0 0 -34px;border-radius:50%;background:rgba(0,0,0,.6)}
.icon::after{content:"";position:absolute;left:27px;top:21px;border-style:solid;border-width:13px 0 13px 22px;border-color:transparent transparent transparent #fff}
button:hover .icon,button:focus-visible .icon{background:#e50914}
`;

/** The play button's accessible name: "Смотреть «Название»", or "Смотреть" while the title is unknown. */
export function watchLabel(title: string | undefined): string {
  return title ? `Смотреть «${title}»` : 'Смотреть';
}

interface ContentSummary {
  title?: string;
  poster?: string;
}

/** The content's title and poster from the catalogue (one public, cacheable GET); {} when it cannot be had. */
async function fetchContentSummary(origin: string, movieId: number, signal: AbortSignal): Promise<ContentSummary> {
  try {
    const response = await fetch(new URL(`/catalog-api/contents/${movieId}`, origin), { credentials: 'omit', signal });
    if (!response.ok) return {};
    const content = (await response.json()) as { title?: unknown; posterUrl?: unknown };
    return {
      title: typeof content.title === 'string' ? content.title : undefined,
      // Catalogue links are root-relative to the player's origin.
      poster: typeof content.posterUrl === 'string' && content.posterUrl ? new URL(content.posterUrl, origin).href : undefined,
    };
  } catch {
    return {};
  }
}

/** Draws the facade as the last child of `container`. */
export function drawFacade(container: Element, options: FacadeOptions): Facade {
  const doc = container.ownerDocument;
  const lifetime = new AbortController();
  const { signal } = lifetime;
  const host = doc.createElement('div');
  host.setAttribute('data-kino-facade', '');
  // Until the shadow root's styles apply, and where there is none, the box is already the frame's.
  host.style.cssText = BOX_STYLE;
  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = STYLES;
  const button = doc.createElement('button');
  button.type = 'button';
  const titleLine = doc.createElement('span');
  titleLine.className = 'title';
  const icon = doc.createElement('span');
  icon.className = 'icon';
  button.append(titleLine, icon);
  root.append(style, button);

  const show = ({ title, poster }: ContentSummary) => {
    if (title) titleLine.textContent = title;
    button.setAttribute('aria-label', watchLabel(title ?? titleLine.textContent ?? undefined));
    if (poster) {
      const image = doc.createElement('img');
      image.alt = '';
      // The box is fixed by the facade; the size attributes keep the image from ever sizing it.
      image.width = 1280;
      image.height = 720;
      image.decoding = 'async';
      // A poster below the fold waits until scrolled near, and none competes with the host
      // page's own largest image for the link.
      image.loading = 'lazy';
      image.setAttribute('fetchpriority', 'low');
      image.src = poster;
      root.insertBefore(image, button);
    }
  };
  show({ title: options.title, poster: options.poster });
  if (!options.title || !options.poster) {
    void fetchContentSummary(options.origin, options.movieId, signal).then((found) => {
      if (signal.aborted) return;
      show({ title: options.title ? undefined : found.title, poster: options.poster ? undefined : found.poster });
    });
  }

  // The viewer's first sign of intent warms the connection and the document up, once.
  let warmed = false;
  const warmUp = () => {
    if (warmed || signal.aborted) return;
    warmed = true;
    const links = [
      ['preconnect', options.origin],
      ['prefetch', options.embedUrl],
    ].map(([rel, href]) => {
      const link = doc.createElement('link');
      link.rel = rel!;
      link.href = href!;
      if (rel === 'prefetch') link.as = 'document';
      return link;
    });
    doc.head.append(...links);
  };
  host.addEventListener('pointerenter', warmUp, { signal });
  host.addEventListener('touchstart', warmUp, { signal, passive: true });
  host.addEventListener('focusin', warmUp, { signal });
  button.addEventListener('click', () => {
    warmUp();
    options.onActivate();
  }, { signal });

  container.append(host);
  return {
    remove() {
      if (signal.aborted) return;
      lifetime.abort();
      host.remove();
    },
  };
}
