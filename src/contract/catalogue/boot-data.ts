import type { FirstSegmentsTable } from './first-segments-table.ts';

/**
 * The boot data the server writes into /embed (`<script type="application/json" id="boot-data">`,
 * server/widget/boot-data.ts): the API's own answers keyed by the exact absolute URL the player
 * will request, and the playlists of the first source. Each answers one request, once; anything
 * else goes to the network.
 */
export interface BootData {
  /** The carried answer for `url` (parsed JSON), handed out once; undefined when there is none. */
  take(url: string): unknown;
  /** The playlists (absolute URL → text) carried for the stream `src`, handed out once. */
  playlists(src: string): Record<string, string> | undefined;
  /** The table of the carried stream's first segments (./first-segments-table.ts): the document fetches them early. */
  firstSegments(): FirstSegmentsTable | undefined;
}

/** Reads the document's boot data; none (or a damaged one) answers nothing. */
export function readBootData(element: { textContent: string | null } | null): BootData {
  let entries: { answers?: Record<string, unknown>; playlists?: Record<string, string>; firstSegments?: FirstSegmentsTable } = {};
  try {
    entries = JSON.parse(element?.textContent || '{}');
  } catch {
    // every call goes to the network
  }
  const { answers = {} } = entries;
  let { playlists } = entries;
  return {
    take(url) {
      const answer = answers[url];
      delete answers[url];
      return answer;
    },
    playlists(src) {
      const given = playlists?.[src] === undefined ? undefined : playlists;
      if (given) playlists = undefined;
      return given;
    },
    firstSegments: () => entries.firstSegments,
  };
}
