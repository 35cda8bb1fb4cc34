import { describe, expect, it } from 'vitest';
import { FakeVideo } from '../../test/fakes/fake-video.ts';
import { createPlayerCore } from '../core/player-core.ts';
import { createThumbnailsClient } from './thumbnails-client.ts';

const VTT = `WEBVTT

00:00.000 --> 00:05.000
https://cdn.example/sprite.jpg#xywh=0,0,160,90

00:05.000 --> 00:10.000
https://cdn.example/sprite.jpg#xywh=160,0,160,90
`;
const DATA_URL = `data:text/vtt;base64,${Buffer.from(VTT).toString('base64')}`;
const ENVIRONMENT = { mediaSource: true, mediaSourceInWorker: true, nativeHls: false };

describe('createThumbnailsClient', () => {
  it('runs the thumbnails API inline when no worker can start', async () => {
    const client = createThumbnailsClient(() => {
      throw new Error('workers are not available here');
    });
    const result = await client.load(DATA_URL);
    expect(result.ok && result.value.map((cue) => cue.coords)).toEqual([{ x: 0, y: 0 }, { x: 160, y: 0 }]);
  });
});

describe('PlayerCore thumbnails', () => {
  it('answers the thumbnail for a time once loaded, and says so in state', async () => {
    const core = createPlayerCore({ video: new FakeVideo().asElement(), loaders: [], environment: ENVIRONMENT, thumbnails: createThumbnailsClient(undefined) });
    expect(core.thumbnailAt(7)).toBeUndefined();
    await core.loadThumbnails(DATA_URL, 10);
    expect(core.store.getState().thumbnailsReady).toBe(true);
    expect(core.thumbnailAt(7)).toMatchObject({ url: 'https://cdn.example/sprite.jpg', startTime: 5, endTime: 10, coords: { x: 160, y: 0 } });
  });

  it('a thumbnails file that fails to load leaves the preview off, nothing else', async () => {
    const core = createPlayerCore({ video: new FakeVideo().asElement(), loaders: [], environment: ENVIRONMENT, thumbnails: createThumbnailsClient(undefined) });
    await core.loadThumbnails('data:text/plain,not%20thumbnails');
    expect(core.store.getState()).toMatchObject({ thumbnailsReady: false, error: undefined });
    expect(core.thumbnailAt(1)).toBeUndefined();
  });
});
