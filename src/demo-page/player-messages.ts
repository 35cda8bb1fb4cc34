// The demo host page's own behaviour, as a host site would have it.

/** The choice of ad case applies at once (an inline handler would need 'unsafe-inline'). */
export function submitAdCaseOnChange(): void {
  const select = document.querySelector<HTMLSelectElement>('select[name=ad_case]');
  select?.addEventListener('change', () => select.form?.submit());
}

interface PlayerMessage {
  source: 'kino-player';
  version: 1;
  type: string;
  payload?: { episode?: { title?: string }; currentTime?: number; duration?: number };
}

function isPlayerMessage(data: unknown): data is PlayerMessage {
  const message = data as Partial<PlayerMessage> | null;
  return typeof message === 'object' && message !== null && message.source === 'kino-player' && message.version === 1;
}

/** What a host site does with the player's messages: exact origin, known envelope, own frames only. */
export function showPlayerMessages(): void {
  const frames = new Map([...document.querySelectorAll('iframe')].map((frame) => [frame.contentWindow, frame]));
  window.addEventListener('message', (event) => {
    const frame = event.source ? frames.get(event.source as Window) : undefined;
    const data: unknown = event.data;
    if (!frame || event.origin !== location.origin || !isPlayerMessage(data)) return;
    const output = frame.parentElement?.querySelector('output');
    if (!output) return;
    const payload = data.payload ?? {};
    if (data.type === 'episodeChanged') output.dataset.episode = payload.episode?.title;
    if (data.type === 'timeProgressChanged') output.dataset.time = `${Math.floor(payload.currentTime ?? 0)} / ${Math.floor(payload.duration ?? 0)} с`;
    output.textContent = [output.dataset.episode, output.dataset.time].filter(Boolean).join(' · ');
  });
}
