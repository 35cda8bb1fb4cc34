/**
 * Who may frame the player for one content: the global entries and the content's own. An empty
 * set leaves it open to any site (a fresh install embeds anywhere); the server's own origin (the
 * catalogue site, the demo page) is always allowed.
 */
export interface EmbedAccess {
  /** True when no entry applies: any site may frame the player. */
  readonly open: boolean;
  /** The exact origins allowed besides the server's own, sorted, without repeats. */
  readonly origins: readonly string[];
}

/** The allowed set from the entries that apply (global ∪ the content's). */
export function embedAccess(origins: Iterable<string>): EmbedAccess {
  const unique = [...new Set(origins)].sort();
  return Object.freeze({ open: unique.length === 0, origins: Object.freeze(unique) });
}

/** Whether a page at `origin` may frame the player; `selfOrigins` are the server's own. */
export function mayEmbed(access: EmbedAccess, origin: string, selfOrigins: readonly string[]): boolean {
  return access.open || selfOrigins.includes(origin) || access.origins.includes(origin);
}

/** The CSP frame-ancestors value: `*` when open, else 'self' and the exact origins. */
export function frameAncestors(access: EmbedAccess): string {
  return access.open ? '*' : ["'self'", ...access.origins].join(' ');
}
