// Progressive MP4s of every episode's media, for clients that cannot play HLS or DASH (smart
// TVs, the share preview): GET /catalog-api/proxy/{episode}/{height}/index.mp4 serves
// server/media/progressive/<media dir>/<height>.mp4. Made from the streams already built, so
// they show the same picture and voice; faststart puts the index first, so playback starts
// before the whole file arrives.
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { episodesOf, type Catalogue } from './catalogue.ts';
import { ffmpeg, ffprobe, log } from './run.ts';
import { mediaRoot } from './workspace.ts';

/** The one height every episode is offered in: what a TV or a preview needs, and cheap. */
export const PROGRESSIVE_HEIGHT = 360;
export const PROGRESSIVE_DIR = 'progressive';

/** Longer media (the 31-minute film) gets speech-grade audio to keep the committed files small. */
const LONG_MEDIA_SECONDS = 600;

interface ProbedStream { index: number; codec_type: string; height?: number }

/** The stream entry the player opens for this media: its master, else the first voice-over's. */
function entryOf(media: { dir: string; master?: string | undefined }, variantKey: string | undefined): string {
  if (media.master) return media.master;
  if (!variantKey) throw new Error(`${media.dir}: no master and no voice-over variant`);
  return `master-${variantKey}.m3u8`;
}

/** Copies the rendition of the right height when there is one; otherwise scales the next larger. */
function videoArgs(streams: ProbedStream[]): string[] {
  const videos = streams.filter((s) => s.codec_type === 'video' && s.height !== undefined);
  const exact = videos.find((s) => s.height === PROGRESSIVE_HEIGHT);
  if (exact) return ['-map', `0:${exact.index}`, '-c:v', 'copy'];
  const larger = videos.filter((s) => (s.height ?? 0) > PROGRESSIVE_HEIGHT).sort((a, b) => (a.height ?? 0) - (b.height ?? 0))[0];
  const source = larger ?? videos.sort((a, b) => (b.height ?? 0) - (a.height ?? 0))[0];
  if (!source) throw new Error('no video stream');
  return [
    '-map', `0:${source.index}`, '-vf', `scale=-2:${PROGRESSIVE_HEIGHT}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-maxrate', '250k', '-bufsize', '500k', '-pix_fmt', 'yuv420p',
  ];
}

function audioArgs(streams: ProbedStream[], seconds: number): string[] {
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!audio) return [];
  const map = ['-map', `0:${audio.index}`];
  if (seconds < LONG_MEDIA_SECONDS) return [...map, '-c:a', 'copy'];
  return [...map, '-c:a', 'aac', '-b:a', '12k', '-ac', '1', '-ar', '16000'];
}

/**
 * Writes progressive/<dir>/360.mp4 for every media folder of the catalogue, or only of the
 * contents in `only` (the others' files are left as they are); returns summary lines.
 */
export async function makeProgressive(cat: Catalogue, only: ReadonlySet<number> | null = null): Promise<string[]> {
  const root = path.join(mediaRoot, PROGRESSIVE_DIR);
  if (!only) await rm(root, { recursive: true, force: true });
  const lines: string[] = [];
  for (const content of cat.contents.filter((c) => !only || only.has(c.id))) {
    for (const { episode } of episodesOf(content)) {
      if (!episode.media) continue;
      const input = path.join(mediaRoot, episode.media.dir, entryOf(episode.media, content.variants?.[0]?.key));
      const output = path.join(root, episode.media.dir, `${PROGRESSIVE_HEIGHT}.mp4`);
      await mkdir(path.dirname(output), { recursive: true });
      // The HLS demuxer refuses segment names it does not know (.m4s) unless told; DASH has no such option.
      const inputArgs = input.endsWith('.m3u8') ? ['-allowed_extensions', 'ALL', '-i', input] : ['-i', input];
      const { streams } = await ffprobe<{ streams: ProbedStream[] }>(['-show_entries', 'stream=index,codec_type,height', ...inputArgs]);
      log(`progressive: ${episode.media.dir}`);
      await ffmpeg([
        ...inputArgs,
        ...videoArgs(streams), ...audioArgs(streams, episode.duration),
        '-movflags', '+faststart', output,
      ]);
      lines.push(`${path.relative(mediaRoot, output)}  ${((await stat(output)).size / 1048576).toFixed(2)} MiB`);
    }
  }
  return lines;
}
