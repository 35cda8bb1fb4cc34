import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * Starts the custom engine's own downloads with the document: a `<link rel="modulepreload">` for
 * the MSE adapter's chunk (and the chunks it imports) and a `<link rel="prefetch">` for the engine
 * worker's script, written into the built embed.html. Without them the adapter is asked for only
 * once the entry has run and the source is known, and the worker once the entry has run. The
 * worker's script is fetched again by `new Worker()`; the prefetched copy is reused from the HTTP
 * cache (the assets are immutable), so it crosses the network once (e2e/boot-data.spec.ts).
 */
export function engineHints(options: { adapterChunk: string; workerScript: RegExp }): Plugin {
  let base = '/';
  return {
    name: 'kino:engine-hints',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const files = Object.values(context.bundle ?? {});
        const adapter = files.find((file) => file.type === 'chunk' && file.name === options.adapterChunk);
        const worker = files.find((file) => options.workerScript.test(file.fileName));
        if (adapter?.type !== 'chunk' || !worker) throw new Error(`engine hints: no ${options.adapterChunk} chunk or no engine worker script in the build`);
        // What the document already loads or preloads (the entry and its own chunks) is not listed again.
        const linked = new Set([...html.matchAll(/<(?:link rel="modulepreload"|script type="module")[^>]* (?:href|src)="([^"]+)"/g)].map((match) => match[1]));
        const modules = [adapter.fileName, ...adapter.imports].map((name) => `${base}${name}`).filter((href) => !linked.has(href));
        const tags: HtmlTagDescriptor[] = [
          ...modules.map((href) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href }, injectTo: 'head' as const })),
          { tag: 'link', attrs: { rel: 'prefetch', as: 'script', crossorigin: true, href: `${base}${worker.fileName}` }, injectTo: 'head' },
        ];
        return { html, tags };
      },
    },
  };
}
