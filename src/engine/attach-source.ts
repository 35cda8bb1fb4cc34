import type { AttachOptions, AttachedSource, MediaSourceDescriptor } from './types.ts';

/**
 * Attaches a source to a <video> with the engine its type needs. hls.js and dash.js load
 * lazily, each only inside its own folder (ARCHITECTURE.md rule 9).
 */
export async function attachSource(video: HTMLVideoElement, source: MediaSourceDescriptor, options: AttachOptions): Promise<AttachedSource> {
  switch (source.type) {
    case 'hls': {
      const { attachHls } = await import('./hls/hls-attach.ts');
      return attachHls(video, source.src, options);
    }
    case 'dash': {
      const { attachDash } = await import('./dash/dash-attach.ts');
      return attachDash(video, source.src, options);
    }
    case 'progressive': {
      const { attachNative } = await import('./native/native-attach.ts');
      return attachNative(video, source.src, options);
    }
  }
}
