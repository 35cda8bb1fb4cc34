import type { MasterManifest } from '../schemas/schema.ts';

/** Links not starting with http are prefixed with the manifest's origin (SPEC.md section 5). */
export function resolveManifestLinks(manifest: MasterManifest, manifestUrl: string): MasterManifest {
  const origin = new URL(manifestUrl).origin;
  const absolute = (link: string) => (link.startsWith('http') ? link : `${origin}${link.startsWith('/') ? '' : '/'}${link}`);
  return {
    ...manifest,
    sources: manifest.sources.map((source) => ({ ...source, link: absolute(source.link) })),
    subtitles: manifest.subtitles.map((subtitle) => ({ ...subtitle, src: absolute(subtitle.src) })),
    ...(manifest.thumbnails
      ? { thumbnails: { json: absolute(manifest.thumbnails.json), vtt: absolute(manifest.thumbnails.vtt) } }
      : {}),
  };
}
