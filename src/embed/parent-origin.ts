/**
 * Which page framed the player: the frame's host (SPEC.md section 7). The host channel posts only
 * to this origin and takes commands only from it, and the ads take the host's pause from it. Its
 * own module, below the app and the ads, so both read the one rule.
 */

/** The parts of `window` the parent's origin is read from; tests pass a fake. */
export interface ParentOriginWindow {
  readonly parent: unknown;
  readonly location: { readonly ancestorOrigins?: { readonly length: number; readonly [index: number]: string } };
  readonly document: { readonly referrer: string };
}

/**
 * The parent's origin: location.ancestorOrigins[0] where the browser has it (Chromium, Safari),
 * else the origin of document.referrer (Firefox; empty under a no-referrer policy). An opaque
 * origin ('null', a sandboxed parent) cannot be addressed, so it counts as unknown.
 */
export function findParentOrigin(win: ParentOriginWindow): string | undefined {
  if (win.parent === win) return undefined;
  const ancestors = win.location.ancestorOrigins;
  const origin = ancestors && ancestors.length > 0 ? ancestors[0] : originOf(win.document.referrer);
  return origin && origin !== 'null' ? origin : undefined;
}

function originOf(url: string): string | undefined {
  if (!url) return undefined;
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : undefined;
  } catch {
    return undefined;
  }
}
