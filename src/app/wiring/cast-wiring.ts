import { createGoogleCast, type CastMedia } from '../../core/features/google-cast.ts';
import { createRemotePlayback } from '../../core/features/remote-playback.ts';
import type { PlayerCore } from '../../core/player-core.ts';
import type { RemoteFeature } from '../../ui/components/controls/controls-host.ts';

const CONTENT_TYPES: Record<string, string> = {
  hls: 'application/x-mpegURL',
  dash: 'application/dash+xml',
  progressive: 'video/mp4',
};

export interface CastOptions {
  video: HTMLVideoElement;
  core: PlayerCore;
  /** The configured Cast sender script; undefined: no third-party script, the Remote Playback API only. */
  senderUrl: string | undefined;
  title: string;
  posterUrl: string | undefined;
}

/**
 * The 'Google Cast' button's feature. With a configured sender script, in Chrome, the Cast
 * framework casts the stream's own URL at the current position, and playback here pauses and
 * picks up where the TV stopped. Without one, the browser's Remote Playback API, which Chrome
 * offers for plain files but not for MediaSource streams, so the button usually stays hidden.
 */
export function createCast({ video, core, senderUrl, title, posterUrl }: CastOptions): RemoteFeature & { destroy(): void } {
  const inChrome = typeof (window as unknown as { chrome?: unknown }).chrome === 'object';
  if (senderUrl && inChrome) {
    const cast = createGoogleCast({
      loadScript: () => loadScript(senderUrl),
      win: window as unknown as Parameters<typeof createGoogleCast>[0]['win'],
      media: (): CastMedia | undefined => {
        const { source, currentTime } = core.store.getState();
        const contentType = source && CONTENT_TYPES[source.type];
        if (!source || !contentType) return undefined;
        return { url: new URL(source.src, window.location.href).href, contentType, title, posterUrl, currentTime };
      },
      onConnected: () => core.pause(),
      onDisconnected: (remoteTime) => {
        if (remoteTime !== undefined) core.seek(remoteTime);
      },
    });
    return { store: cast.store, pick: cast.pick, destroy: cast.destroy };
  }
  const remote = createRemotePlayback({ video });
  return { store: remote.store, pick: () => void remote.prompt().catch((error: unknown) => console.warn(error)), destroy: remote.destroy };
}

/** Adds the script once per page; its failure is the promise's. */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => reject(new Error(`${src} failed to load`)), { once: true });
    document.head.append(script);
  });
}
