import { drawFacade, type FacadeOptions } from './facade.ts';
import { whenNearViewport, type LoadingMode } from './loading-mode.ts';

/**
 * Holds a player's frame back in the 'lazy' and 'facade' loading modes: calls `mount` once the
 * element comes near the viewport (lazy), or once the viewer presses the facade's play button
 * (facade, `activated` true: the viewer asked to play).
 * @returns a function that stops waiting and takes the facade away (call it once the frame is in).
 */
export function deferFrame(
  mode: Exclude<LoadingMode, 'eager'>,
  container: Element,
  facade: Omit<FacadeOptions, 'onActivate'>,
  mount: (activated: boolean) => void,
): () => void {
  if (mode === 'lazy') return whenNearViewport(container, () => mount(false));
  const drawn = drawFacade(container, { ...facade, onActivate: () => mount(true) });
  return () => drawn.remove();
}
