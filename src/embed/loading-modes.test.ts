// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { optionsFromDataset } from './data-attributes.ts';
import { KinoPlayer, type KinoPlayerOptions } from './kino-player.ts';
import { NEAR_VIEWPORT_MARGIN } from './loading-mode.ts';
import { NotReadyError } from './sdk-errors.ts';

const ORIGIN = 'https://player.example';
const CONTENT = { id: 2, title: 'Город без карты', posterUrl: '/catalog-api/media/posters/2.jpg' };

/** The IntersectionObserver the page would have: tests say when the element comes near. */
class FakeIntersectionObserver {
  static last: FakeIntersectionObserver | undefined;
  readonly observed: Element[] = [];
  disconnected = false;
  readonly callback: IntersectionObserverCallback;
  readonly options: IntersectionObserverInit;
  constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
    this.callback = callback;
    this.options = options;
    FakeIntersectionObserver.last = this;
  }
  observe(element: Element): void {
    this.observed.push(element);
  }
  disconnect(): void {
    this.disconnected = true;
  }
  cross(isIntersecting: boolean): void {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

let container: HTMLElement;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="player"></div>';
  container = document.getElementById('player')!;
  fetchMock = vi.fn(async () => new Response(JSON.stringify(CONTENT), { headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  FakeIntersectionObserver.last = undefined;
});
afterEach(() => vi.unstubAllGlobals());

const create = (options: Partial<KinoPlayerOptions> = {}) => new KinoPlayer(container, { movieId: 2, playerOrigin: ORIGIN, ...options });
const frames = () => document.querySelectorAll('iframe');
const facadeRoot = () => container.querySelector('[data-kino-facade]')?.shadowRoot ?? null;
const playButton = () => facadeRoot()?.querySelector('button') ?? null;
const links = (rel: string) => [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)].map((link) => link.href);
const flush = async () => {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('loading: eager', () => {
  it('creates the frame at once, as without the option', () => {
    create();
    expect(frames()).toHaveLength(1);
    create({ loading: 'eager' });
    expect(frames()).toHaveLength(2);
  });
});

describe('loading: lazy', () => {
  it('creates no frame until the element comes within the margin of the viewport, then one', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    create({ loading: 'lazy' });
    const observer = FakeIntersectionObserver.last!;
    expect(observer.observed).toEqual([container]);
    expect(observer.options.rootMargin).toBe(NEAR_VIEWPORT_MARGIN);
    expect(frames()).toHaveLength(0);
    observer.cross(false);
    expect(frames()).toHaveLength(0);
    observer.cross(true);
    expect(frames()).toHaveLength(1);
    expect(container.querySelector('iframe')!.src).not.toContain('auto_play');
    expect(observer.disconnected).toBe(true);
  });

  it('loads at once where the browser has no IntersectionObserver', () => {
    create({ loading: 'lazy' });
    expect(frames()).toHaveLength(1);
  });

  it('play() before the element is near is the host\'s intent: the frame is created and the play waits for it', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const player = create({ loading: 'lazy' });
    void player.play().catch(() => undefined);
    expect(frames()).toHaveLength(1);
    expect(FakeIntersectionObserver.last!.disconnected).toBe(true);
  });

  it('destroy() before the frame exists stops watching, rejects what waits and never creates a frame', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const player = create({ loading: 'lazy' });
    const seek = player.seek(10);
    player.destroy();
    await expect(seek).rejects.toBeInstanceOf(NotReadyError);
    await expect(player.ready()).rejects.toBeInstanceOf(NotReadyError);
    expect(FakeIntersectionObserver.last!.disconnected).toBe(true);
    expect(frames()).toHaveLength(0);
  });
});

