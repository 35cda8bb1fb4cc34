import { inLanguageOrder } from '../playback-memory.ts';
import type { EpisodeSource } from './episode-source.ts';

/**
 * Replaces the element's subtitle tracks with the episode's, those in the language order first
 * (SPEC.md section 1): the menu lists them first and turning subtitles on picks the first.
 */
export function setSubtitleTracks(video: HTMLVideoElement, subtitles: EpisodeSource['subtitles'], langOrder: readonly string[]): void {
  for (const track of video.querySelectorAll('track')) track.remove();
  const preferred = inLanguageOrder(subtitles, langOrder);
  for (const subtitle of [...preferred, ...subtitles.filter((item) => !preferred.includes(item))]) {
    const track = document.createElement('track');
    track.kind = 'subtitles';
    track.src = subtitle.src;
    track.label = subtitle.label;
    track.srclang = subtitle.language;
    video.append(track);
  }
}
