import { describe, expect, it } from 'vitest';
import { createPictureInPicture } from './picture-in-picture.ts';

/** A video whose picture-in-picture changes only when the test, playing the browser, says so. */
class FakeVideo extends EventTarget {
  disablePictureInPicture = false;
  calls: string[] = [];
}

class FakeDocument {
  pictureInPictureEnabled = true;
  pictureInPictureElement: unknown = null;
  exits = 0;
  async exitPictureInPicture(): Promise<void> {
    this.exits += 1;
  }
}

function standardSetUp() {
  const video = new FakeVideo();
  const doc = new FakeDocument();
  Object.assign(video, { requestPictureInPicture: async () => { video.calls.push('request'); } });
  return { video, doc };
}

function browserMoves(video: FakeVideo, doc: FakeDocument, into: boolean) {
  doc.pictureInPictureElement = into ? video : null;
  video.dispatchEvent(new Event(into ? 'enterpictureinpicture' : 'leavepictureinpicture'));
}

describe('createPictureInPicture', () => {
  it('toggles the standard API, changing state only on the browser events', async () => {
    const { video, doc } = standardSetUp();
    const pip = createPictureInPicture({ video, doc });
    expect(pip.store.getState()).toEqual({ supported: true, active: false });

    await pip.toggle();
    expect(video.calls).toEqual(['request']);
    expect(pip.store.getState().active).toBe(false);
    browserMoves(video, doc, true);
    expect(pip.store.getState().active).toBe(true);

    await pip.toggle();
    expect(doc.exits).toBe(1);
    expect(pip.store.getState().active).toBe(true);
    browserMoves(video, doc, false);
    expect(pip.store.getState().active).toBe(false);
  });

  it("falls back to Safari's presentation mode", async () => {
    const video = new FakeVideo();
    let mode = 'inline';
    Object.assign(video, {
      webkitSupportsPresentationMode: (wanted: string) => wanted === 'picture-in-picture',
      webkitSetPresentationMode: (wanted: string) => video.calls.push(wanted),
    });
    Object.defineProperty(video, 'webkitPresentationMode', { get: () => mode });
    const pip = createPictureInPicture({ video, doc: {} });
    expect(pip.store.getState().supported).toBe(true);

    await pip.toggle();
    expect(video.calls).toEqual(['picture-in-picture']);
    expect(pip.store.getState().active).toBe(false);
    mode = 'picture-in-picture';
    video.dispatchEvent(new Event('webkitpresentationmodechanged'));
    expect(pip.store.getState().active).toBe(true);

    await pip.toggle();
    expect(video.calls).toEqual(['picture-in-picture', 'inline']);
  });

  it.each([
    ['the API is missing', () => ({ video: new FakeVideo(), doc: new FakeDocument() })],
    ['the document disables it', () => {
      const setUp = standardSetUp();
      setUp.doc.pictureInPictureEnabled = false;
      return setUp;
    }],
    ['the video opts out', () => {
      const setUp = standardSetUp();
      setUp.video.disablePictureInPicture = true;
      return setUp;
    }],
  ])('is unsupported and rejects enter() when %s', async (_case, make) => {
    const { video, doc } = make();
    const pip = createPictureInPicture({ video, doc });
    expect(pip.store.getState().supported).toBe(false);
    await expect(pip.enter()).rejects.toThrow('Picture-in-picture is not supported');
    expect(video.calls).toEqual([]);
  });

  it('refuses to enter once the video opts out later', async () => {
    const { video, doc } = standardSetUp();
    const pip = createPictureInPicture({ video, doc });
    video.disablePictureInPicture = true;
    await expect(pip.enter()).rejects.toThrow('Picture-in-picture is not supported');
  });

  it('stops following the browser after destroy(), which is idempotent', () => {
    const { video, doc } = standardSetUp();
    const pip = createPictureInPicture({ video, doc });
    pip.destroy();
    pip.destroy();
    browserMoves(video, doc, true);
    expect(pip.store.getState().active).toBe(false);
  });
});