describe('loading: facade', () => {
  it('draws the poster, the title and a Russian play button in the element, with no frame and no warm-up', async () => {
    const player = create({ loading: 'facade' });
    expect(frames()).toHaveLength(0);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`${ORIGIN}/catalog-api/contents/2`);
    const button = playButton()!;
    expect(button.tagName).toBe('BUTTON');
    expect(button.type).toBe('button');
    await vi.waitFor(() => expect(button.getAttribute('aria-label')).toBe('Смотреть «Город без карты»'));
    expect(button.textContent).toContain('Город без карты');
    const poster = facadeRoot()!.querySelector('img')!;
    expect(poster.src).toBe(`${ORIGIN}/catalog-api/media/posters/2.jpg`);
    expect(poster.alt).toBe('');
    expect([poster.width, poster.height]).toEqual([1280, 720]);
    // Below the fold it waits; never ahead of the host page's own images.
    expect([poster.loading, poster.getAttribute('fetchpriority')]).toEqual(['lazy', 'low']);
    expect(links('preconnect')).toEqual([]);
    expect(links('prefetch')).toEqual([]);
    // Before the frame: the defaults, and nothing ready.
    expect(player.state.status).toBe('loading');
  });

  it('takes the frame\'s box and keeps its styles in a shadow root, away from the host page', () => {
    create({ loading: 'facade', title: 'Фильм', poster: 'https://cdn.example/p.jpg' });
    const host = container.querySelector<HTMLElement>('[data-kino-facade]')!;
    expect(host.style.width).toBe('100%');
    expect(host.style.aspectRatio.replace(/ /g, '')).toBe('16/9');
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
    expect(facadeRoot()!.querySelector('style')!.textContent).toContain(':focus-visible');
  });

  it('asks the catalogue nothing when the host gives the title and the poster', async () => {
    create({ loading: 'facade', title: 'Фильм', poster: 'https://cdn.example/p.jpg' });
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(playButton()!.getAttribute('aria-label')).toBe('Смотреть «Фильм»');
    expect(facadeRoot()!.querySelector('img')!.src).toBe('https://cdn.example/p.jpg');
  });

  it('reads data-loading, data-title and data-poster from a data-kino-player element', async () => {
    const options = optionsFromDataset({ movieId: '2', loading: 'facade', title: 'Фильм', poster: 'https://cdn.example/p.jpg' }, ORIGIN);
    expect(options).toMatchObject({ loading: 'facade', title: 'Фильм', poster: 'https://cdn.example/p.jpg' });
    expect(optionsFromDataset({ movieId: '2', loading: 'sometimes' }, ORIGIN)).not.toHaveProperty('loading');
    new KinoPlayer(container, options);
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(frames()).toHaveLength(0);
  });

  it('warms the connection and the player\'s document up on the first intent only', () => {
    create({ loading: 'facade', title: 'Фильм', poster: 'https://cdn.example/p.jpg' });
    const host = container.querySelector('[data-kino-facade]')!;
    host.dispatchEvent(new Event('pointerenter'));
    host.dispatchEvent(new Event('touchstart'));
    playButton()!.focus();
    expect(links('preconnect')).toEqual([`${ORIGIN}/`]);
    expect(links('prefetch')).toHaveLength(1);
    const prefetched = new URL(links('prefetch')[0]!);
    expect(prefetched.origin + prefetched.pathname).toBe(`${ORIGIN}/embed`);
    expect(prefetched.searchParams.has('auto_play')).toBe(true);
    expect(frames()).toHaveLength(0);
  });

  it('warms up on keyboard focus too', () => {
    create({ loading: 'facade', title: 'Фильм', poster: 'https://cdn.example/p.jpg' });
    playButton()!.focus();
    expect(links('prefetch')).toHaveLength(1);
  });

  it('a click creates the frame in the element, playing at once and allowed to, then takes the facade away and moves focus into the player', () => {
    create({ loading: 'facade', title: 'Фильм', poster: 'https://cdn.example/p.jpg', season: 2, episode: 3 });
    const button = playButton()!;
    button.focus();
    button.click();
    expect(frames()).toHaveLength(1);
    const frame = container.querySelector('iframe')!;
    const url = new URL(frame.src);
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/embed`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ movie_id: '2', season: '2', episode: '3', auto_play: '' });
    expect(frame.allow.split('; ')).toContain('autoplay');
    // The frame is where the facade was, and the facade is gone.
    expect(container.querySelector('[data-kino-facade]')).toBeNull();
    expect(document.activeElement).toBe(frame);
    button.click();
    expect(frames()).toHaveLength(1);
  });

  it('the play button is a real, focusable button: Enter and Space press it natively', () => {
    create({ loading: 'facade', title: 'Фильм', poster: 'https://cdn.example/p.jpg' });
    const button = playButton()!;
    expect(button.tabIndex).toBe(0);
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('role')).toBeNull();
  });

  it('a host\'s play() is intent: the frame is created and the facade goes', () => {
    const player = create({ loading: 'facade', title: 'Фильм', poster: 'https://cdn.example/p.jpg' });
    void player.play().catch(() => undefined);
    expect(frames()).toHaveLength(1);
    expect(container.querySelector('[data-kino-facade]')).toBeNull();
  });

  it('destroy() before the click takes the facade away, rejects what waits, and creates no frame', async () => {
    const player = create({ loading: 'facade', title: 'Фильм', poster: 'https://cdn.example/p.jpg' });
    const volume = player.setVolume(0.5);
    player.destroy();
    await expect(volume).rejects.toBeInstanceOf(NotReadyError);
    expect(container.querySelector('[data-kino-facade]')).toBeNull();
    expect(frames()).toHaveLength(0);
  });

  it('keeps a plain "Смотреть" label when the catalogue cannot be read', async () => {
    fetchMock.mockImplementation(async () => new Response('{}', { status: 404 }));
    create({ loading: 'facade' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await flush();
    expect(playButton()!.getAttribute('aria-label')).toBe('Смотреть');
    expect(facadeRoot()!.querySelector('img')).toBeNull();
  });
});
