import type { AdCase } from '../ads/ad-cases.ts';
import { escapeHtml } from './embed-document.ts';
import { demoCatalogue } from '../db/demo-catalogue.ts';
import type { BuiltEntry } from '../http/built-files.ts';
import { ACCOUNT_PANEL_HTML, favouriteButtonHtml } from './account-panel.ts';

/** The demo ad cases as the demo page names them. */
const AD_CASE_LABELS: Record<AdCase, string> = {
  none: 'без рекламы',
  midroll: 'только мидролл (фильм 4, с середины)',
  'wrapper-2': 'реклама за двумя обёртками (wrapper)',
  'wrapper-6': 'шесть обёрток: ошибка 302, сразу фильм',
  pod: 'блок из двух роликов',
  'no-ad': 'пустой VAST: ошибка 901',
  malformed: 'битый XML: ошибка 100',
  unplayable: 'ролик в неподдерживаемом формате: ошибка 403',
  'broken-media': 'ролик не загружается: ошибка 405',
  slow: 'медленный VAST (6 с): реклама не успевает',
};

/** Where the demo page's built script and style are served (vite.pages.config.ts, mode demo-page). */
export const DEMO_PAGE_BASE = '/demo-page/';

/** Only this origin's scripts and styles (the page's own are built files, none inline); frames come from this origin (the player). */
export const HOST_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** The demo catalogue's own contents: the generated catalogue around them (CATALOGUE_SIZE) gets no player here. */
const DEMO_CONTENT_IDS: ReadonlySet<number> = new Set(demoCatalogue.contents.map((content) => content.id));

/**
 * The demo host page: one player iframe per demo content, embedded the way a host site would.
 * Frames below the fold load lazily, so opening the page does not start seven players at once.
 * Only the demo catalogue's contents: thousands of generated ones would make thousands of frames.
 * `assets` are the page's built script and style sheets (src/demo-page).
 */
export function renderHostPage(allContents: ReadonlyArray<{ id: number; title: string }>, assets: BuiltEntry, adCase?: AdCase): string {
  const contents = allContents.filter(({ id }) => DEMO_CONTENT_IDS.has(id));
  const adQuery = adCase ? `&amp;ad_case=${adCase}` : '';
  const options = Object.entries(AD_CASE_LABELS)
    .map(([value, label]) => `      <option value="${value}"${value === adCase ? ' selected' : ''}>${escapeHtml(label)}</option>`)
    .join('\n');
  const frames = contents
    .map(
      ({ id, title }) => `    <section>
      <h2>${id}. ${escapeHtml(title)}</h2>
      <iframe src="/embed?movie_id=${id}&amp;enabled_share${adQuery}" title="${escapeHtml(title)}" width="800" height="450" loading="lazy"
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media; web-share; clipboard-write" allowfullscreen></iframe>
      <p class="player-events" aria-live="off">Сообщения плеера: <output data-movie-id="${id}">—</output></p>
      ${favouriteButtonHtml(id)}
    </section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="ru">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Демо-страница плеера</title>
${assets.styles.map((href) => `  <link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')}
  <script type="module" src="${escapeHtml(assets.script)}"></script>
</head>
<body>
  <h1>Демо-страница плеера</h1>
  <p>Каждый плеер ниже встроен через iframe, как на сайте-партнёре.</p>
  <form method="get" action="/demo">
    <label>Реклама:
      <select name="ad_case">
      <option value=""${adCase ? '' : ' selected'}>как настроено на сервере (преролл и мидролл)</option>
${options}
      </select>
    </label>
    <noscript><button type="submit">Показать</button></noscript>
  </form>
${ACCOUNT_PANEL_HTML}
${frames}
</body>
</html>
`;
}
