// The analytics dashboard's page script (/admin/analytics): reads data.json and draws it with
// Chart.js, bundled here so the page's CSP needs no other origin and no inline script.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import type { DashboardData } from '../contract/schemas/dashboard-schema.ts';
import { renderDashboard } from './dashboard-render.ts';
import './analytics-dashboard.css';

declare global {
  interface Window {
    Chart: typeof Chart;
  }
}

// Reachable from the console as window.Chart, as with Chart.js's classic build: Chart.instances
// shows what each chart drew (the browser tests read the axes' tick labels there).
window.Chart = Chart;
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);
Chart.defaults.locale = 'ru-RU';
Chart.defaults.font.family = 'system-ui, sans-serif';
// Drawn once per load: animation would only delay what the operator came to read.
Chart.defaults.animation = false;
Chart.defaults.maintainAspectRatio = false;
// Small colour boxes: a phone's panel fits two legend entries a row, and the plot keeps its room.
Chart.defaults.plugins.legend.labels.boxWidth = 12;

async function load(root: HTMLElement, status: HTMLElement): Promise<void> {
  const response = await fetch(`${root.dataset.source ?? ''}?days=${encodeURIComponent(root.dataset.days ?? '')}`, {
    headers: { accept: 'application/json' },
    cache: 'no-store',
  });
  // The session ended (a new token, or it expired): the page itself now asks to log in.
  if (response.status === 401 || response.status === 403) {
    window.location.reload();
    return;
  }
  if (!response.ok) throw new Error(`data.json: ${response.status}`);
  renderDashboard((await response.json()) as DashboardData, status);
  root.dataset.ready = 'true';
}

// The login and disabled pages share the style sheet but not the script: only the dashboard has a #dashboard.
const root = document.getElementById('dashboard');
const status = document.getElementById('status');
if (root && status) {
  load(root, status).catch((error: unknown) => {
    status.textContent = 'Не удалось загрузить данные аналитики. Обновите страницу.';
    status.classList.add('error');
    console.error(error);
  });
}
