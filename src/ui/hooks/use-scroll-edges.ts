import { useEffect, type RefObject } from 'react';

/**
 * Marks a scrolling element with `data-more-above` / `data-more-below` while part of its content
 * lies beyond that edge, so its style can fade the edge: in a low frame a menu shows only a few
 * rows, and the fade tells the viewer there are more. `panel` names what is shown, since a new
 * panel may bring a new element under the same ref.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>, panel: unknown): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const hidden = element.scrollHeight - element.clientHeight;
      element.toggleAttribute('data-more-above', element.scrollTop > 1);
      element.toggleAttribute('data-more-below', element.scrollTop < hidden - 1);
    };
    update();
    const lifetime = new AbortController();
    element.addEventListener('scroll', update, { passive: true, signal: lifetime.signal });
    // The list's box (the frame resized) and its rows (qualities arrive later) both move the edges.
    const resized = new ResizeObserver(update);
    resized.observe(element);
    const changed = new MutationObserver(update);
    changed.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      lifetime.abort();
      resized.disconnect();
      changed.disconnect();
    };
  }, [ref, panel]);
}
