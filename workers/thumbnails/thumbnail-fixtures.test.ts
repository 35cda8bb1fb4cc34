import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findThumbnail } from './thumbnail-lookup.ts';
import { parseThumbnailJson, parseThumbnails, parseThumbnailVtt } from './thumbnail-parser.ts';

const MEDIA = new URL('../../server/media/', import.meta.url);
const CORPORA = new URL('../../../shared/corpora/', import.meta.url);
const read = (url: URL): string => readFileSync(url, 'utf8');
const has = (url: URL): boolean => existsSync(fileURLToPath(url));

/** The title's duration, from its own media: EXTINF sum of the first rendition, or the MPD's. */
function mediaDuration(title: URL): number {
  const rendition = readdirSync(title).find((name) => /^v\d+$/.test(name));
  if (rendition) {
    const playlist = read(new URL(`${rendition}/index.m3u8`, title));
    return [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  }
  const mpd = /mediaPresentationDuration="PT(?:(\d+)H)?(?:(\d+)M)?([\d.]+)S"/.exec(read(new URL('manifest.mpd', title)));
  if (!mpd) throw new Error(`no duration for ${title.pathname}`);
  return Number(mpd[1] ?? 0) * 3600 + Number(mpd[2] ?? 0) * 60 + Number(mpd[3]);
}

describe('our demo media: the VTT and JSON of a title give identical cues', () => {
  const folders = readdirSync(MEDIA, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('thumbs/thumbs.vtt'))
    .map((path) => path.slice(0, -'thumbs/thumbs.vtt'.length))
    .filter((title) => has(new URL(`${title}thumbs/thumbs.json`, MEDIA)))
    .sort();

  it('finds the titles named in the brief', () => {
    expect(folders).toEqual(expect.arrayContaining(['films/1/', 'films/4/', 'series/2/s1e1/']));
  });

  const counts: Record<string, number> = { 'films/1/': 12, 'films/4/': 188, 'series/2/s1e1/': 5 };
  it.each(folders)('%s', (title) => {
    const base = new URL(`${title}thumbs/`, 'https://cdn.example/media/');
    const fromVtt = parseThumbnailVtt(read(new URL(`${title}thumbs/thumbs.vtt`, MEDIA)), new URL('thumbs.vtt', base).href);
    const json: unknown = JSON.parse(read(new URL(`${title}thumbs/thumbs.json`, MEDIA)));
    const fromJson = parseThumbnailJson(json, new URL('thumbs.json', base).href, mediaDuration(new URL(title, MEDIA)));
    expect(fromVtt.length).toBeGreaterThan(0);
    if (counts[title] !== undefined) expect(fromVtt).toHaveLength(counts[title]);
    expect(fromJson).toStrictEqual(fromVtt);
    expect(fromVtt[0]).toMatchObject({ url: new URL('sprite.jpg', base).href, startTime: 0, width: 160, height: 90, coords: { x: 0, y: 0 } });
  });
});

const SHAKA = new URL('shaka-player/test/test/assets/', CORPORA);
const shakaMissing = !has(SHAKA);
const BASE = 'https://cdn.example/test/assets/thumbnails.vtt';

// ../shared/corpora/README.md, "Thumbnail sprite VTT": shaka's player_integration.js addThumbnailsTrack.
describe.skipIf(shakaMissing)(`shaka-player thumbnails${shakaMissing ? ' (corpus missing: shaka-player)' : ''}`, () => {
  const rows = [
    { image: 'image1.jpg', startTime: 0, duration: 5, box: [0, 0, 160, 90], lookup: 0 },
    { image: 'image2.jpg', startTime: 5, duration: 25, box: [160, 0, 160, 90], lookup: 10 },
    { image: 'image3.jpg', startTime: 30, duration: 30, box: [160, 90, 160, 90], lookup: 40 },
  ] as const;

  it.each([
    ['thumbnails-sprites.vtt', true],
    ['thumbnails.vtt', false],
  ])('%s: 3 thumbnails with shaka’s times and tiles', (file, sprites) => {
    const result = parseThumbnails(read(new URL(file, SHAKA)), 'text/vtt', BASE);
    const cues = result.ok ? result.value : [];
    expect(cues).toHaveLength(3);
    for (const row of rows) {
      const cue = findThumbnail(cues, row.lookup);
      const [x, y, width, height] = row.box;
      const tile = sprites ? { width, height, coords: { x, y } } : {};
      expect(cue, `at ${row.lookup}`).toStrictEqual({
        url: `https://cdn.example/test/assets/${row.image}`,
        startTime: row.startTime,
        endTime: row.startTime + row.duration,
        ...tile,
      });
    }
  });
});

describe.each(['vtt.js', 'wpt-webvtt'])('robustness over the %s corpus', (corpus) => {
  const root = new URL(`${corpus}/`, CORPORA);
  const missing = !has(root);
  const files = missing
    ? []
    : readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((path) => path.endsWith('.vtt'))
        .sort();

  describe.skipIf(missing)(missing ? `corpus missing: ${corpus}` : `${files.length} files`, () => {
    it('has files', () => {
      expect(files.length).toBeGreaterThan(10);
    });

    it.each(files)('%s parses without throwing', (path) => {
      const text = read(new URL(path, root));
      const cues = parseThumbnailVtt(text, `https://cdn.example/${path}`);
      for (const cue of cues) {
        expect(Number.isFinite(cue.startTime) && Number.isFinite(cue.endTime)).toBe(true);
        expect(cue.startTime).toBeLessThanOrEqual(cue.endTime);
      }
      // The format-sniffing entry point agrees: the same cues, or an error only where there are none.
      const result = parseThumbnails(text, 'text/vtt', `https://cdn.example/${path}`);
      expect(result.ok ? result.value : []).toStrictEqual(cues);
    });
  });
});
