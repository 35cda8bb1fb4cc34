import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeHostPage, PLAYER_ORIGIN, type FakeHostPage, type FakeIframe } from '../../test/fakes/fake-host-page.ts';
import { HOST_COMMAND_NAMES } from '../contract/embed/host-api.ts';
import { EMPTY_SNAPSHOT, type PlayerSnapshot } from '../contract/embed/player-snapshot.ts';
import type { KinoPlayerElement } from './kino-player-element.ts';

// <kino-player> without a browser: the fake host page (window, document, frames) and an
// HTMLElement that keeps attributes and calls the custom element's callbacks as a browser would.

const READY: PlayerSnapshot = { ...EMPTY_SNAPSHOT, status: 'ready', contentId: 2, title: 'Город без карты', duration: 1500 };
const fromPlayer = (type: string, payload: unknown) => ({ source: 'kino-player', version: 1, type, payload });

let page: FakeHostPage;

function installFakeElement(doc: FakeHostPage['doc']) {
  class FakeElement extends EventTarget {
    readonly attributes = new Map<string, string>();
    readonly children: FakeIframe[] = [];
    readonly ownerDocument = doc;
    isConnected = false;
    shadowHtml = '';
    attachShadow() {
      const root = { innerHTML: '' };
      queueMicrotask(() => (this.shadowHtml = root.innerHTML));
      return root;
    }
    getAttribute(name: string) {
      return this.attributes.get(name) ?? null;
    }
    setAttribute(name: string, value: string) {
      const before = this.getAttribute(name);
      this.attributes.set(name, value);
      const observed = (this.constructor as unknown as { observedAttributes: readonly string[] }).observedAttributes;
      if (observed.includes(name)) (this as unknown as KinoPlayerElement).attributeChangedCallback(name, before, value);
    }
    append(child: FakeIframe) {
      this.children.push(child);
    }
    connect() {
      this.isConnected = true;
      (this as unknown as KinoPlayerElement).connectedCallback();
    }
    disconnect() {
      this.isConnected = false;
      (this as unknown as KinoPlayerElement).disconnectedCallback();
    }
  }
  vi.stubGlobal('HTMLElement', FakeElement);
  const registry = new Map<string, CustomElementConstructor>();
  vi.stubGlobal('customElements', { get: (name: string) => registry.get(name), define: (name: string, value: CustomElementConstructor) => registry.set(name, value) });
  return registry;
}

type TestElement = KinoPlayerElement & { connect(): void; disconnect(): void; children: FakeIframe[]; shadowHtml: string };

let registry: Map<string, CustomElementConstructor>;
async function makeElement(attributes: Record<string, string>): Promise<TestElement> {
  const { defineKinoPlayerElement } = await import('./kino-player-element.ts');
  const Element = defineKinoPlayerElement(PLAYER_ORIGIN) as unknown as new () => TestElement;
  const element = new Element();
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

const commandsSent = () =>
  page.posted
    .map(({ message }) => message as { type: string; payload: { name: string; args: unknown[] } })
    .filter((message) => message.type === 'command')
    .map(({ payload }) => ({ name: payload.name, args: payload.args }));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.resetModules();
  page = fakeHostPage();
  registry = installFakeElement(page.doc);
});
afterEach(() => vi.unstubAllGlobals());

