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
 * writes their addresses into the document) are fetched beside React at low priority: the module
 * is compiled, not run, and the stylesheet waits in the HTTP cache for the import's own link, so
 * the split costs no round trip.
 */
async function importUi(): Promise<typeof RenderUi> {
  for (const href of document.querySelector<HTMLMetaElement>('meta[name="kino:ui-chunk"]')?.content.split(' ') ?? []) {
    // A stylesheet link is fetched at High priority whatever its fetchpriority: a low-priority
    // fetch puts the file in the HTTP cache (the assets are immutable), where the import's own
    // link finds it.
    if (href.endsWith('.css')) void fetch(href, { priority: 'low' }).catch(() => undefined);
    else document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '', fetchPriority: 'low' }));
  }
  await quietImport(() => import('./react-runtime.ts'));
  await yieldToMain();
  return quietImport(() => import('./render-ui.tsx'));
}
