import type { PlayerApp } from '../player-app.ts';

/**
 * The document's own big play button (embed.html): it stands in for the controls until they are
 * drawn, so the first thing a viewer sees is the poster and a play button, never the browser's
 * native controls. It goes for good once playback starts, the controls are up, or a message
 * card takes the frame.
 */
export function connectStartButton(button: HTMLButtonElement, app: Pick<PlayerApp, 'play' | 'events'>): { remove(): void } {
  const lifetime = new AbortController();
  const remove = () => {
    lifetime.abort();
    button.remove();
  };
  button.addEventListener('click', () => {
    app.play();
    remove();
  }, { signal: lifetime.signal });
  app.events.on('play', remove, { signal: lifetime.signal });
  return { remove };
}

/**
 * Holds a click that lands on the document's play button before the player exists (the entry
 * sets the player up a task after its evaluation). `taken()` stops listening and says whether a
 * click came, so the caller can start playback for it.
 */
export function holdEarlyTap(button: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null): { taken(): boolean } {
  let tapped = false;
  const onClick = () => (tapped = true);
  button?.addEventListener('click', onClick, { once: true });
  return {
    taken() {
      button?.removeEventListener('click', onClick);
      return tapped;
    },
  };
}
