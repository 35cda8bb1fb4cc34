import type { BuiltEntry } from '../http/built-files.ts';
import { ADMIN_PATH } from './admin-auth.ts';
import { renderDefinitions } from './dashboard-definitions.ts';

/**
 * The operator pages, in Russian. No inline script or style: the CSP allows only our own files
 * (ADMIN_CSP), so the page is a static shell the page script (src/analytics-dashboard, built by
 * vite.pages.config.ts) fills from data.json.
 */
export const DASHBOARD_BASE = `${ADMIN_PATH}/`;
/** The build's hashed assets (its assets/ folder) under the build's base. */
export const ADMIN_ASSETS_PATH = `${DASHBOARD_BASE}assets/`;
export const DASHBOARD_PATH = `${ADMIN_PATH}/analytics`;

export const ADMIN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PERIODS = [[1, 'Сегодня'], [7, '7 дней'], [30, '30 дней'], [90, '90 дней']] as const;

/**
 * A page with the build's style sheets, and its script only where `script` says (the dashboard).
 * No build (`assets` undefined): the page goes unstyled.
 */
function page(title: string, body: string, assets: BuiltEntry | undefined, script = false): string {
  const tags = [
    ...(assets?.styles ?? []).map((href) => `<link rel="stylesheet" href="${href}">`),
    ...(assets && script ? [`<script type="module" src="${assets.script}"></script>`] : []),
  ].join('\n');
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
${tags}
</head>
<body>
${body}
</body>
</html>
`;
}

/** One chart panel: its title, what it measures, and the place the «нет данных» note takes. */
function panel(id: string, title: string, note: string, canvases = 1, extra = ''): string {
  const boxes = Array.from({ length: canvases }, (_, index) =>
    `<div class="chart-box"><canvas id="${id}-chart${index ? `-${index + 1}` : ''}" role="img" aria-label="${title}"></canvas></div>`).join('');
  return `<section class="panel" id="${id}">
<h2>${title}</h2>
<p class="note">${note}</p>
<div class="charts">${boxes}</div>
<p class="empty" hidden>Нет данных за выбранный период</p>
${extra}</section>`;
}

export function renderDashboardPage(days: number, assets: BuiltEntry): string {
  const periods = PERIODS.map(([value, label]) =>
    `<a href="?days=${value}"${value === days ? ' aria-current="page"' : ''}>${label}</a>`).join('\n');
  return page('Аналитика просмотров', `<header class="top">
<h1>Аналитика просмотров</h1>
<nav aria-label="Период">
${periods}
</nav>
<form method="post" action="${ADMIN_PATH}/logout"><button type="submit">Выйти</button></form>
</header>
<main id="dashboard" data-days="${days}" data-source="${DASHBOARD_PATH}/data.json">
<p id="status" class="status" role="status">Загрузка…</p>
<section class="tiles" id="tiles" aria-label="Итоги периода" hidden></section>
${panel('views', 'Просмотры по контенту', 'Просмотры по дням UTC, самые смотримые — отдельно.', 1,
    '<table class="table" id="contents-table" hidden><thead><tr><th>Контент</th><th>Просмотры</th><th>Время просмотра</th></tr></thead><tbody></tbody></table>\n')}
${panel('watch', 'Время просмотра по контенту', 'Сумма за день, в единицах на оси.')}
${panel('startup', 'Время запуска', 'Медиана и 95-й процентиль по дням; распределение за период.', 2)}
${panel('rebuffer', 'Доля буферизации', 'По дням.')}
${panel('failures', 'Сбои воспроизведения', 'Только фатальные ошибки (error_fatal), за период: по кодам ошибок и типу сети, по контенту.', 1,
    '<table class="table" id="failures-table" hidden><thead><tr><th>Код</th><th>Категория</th><th>Сеть</th><th>Сбоев</th></tr></thead><tbody></tbody></table>\n'
    + '<table class="table" id="failures-content-table" hidden><thead><tr><th>Контент</th><th>Сбоев</th><th>Просмотров со сбоем</th></tr></thead><tbody></tbody></table>\n')}
${panel('ads', 'Реклама: заполнение и досмотры', 'Запрошенные и заполненные паузы, ролики и ошибки рекламы по дням.')}
${panel('exits', 'Уходы до начала видео', 'Просмотры, закрытые до первого кадра, и из них — во время преролла, по дням.')}
${renderDefinitions()}
</main>`, assets, true);
}

export function renderLoginPage(assets: BuiltEntry | undefined, problem?: string): string {
  const error = problem ? `<p class="error" role="alert">${problem}</p>\n` : '';
  return page('Вход — аналитика просмотров', `<main class="login">
<h1>Аналитика просмотров</h1>
<form method="post" action="${ADMIN_PATH}/login">
${error}<label for="token">Токен доступа (ADMIN_TOKEN)</label>
<input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
<button type="submit">Войти</button>
</form>
</main>`, assets);
}

export const ADMIN_DISABLED_MESSAGE =
  'Панель аналитики выключена: задайте переменную окружения ADMIN_TOKEN (не короче 16 символов) и перезапустите сервер. `npm start` без ADMIN_TOKEN создаёт токен на время запуска и печатает его.';

export function renderDisabledPage(assets: BuiltEntry | undefined): string {
  return page('Панель выключена — аналитика просмотров', `<main class="login">
<h1>Аналитика просмотров</h1>
<p class="error" role="alert">${ADMIN_DISABLED_MESSAGE.replace(/`([^`]+)`/g, '<code>$1</code>')}</p>
</main>`, assets);
}
