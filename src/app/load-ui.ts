import { yieldToMain } from '../core/yield-to-main.ts';
import { quietImport } from '../ui/loading/quiet-import.ts';
import type * as RenderUi from './render-ui.tsx';

/** The UI chunk, asked for a second time if the first request fails (a phone's link drops requests). */
export function loadUi(): Promise<typeof RenderUi> {
  return importUi().catch((error: unknown) => {
    console.warn('the UI chunk failed to load; retrying once', error);
    return importUi();
  });
}

/**
 * React first, then the UI's own modules a task later: the browser evaluates a module graph in
 * one task, and both in one were 55–105 ms at 4× CPU. The UI's files (scripts/vite-chunk-address.ts
 * writes their addresses into the document) are fetched beside React at low priority, not run:
 * the module is compiled, the stylesheet waits in the cache for the import's own link, so the
 * split costs no round trip.
 */
async function importUi(): Promise<typeof RenderUi> {
  for (const href of document.querySelector<HTMLMetaElement>('meta[name="kino:ui-chunk"]')?.content.split(' ') ?? []) {
    const style = href.endsWith('.css');
    document.head.append(Object.assign(document.createElement('link'), { rel: style ? 'preload' : 'modulepreload', as: style ? 'style' : 'script', href, crossOrigin: '', fetchPriority: 'low' }));
  }
  await quietImport(() => import('./react-runtime.ts'));
  await yieldToMain();
  return quietImport(() => import('./render-ui.tsx'));
}
