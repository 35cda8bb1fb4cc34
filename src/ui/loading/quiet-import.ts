/**
 * Loads a lazy chunk at low fetch priority, so that a chunk asked for after the first picture
 * (the UI, its extras, the page services, analytics, the error reporter) never takes the link
 * from the film's segments.
 *
 * The bundler's preload helper (Vite's `__vitePreload`, which wraps every `import()` of the build)
 * inserts a `<link rel="modulepreload">` for the chunk and each chunk it imports, synchronously,
 * before the `import()` itself runs; the `import()` then takes the module the link fetched. This
 * marks those links `fetchpriority="low"` as they are inserted: Chromium fetches them at priority
 * Low (e2e/loading-priority.spec.ts reads it through the DevTools protocol). A chunk's stylesheet
 * is fetched for another medium (VeryLow) and switched to every medium once it has loaded. Where no link is
 * inserted (the dev server, a chunk already preloaded) nothing changes.
 */
export function quietImport<T>(load: () => Promise<T>, head: HTMLElement | null = globalThis.document?.head ?? null): Promise<T> {
  if (!head) return load();
  const append = head.appendChild;
  head.appendChild = function appendQuietly<N extends Node>(node: N): N {
    if (node instanceof HTMLLinkElement) {
      node.fetchPriority = 'low';
      // Chromium keeps a stylesheet High whatever its fetchpriority; one for another medium is
      // fetched at the lowest priority, and applied here once loaded (before the import runs).
      if (node.rel === 'stylesheet') {
        node.media = 'print';
        node.addEventListener('load', () => (node.media = 'all'), { once: true });
      }
    }
    return append.call(this, node) as N;
  };
  try {
    return load();
  } finally {
    // The element's own property goes: appendChild is the prototype's again.
    delete (head as Partial<Pick<HTMLElement, 'appendChild'>>).appendChild;
  }
}
