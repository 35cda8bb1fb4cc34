/**
 * How much one viewer may keep: a stranger with an account must not be able to grow
 * the database without bound. Past a limit the write is refused with 409 and says which one.
 */
export const VIEWER_LIMITS = {
  favourites: 10_000,
  playlists: 100,
  contentsPerPlaylist: 1_000,
} as const;

/** OFFSET of a 1-based page. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
