import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { MessageCard } from '../ui/components/message-card.tsx';
import type { PlayerApp } from './player-app.ts';
import { PlayerScreen, type ScreenOptions } from './player-screen.tsx';

/**
 * React and the UI, loaded as their own chunk: the entry starts the catalogue calls and the
 * engine while this downloads (ARCHITECTURE.md rule 9: the first frame waits only for what it needs).
 */
export function renderPlayerScreen(root: HTMLElement, app: PlayerApp, options: ScreenOptions): void {
  // A transition lets React yield every few milliseconds: the first render of the controls must
  // not become one long task on a phone while the video has just started playing.
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(<PlayerScreen app={app} options={options} />));
}

/** A message card over the whole frame, with its button when the message offers one. */
export function renderMessage(root: HTMLElement, text: string, action?: { label: string; onClick(): void }): void {
  createRoot(root).render(<MessageCard text={text} action={action} />);
}
