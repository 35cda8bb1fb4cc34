import { createHash } from 'node:crypto';
import type { AdCase } from '../ads/ad-cases.ts';
import { escapeHtml } from './embed-document.ts';
import { demoCatalogue } from '../db/demo-catalogue.ts';
import { ACCOUNT_PANEL_HTML, ACCOUNT_PANEL_SCRIPT, ACCOUNT_PANEL_STYLE, favouriteButtonHtml } from './account-panel.ts';

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

/** The page's own style and script, inline so it stays one request; the CSP names their hashes. */
const HOST_PAGE_STYLE = `
    body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 840px; padding: 0 1rem; background: #f4f4f5; color: #18181b; }
    iframe { border: 0; width: 100%; aspect-ratio: 16 / 9; height: auto; background: #000; border-radius: 8px; }
    section { margin-bottom: 2.5rem; }
    .player-events { font-size: 14px; color: #52525b; }
  `;
const HOST_PAGE_SCRIPT = `
    // The choice of ad case applies at once (an inline handler would need 'unsafe-inline').
    document.querySelector('select[name=ad_case]').addEventListener('change', (event) => event.target.form.submit());
    // What a host site does with the player's messages: exact origin, known envelope, own frames only.
    const frames = new Map([...document.querySelectorAll('iframe')].map((frame) => [frame.contentWindow, frame]));
    window.addEventListener('message', (event) => {
      const frame = frames.get(event.source);
      const data = event.data;
      if (!frame || event.origin !== location.origin || !data || data.source !== 'kino-player' || data.version !== 1) return;
      const output = frame.parentElement.querySelector('output');
      if (data.type === 'episodeChanged') output.dataset.episode = data.payload.episode.title;
      if (data.type === 'timeProgressChanged') output.dataset.time = Math.floor(data.payload.currentTime) + ' / ' + Math.floor(data.payload.duration) + ' с';
      output.textContent = [output.dataset.episode, output.dataset.time].filter(Boolean).join(' · ');
    });
  `;

/** Only this page's own script and style run; frames come from this origin (the player). */
export const HOST_PAGE_CSP = [
  "default-src 'self'",
  `script-src '${sha256Source(HOST_PAGE_SCRIPT)}' '${sha256Source(ACCOUNT_PANEL_SCRIPT)}'`,
  `style-src '${sha256Source(HOST_PAGE_STYLE)}' '${sha256Source(ACCOUNT_PANEL_STYLE)}'`,
  "img-src 'self' data:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

function sha256Source(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/** The demo catalogue's own contents: the generated catalogue around them (CATALOGUE_SIZE) gets no player here. */
const DEMO_CONTENT_IDS: ReadonlySet<number> = new Set(demoCatalogue.contents.map((content) => content.id));

/**
 * The demo host page: one player iframe per demo content, embedded the way a host site would.
 * Frames below the fold load lazily, so opening the page does not start seven players at once.
 * Only the demo catalogue's contents: thousands of generated ones would make thousands of frames.
 */
export function renderHostPage(allContents: ReadonlyArray<{ id: number; title: string }>, adCase?: AdCase): string {
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
  <style>${HOST_PAGE_STYLE}</style>
  <style>${ACCOUNT_PANEL_STYLE}</style>
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
  <script>${HOST_PAGE_SCRIPT}</script>
  <script>${ACCOUNT_PANEL_SCRIPT}</script>
</body>
</html>
`;
}
