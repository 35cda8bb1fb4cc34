import { escapeHtml } from './embed-document.ts';

/**
 * The demo host page: one player iframe per demo content, embedded the way a host site would.
 * Frames below the fold load lazily, so opening the page does not start seven players at once.
 */
export function renderHostPage(contents: ReadonlyArray<{ id: number; title: string }>): string {
  const frames = contents
    .map(
      ({ id, title }) => `    <section>
      <h2>${id}. ${escapeHtml(title)}</h2>
      <iframe src="/embed?movie_id=${id}" title="${escapeHtml(title)}" width="800" height="450" loading="lazy"
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen></iframe>
    </section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="ru">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Демо-страница плеера</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 840px; padding: 0 1rem; background: #f4f4f5; color: #18181b; }
    iframe { border: 0; width: 100%; aspect-ratio: 16 / 9; height: auto; background: #000; border-radius: 8px; }
    section { margin-bottom: 2.5rem; }
  </style>
</head>
<body>
  <h1>Демо-страница плеера</h1>
  <p>Каждый плеер ниже встроен через iframe, как на сайте-партнёре.</p>
${frames}
</body>
</html>
`;
}
