/**
 * When a player's frame is created (docs/embedding.md, "Loading modes"):
 * - 'eager': at once, as the SDK is told about the element;
 * - 'lazy': when the element comes near the viewport, so players below the fold cost the page nothing until scrolled to;
 * - 'facade': on the viewer's click; until then the element shows the poster, the title and a play button (facade.ts).
 */
export type LoadingMode = 'eager' | 'lazy' | 'facade';

export const LOADING_MODES: readonly LoadingMode[] = ['eager', 'lazy', 'facade'];

/** The mode a value names; undefined for anything else (the caller keeps its default). */
export function loadingModeOf(value: unknown): LoadingMode | undefined {
  return LOADING_MODES.find((mode) => mode === value);
}

/** How far below (or above) the viewport a lazy player's frame is already created: it is ready when scrolled to. */
export const NEAR_VIEWPORT_MARGIN = '600px';

/**
 * Calls `near` once, when `element` comes within NEAR_VIEWPORT_MARGIN of the viewport; at once
 * where the browser has no IntersectionObserver (the player then loads as if eager).
 * @returns a function that stops watching.
 */
export function whenNearViewport(element: Element, near: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    near();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      near();
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