describe('<kino-player>', () => {
  it('is defined once, as kino-player, and keeps a class the page defined first', async () => {
    const { defineKinoPlayerElement, KinoPlayerElement } = await import('./kino-player-element.ts');
    expect(defineKinoPlayerElement(PLAYER_ORIGIN)).toBe(KinoPlayerElement);
    expect(registry.get('kino-player')).toBe(KinoPlayerElement);
    expect(defineKinoPlayerElement()).toBe(KinoPlayerElement);
    expect(registry.size).toBe(1);
  });

  it('is a 16:9 block from the start, before any frame', async () => {
    const element = await makeElement({ 'movie-id': '2' });
    await settle();
    expect(element.shadowHtml).toContain(':host{display:block;aspect-ratio:16/9}');
    expect(element.children).toHaveLength(0);
  });

  it('makes its player from its attributes when it enters the document, and destroys it when it leaves', async () => {
    const element = await makeElement({ 'movie-id': '2', season: '1', episode: '2', 'auto-play': '' });
    expect(element.player).toBeUndefined();
    element.connect();
    const frame = element.children[0]!;
    const url = new URL(frame.src);
    expect(url.origin).toBe(PLAYER_ORIGIN);
    expect(Object.fromEntries(url.searchParams)).toEqual({ movie_id: '2', season: '1', episode: '2', auto_play: '' });
    expect(element.player).toBeDefined();
    element.disconnect();
    expect(frame.removed).toBe(true);
    expect(element.player).toBeUndefined();
  });

  it('makes no player without a movie-id, and one as soon as it is set', async () => {
    const element = await makeElement({});
    element.connect();
    expect(element.children).toHaveLength(0);
    element.setAttribute('movie-id', '4');
    await settle();
    expect(new URL(element.children[0]!.src).searchParams.get('movie_id')).toBe('4');
  });

  it('opens another episode with one setEpisode command when season and episode change together', async () => {
    const element = await makeElement({ 'movie-id': '2', season: '1', episode: '1' });
    element.connect();
    page.fromFrame(fromPlayer('ready', { protocol: 1, capabilities: [...HOST_COMMAND_NAMES], state: READY }));
    element.setAttribute('season', '2');
    element.setAttribute('episode', '3');
    await settle();
    expect(commandsSent()).toEqual([{ name: 'setEpisode', args: [{ season: 2, episode: 3 }] }]);
    expect(element.children).toHaveLength(1);
  });

  it('makes a new frame for another content', async () => {
    const element = await makeElement({ 'movie-id': '2' });
    element.connect();
    const first = element.children[0]!;
    element.setAttribute('movie-id', '3');
    await settle();
    expect(first.removed).toBe(true);
    expect(new URL(element.children[1]!.src).searchParams.get('movie_id')).toBe('3');
  });

  it('dispatches the SDK events on itself as CustomEvents with the data as detail', async () => {
    const element = await makeElement({ 'movie-id': '2' });
    const seen: Array<[string, unknown]> = [];
    element.addEventListener('ready', (event) => seen.push(['ready', event.detail.state.title]));
    element.addEventListener('timeupdate', (event) => seen.push(['timeupdate', event.detail.currentTime]));
    element.connect();
    page.fromFrame(fromPlayer('ready', { protocol: 1, capabilities: [...HOST_COMMAND_NAMES], state: READY }));
    page.fromFrame(fromPlayer('event', { name: 'timeupdate', data: { currentTime: 12, duration: 1500 }, state: { currentTime: 12 } }));
    expect(seen).toEqual([['ready', 'Город без карты'], ['timeupdate', 12]]);
    expect(element.state?.currentTime).toBe(12);
  });

  it('runs the SDK commands, also those asked before it entered the document, and resolves ready()', async () => {
    const element = await makeElement({ 'movie-id': '2' });
    const ready = element.ready();
    const seek = element.seek(30);
    element.connect();
    void element.pause();
    page.fromFrame(fromPlayer('ready', { protocol: 1, capabilities: [...HOST_COMMAND_NAMES], state: READY }));
    await expect(ready).resolves.toMatchObject({ status: 'ready', title: 'Город без карты' });
    await settle();
    expect(commandsSent()).toEqual([{ name: 'seek', args: [30] }, { name: 'pause', args: [] }]);
    const [seekCommand] = page.posted.map(({ message }) => message as { type: string; payload: { id: number } }).filter((message) => message.type === 'command');
    page.fromFrame(fromPlayer('result', { id: seekCommand!.payload.id, ok: true, value: 30, state: { currentTime: 30 } }));
    await expect(seek).resolves.toBe(30);
  });
});
