/**
 * A host page as the SDK (src/embed/kino-player.ts) sees it, without a browser: the window it
 * listens on, a document that makes iframes, and the player frame's window, whose postMessage
 * records what the SDK sends. Tests deliver the frame's answers with `fromFrame`.
 */
import { vi } from 'vitest';

export const HOST_ORIGIN = 'https://host.example';
export const PLAYER_ORIGIN = 'https://player.example';

export interface Posted {
  message: unknown;
  targetOrigin: string;
}

class FakeStyle {
  cssText = '';
  readonly properties = new Map<string, string>();
  setProperty(name: string, value: string): void {
    this.properties.set(name, value);
  }
}

export class FakeIframe extends EventTarget {
  src = '';
  title = '';
  allow = '';
  allowFullscreen = false;
  referrerPolicy = '';
  loading = '';
  style = new FakeStyle();
  removed = false;
  readonly attributes = new Map<string, string>();
  readonly ownerDocument: FakeDocument;
  readonly contentWindow: { postMessage(message: unknown, targetOrigin: string): void };
  constructor(ownerDocument: FakeDocument, contentWindow: FakeIframe['contentWindow']) {
    super();
    this.ownerDocument = ownerDocument;
    this.contentWindow = contentWindow;
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
    if (name === 'style') this.style = new FakeStyle();
  }
  removeAttribute(name: string): void {
    this.attributes.delete(name);
    if (name === 'style') this.style = new FakeStyle();
  }
  remove(): void {
    this.removed = true;
  }
  requestFullscreen = vi.fn(async () => {
    this.ownerDocument.fullscreenElement = this;
    this.ownerDocument.dispatchEvent(new Event('fullscreenchange'));
  });
}

export class FakeDocument extends EventTarget {
  fullscreenElement: unknown = null;
  readonly documentElement = { style: { overflow: '' } };
  readonly frameWindow: { postMessage(message: unknown, targetOrigin: string): void };
  readonly posted: Posted[];
  constructor(posted: Posted[]) {
    super();
    this.posted = posted;
    this.frameWindow = { postMessage: (message, targetOrigin) => void posted.push({ message, targetOrigin }) };
  }
  createElement(tag: string): FakeIframe {
    if (tag !== 'iframe') throw new Error(`unexpected element ${tag}`);
    return new FakeIframe(this, this.frameWindow);
  }
  async exitFullscreen(): Promise<void> {
    this.fullscreenElement = null;
    this.dispatchEvent(new Event('fullscreenchange'));
  }
}

/** The container the SDK puts its frame in. */
export class FakeContainer {
  readonly children: FakeIframe[] = [];
  readonly ownerDocument: FakeDocument;
  constructor(ownerDocument: FakeDocument) {
    this.ownerDocument = ownerDocument;
  }
  append(child: FakeIframe): void {
    this.children.push(child);
  }
}

export interface FakeHostPage {
  doc: FakeDocument;
  container: FakeContainer;
  posted: Posted[];
  /** Delivers `data` to the host window as the frame would post it (or as `from` says). */
  fromFrame(data: unknown, from?: { origin?: string; source?: unknown }): void;
  /** The iframe the SDK made. */
  frame(): FakeIframe;
}

/** Installs the fake page's globals (window, document, location, HTMLIFrameElement); undo with vi.unstubAllGlobals(). */
export function fakeHostPage(): FakeHostPage {
  const posted: Posted[] = [];
  const doc = new FakeDocument(posted);
  const win = new EventTarget();
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('location', { origin: HOST_ORIGIN, href: `${HOST_ORIGIN}/films/1` });
  vi.stubGlobal('HTMLIFrameElement', FakeIframe);
  const container = new FakeContainer(doc);
  return {
    doc,
    container,
    posted,
    fromFrame(data, from = {}) {
      const event = new Event('message');
      Object.defineProperties(event, {
        data: { value: data },
        origin: { value: from.origin ?? PLAYER_ORIGIN },
        source: { value: 'source' in from ? from.source : doc.frameWindow },
      });
      win.dispatchEvent(event);
    },
    frame() {
      const [frame] = container.children;
      if (!frame) throw new Error('the SDK made no frame');
      return frame;
    },
  };
}
