/**
 * What the suite compares. Every subject plays the same media from the same server through the
 * same shaped link; only the player differs. Reference pages use each library's defaults.
 */
import type { BenchSubject } from './report/results.ts';

/**
 * The media: film 1 (3 MPEG-TS renditions at film bitrates, separate audio), the 31-minute
 * film 4, and film 8 (1080p CMAF fMP4 with I-frame playlists; its MPD shares the HLS files).
 */
export type Media = 'film' | 'long' | 'cmaf';

export interface Origins {
  /** Our server (widget, catalogue, media), through the shaped link. */
  widget: string;
  /** The reference pages and libraries (bench/reference-server.ts), through the same link. */
  reference: string;
}

export interface Subject extends BenchSubject {
  /** The page to open; `frame` when the video lives in our widget's iframe. */
  url(media: Media, origins: Origins): string;
  frame: boolean;
  /** The engine our widget must report (its debug line), so a silent fallback is not measured as ours. */
  expectEngine?: string;
}

export const MOVIE_ID: Record<Media, number> = { film: 1, long: 4, cmaf: 8 };
const hlsUrl = (media: Media, origins: Origins) => `${origins.widget}/catalog-api/media/films/${MOVIE_ID[media]}/master.m3u8`;
const dashUrl = (media: Media, origins: Origins) => `${origins.widget}/catalog-api/media/films/${MOVIE_ID[media]}/dash/manifest.mpd`;
const reference = (page: string, src: string, origins: Origins) => `${origins.reference}/${page}?src=${encodeURIComponent(src)}`;
const widget = (media: Media, origins: Origins, engine?: string) => {
  const embed = `${origins.widget}/embed?movie_id=${MOVIE_ID[media]}&debug${engine ? `&engine=${encodeURIComponent(engine)}` : ''}`;
  return `${origins.reference}/host.html?widget=${encodeURIComponent(embed)}`;
};

export const SUBJECTS: readonly Subject[] = [
  {
    id: 'ours', label: 'ours', reference: true, frame: true, expectEngine: 'mse',
    description: 'our widget in a host page\'s iframe, custom MSE engine (MediaSource, fetching and transmuxing in a worker)',
    url: (media, origins) => widget(media, origins),
  },
  {
    id: 'ours-hlsjs', label: 'ours + hls.js', reference: false, frame: true, expectEngine: 'hls.js',
    description: 'the same widget forced to hls.js (engine=hls.js), its transmuxer in a worker',
    url: (media, origins) => widget(media, origins, 'hls.js'),
  },
  {
    id: 'hlsjs', label: 'hls.js', reference: false, frame: false,
    description: 'plain page: hls.js defaults, worker on',
    url: (media, origins) => reference('hls.html', hlsUrl(media, origins), origins),
  },
  {
    id: 'shaka', label: 'Shaka Player', reference: false, frame: false,
    description: 'plain page: Shaka Player defaults, the same HLS stream',
    url: (media, origins) => reference('shaka.html', hlsUrl(media, origins), origins),
  },
  {
    id: 'dashjs', label: 'dash.js', reference: false, frame: false,
    description: 'plain page: dash.js defaults, the DASH form of the same media (films 1 and 4: the same encodes remuxed to fMP4; film 8: an MPD over the very same CMAF files)',
    url: (media, origins) => reference('dash.html', dashUrl(media, origins), origins),
  },
  {
    id: 'native', label: 'native HLS', reference: false, frame: false,
    description: 'plain page: Chromium\'s own HLS playback (video.src = the master playlist)',
    url: (media, origins) => reference('native.html', hlsUrl(media, origins), origins),
  },
];
