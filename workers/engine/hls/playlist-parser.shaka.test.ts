/**
 * Smoke test over Shaka Player's HLS test assets (../shared/corpora/README.md, "(b) HLS"): they
 * have no per-file expectations, so each must parse without an error and be a multivariant
 * playlist exactly when it has EXT-X-STREAM-INF, with as many variants as STREAM-INF tags.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePlaylist } from './playlist-parser.ts';

const ROOT = new URL('../../../../shared/corpora/shaka-player/', import.meta.url);
const exists = existsSync(ROOT);

const files = exists
  ? readdirSync(ROOT, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.m3u8')).sort()
  : [];

const count = (text: string, tag: string): number => text.split('\n').filter((line) => line.startsWith(tag)).length;

const SUITE = exists ? 'parsePlaylist on the Shaka Player HLS assets' : 'parsePlaylist on the Shaka Player HLS assets — SKIPPED: ../shared/corpora is missing';

describe.skipIf(!exists)(SUITE, () => {
  it('finds the 78 playlists the corpus README lists', () => {
    expect(files).toHaveLength(78);
  });

  for (const path of files) {
    it(path, () => {
      const text = readFileSync(new URL(path, ROOT), 'utf8');
      const url = new URL(path, 'https://assets.example/').href;
      let result: ReturnType<typeof parsePlaylist> | undefined;
      expect(() => (result = parsePlaylist(text, url))).not.toThrow();
      if (!result?.ok) throw new Error(`${path}: ${result?.error.message}`);
      const playlist = result.value;
      const variants = count(text, '#EXT-X-STREAM-INF:');
      expect(playlist.kind).toBe(variants > 0 ? 'master' : 'media');
      if (playlist.kind === 'master') {
        expect(playlist.variants).toHaveLength(variants);
        for (const variant of playlist.variants) expect(variant.uri).toMatch(/^https:\/\/assets\.example\//);
      } else {
        expect(playlist.segments).toHaveLength(count(text, '#EXTINF'));
        for (const segment of playlist.segments) expect(Number.isFinite(segment.duration)).toBe(true);
      }
    });
  }
});
