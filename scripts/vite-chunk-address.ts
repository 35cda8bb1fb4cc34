import type { Plugin } from 'vite';

/**
 * Writes a lazy chunk's addresses into the built embed.html as `<meta name="…" content="…">`: its
 * script, then its stylesheets, separated by spaces. The entry can then start fetching them (a
 * `<link rel="modulepreload">` fetches and compiles a module but does not run it) before it
 * imports the chunk: the UI's files download while React, imported first, is evaluated in a task
 * of its own (src/app/main.ts, importUi).
 */
export function chunkAddress(options: { chunk: string; meta: string }): Plugin {
  let base = '/';
  return {
    name: 'kino:chunk-address',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find((file) => file.type === 'chunk' && file.name === options.chunk);
        if (!chunk) throw new Error(`chunk address: no ${options.chunk} chunk in the build`);
        if (chunk.type !== 'chunk') throw new Error(`chunk address: ${options.chunk} is not a chunk`);
        const files = [chunk.fileName, ...(chunk.viteMetadata?.importedCss ?? [])];
        return { html, tags: [{ tag: 'meta', attrs: { name: options.meta, content: files.map((file) => `${base}${file}`).join(' ') }, injectTo: 'head' }] };
      },
    },
  };
}
