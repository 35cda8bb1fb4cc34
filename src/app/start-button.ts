/**
 * The document's own big play button (embed.html): it stands in for the controls until they are
 * drawn, so the first thing a viewer sees is the poster and a play button, never the browser's
 * native controls. It goes for good once playback starts, the controls are up, or a message
 * card takes the frame.
 */
export function connectStartButton(button: HTMLButtonElement, video: HTMLVideoElement, play: () => void): { remove(): void } {
  const lifetime = new AbortController();
  const remove = () => {
    lifetime.abort();
    button.remove();
  };
  button.addEventListener('click', () => {
    play();
    remove();
  }, { signal: lifetime.signal });
  video.addEventListener('play', remove, { signal: lifetime.signal });
  return { remove };
}
