/**
 * The boot data the server writes into /embed (`<script type="application/json" id="boot-data">`,
 * server/widget/boot-data.ts): the API's own answers keyed by the exact absolute URL the player
 * will request, and the playlists of the first source. Each answers one request, once; anything
 * else goes to the network.
 */
export interface BootData {
  /** Whether an answer for `url` was carried; it is handed out once (`take`). */
  has(url: string): boolean;
  /** The carried answer for `url` (parsed JSON), forgotten once taken. */
  take(url: string): unknown;
  /** The playlists (absolute URL → text) carried for the source `src`, handed out once. */
  playlists(src: string): Record<string, string> | undefined;
}

interface BootEntries {
  answers?: Record<string, unknown>;
  playlists?: Record<string, string>;
}

/** Reads the document's boot data; none (or a damaged one) answers nothing. */
export function readBootData(element: { textContent: string | null } | null): BootData {
  let entries: BootEntries = {};
  try {
    entries = JSON.parse(element?.textContent || '{}') as BootEntries;
  } catch {
    // not ours to fail on: every call goes to the network
  }
  const answers = new Map(Object.entries(entries.answers ?? {}));
  let playlists = entries.playlists;
  return {
    has: (url) => answers.has(url),
    take(url) {
      const answer = answers.get(url);
      answers.delete(url);
      return answer;
    },
    playlists(src) {
      const given = playlists;
      if (given?.[src] === undefined) return undefined;
      playlists = undefined;
      return given;
    },
  };
}
