import type { Queryable } from '../database.ts';

/** [slug, title, description, the contents it gathers as a condition on `c`]. */
const PLAYLISTS: ReadonlyArray<readonly [string, string, string, string]> = [
  ['filmy-o-lyubvi', 'Фильмы о любви', 'Истории, в которых всё решает сердце.', "c.content_type = 'movie' AND (c.title ILIKE '%любов%' OR c.description ILIKE '%любв%')"],
  ['zimnee-nastroenie', 'Зимнее настроение', 'Снег, холод и тёплые вечера.', "c.title ~* 'зим|снег|холод' OR EXISTS (SELECT 1 FROM content_tags t JOIN tags g ON g.id = t.tag_id WHERE t.content_id = c.id AND g.slug IN ('winter', 'new-year'))"],
  ['detektivy-na-vyhodnye', 'Детективы на выходные', 'Загадки, которые не отпустят до финала.', "EXISTS (SELECT 1 FROM content_genres cg JOIN genres g ON g.id = cg.genre_id WHERE cg.content_id = c.id AND g.slug = 'detective')"],
  ['morskie-istorii', 'Морские истории', 'Маяки, гавани и шторма.', "c.title ~* 'мор|маяк|гаван|берег|остров' OR EXISTS (SELECT 1 FROM content_tags t JOIN tags g ON g.id = t.tag_id WHERE t.content_id = c.id AND g.slug = 'sea')"],
  ['dlya-vsej-semi', 'Для всей семьи', 'Смотреть вместе с детьми.', "c.age_rating IN (0, 6)"],
  ['luchshie-serialy', 'Лучшие сериалы', 'Сериалы с самым высоким рейтингом.', "c.content_type = 'series' AND c.rating_kinopoisk >= 7.5"],
];
const PLAYLIST_SIZE = 30;

/**
 * The editors' public playlists (owner NULL), filled from the catalogue by what they are about,
 * most watched first. The conditions are constants of this file, never input.
 */
export async function insertEditorialPlaylists(tx: Queryable): Promise<void> {
  for (const [slug, title, description, condition] of PLAYLISTS) {
    const [playlist] = await tx.query<{ id: number }>(
      'INSERT INTO playlists (owner_id, slug, title, description, is_public) VALUES (NULL, $1, $2, $3, true) ON CONFLICT (slug) DO NOTHING RETURNING id',
      [slug, title, description],
    );
    if (!playlist) continue;
    await tx.query(
      `INSERT INTO playlist_contents (playlist_id, content_id, position)
       SELECT $1, id, row_number() OVER (ORDER BY popularity DESC, id) FROM (
         SELECT c.id, c.popularity FROM contents c WHERE ${condition} ORDER BY c.popularity DESC, c.id LIMIT $2
       ) chosen`,
      [playlist.id, PLAYLIST_SIZE],
    );
  }
}
