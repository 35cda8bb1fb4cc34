import { describe, expect, it } from 'vitest';
import { createFullscreenController, STRETCHED_CLASS, type FullscreenControllerOptions } from './fullscreen-controller.ts';

/** The player root: its requests counted, its classes kept in a set. */
function fakeRoot() {
  const names = new Set<string>();
  return { names, requests: 0, classList: { add: (name: string) => void names.add(name), remove: (name: string) => void names.delete(name) } };
}
type FakeRoot = ReturnType<typeof fakeRoot>;

/** A document whose fullscreen element changes only when the test, playing the browser, says so. */
class FakeDocument extends EventTarget {
  fullscreenEnabled?: boolean;
  webkitFullscreenEnabled?: boolean;
  fullscreenElement?: unknown;
  webkitFullscreenElement?: unknown;
  exits = 0;
}

class FakeVideo extends EventTarget { calls: string[] = []; }

function setUp(overrides: Partial<FullscreenControllerOptions> = {}) {
  const posted: string[] = [];
  const root = fakeRoot();
  const doc = new FakeDocument();
  const video = new FakeVideo();
  const options = { element: root, video, doc, framed: false, isIOS: false, postToHost: (type: string) => posted.push(type), ...overrides };
  return { posted, root, doc, video, options };
}

function standardDocument(doc: FakeDocument, root: FakeRoot) {
  doc.fullscreenEnabled = true;
  doc.fullscreenElement = null;
  Object.assign(doc, { exitFullscreen: async () => { doc.exits += 1; } });
  Object.assign(root, { requestFullscreen: async () => { root.requests += 1; } });
}

describe('createFullscreenController', () => {
  it('toggles the standard element fullscreen, changing state only on fullscreenchange', async () => {
    const { root, doc, options } = setUp();
    standardDocument(doc, root);
    const controller = createFullscreenController(options);
    await controller.toggle();
    expect(root.requests).toBe(1);
    expect(controller.store.getState().active).toBe(false);
    doc.fullscreenElement = root;
    doc.dispatchEvent(new Event('fullscreenchange'));
    expect(controller.store.getState()).toEqual({ supported: true, active: true, mode: 'native' });

    await controller.toggle();
    expect(doc.exits).toBe(1);
    expect(controller.store.getState().active).toBe(true);
    doc.fullscreenElement = null;
    doc.dispatchEvent(new Event('fullscreenchange'));
    expect(controller.store.getState()).toEqual({ supported: true, active: false, mode: 'none' });
  });

  it("uses Safari's prefixed API when the standard one is missing", async () => {
    const { root, doc, options } = setUp();
    doc.webkitFullscreenEnabled = true;
    doc.webkitFullscreenElement = null;
    Object.assign(doc, { webkitExitFullscreen: () => { doc.exits += 1; } });
    Object.assign(root, { webkitRequestFullscreen: () => { root.requests += 1; } });
    const controller = createFullscreenController(options);
    await controller.enter();
    expect(root.requests).toBe(1);
    doc.webkitFullscreenElement = root;
    doc.dispatchEvent(new Event('webkitfullscreenchange'));
    expect(controller.store.getState().mode).toBe('native');
    await controller.exit();
    expect(doc.exits).toBe(1);
  });

  it('stretches the frame on iOS inside a frame: posts enter and exit, toggles the class', async () => {
    const { root, posted, options } = setUp({ framed: true, isIOS: true });
    const controller = createFullscreenController(options);
    await controller.toggle();
    expect(posted).toEqual(['enterFullScreen']);
    expect(root.names.has(STRETCHED_CLASS)).toBe(true);
    expect(controller.store.getState()).toEqual({ supported: true, active: true, mode: 'stretch' });

    await controller.toggle();
    expect(posted).toEqual(['enterFullScreen', 'exitFullScreen']);
    expect(root.names.has(STRETCHED_CLASS)).toBe(false);
    expect(controller.store.getState()).toEqual({ supported: true, active: false, mode: 'none' });

    // The host left stretch itself (its exitFullScreen command): nothing is posted back.
    await controller.enter();
    controller.hostExited();
    expect(posted).toEqual(['enterFullScreen', 'exitFullScreen', 'enterFullScreen']);
    expect(root.names.has(STRETCHED_CLASS)).toBe(false);
    expect(controller.store.getState().active).toBe(false);
  });

  it("stretches in any browser when the widget's mode flag says so and it is framed", async () => {
    const { root, doc, posted, options } = setUp({ framed: true, preferredMode: 'stretch' });
    standardDocument(doc, root);
    await createFullscreenController(options).enter();
    expect(posted).toEqual(['enterFullScreen']);
    expect(root.requests).toBe(0);
  });

  it('uses the native video fullscreen on iOS outside a frame, following its events', async () => {
    const { video, options } = setUp({ isIOS: true });
    Object.assign(video, { webkitEnterFullscreen: () => video.calls.push('enter'), webkitExitFullscreen: () => video.calls.push('exit') });
    const controller = createFullscreenController(options);
    await controller.toggle();
    expect(video.calls).toEqual(['enter']);
    expect(controller.store.getState().active).toBe(false);
    video.dispatchEvent(new Event('webkitbeginfullscreen'));
    expect(controller.store.getState()).toEqual({ supported: true, active: true, mode: 'native' });

    await controller.toggle();
    expect(video.calls).toEqual(['enter', 'exit']);
    video.dispatchEvent(new Event('webkitendfullscreen'));
    expect(controller.store.getState().active).toBe(false);
  });

  it('reports no support and rejects enter() where nothing is available', async () => {
    const { root, doc, options } = setUp();
    standardDocument(doc, root);
    doc.fullscreenEnabled = false; // a frame without allowfullscreen
    const controller = createFullscreenController(options);
    expect(controller.store.getState().supported).toBe(false);
    await expect(controller.enter()).rejects.toThrow('Fullscreen is not supported');
    expect(root.requests).toBe(0);
  });

  it('stops following the browser after destroy(), which is idempotent', () => {
    const { root, doc, options } = setUp();
    standardDocument(doc, root);
    const controller = createFullscreenController(options);
    controller.destroy();
    controller.destroy();
    doc.fullscreenElement = root;
    doc.dispatchEvent(new Event('fullscreenchange'));
    expect(controller.store.getState().active).toBe(false);
  });

  it('leaves stretched fullscreen once on destroy(), so the host does not keep an enlarged frame', async () => {
    const { root, posted, options } = setUp({ framed: true, isIOS: true });
    const controller = createFullscreenController(options);
    await controller.enter();
    controller.destroy();
    controller.destroy();
    expect(posted).toEqual(['enterFullScreen', 'exitFullScreen']);
    expect(root.names.has(STRETCHED_CLASS)).toBe(false);
  });
});
