/**
 * `npx tsx scripts/analytics-screenshot.ts`: the analytics dashboard with two weeks of synthetic
 * views, written to docs/screenshots/analytics-dashboard.png. Runs the server in memory on a
 * spare port, sends the views through POST /collect as the players do, logs in through the
 * form, and fails if the page logs an error (a CSP violation included). The views come from a
 * seeded generator, so only the dates change from one run to the next.
 */
import { chromium } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { loadServerConfig } from '../server/config.ts';
import { startServer } from '../server/main.ts';
import { buildWidgetIfStale } from './widget-build.ts';
import type { AnalyticsDetail, AnalyticsEvent, AnalyticsEventName, AnalyticsPayload, NetworkType } from '../src/contract/schemas/analytics-schema.ts';

const OUT = new URL('../docs/screenshots/', import.meta.url).pathname;
const TOKEN = 'screenshot-admin-token-0000000000';
const DAYS = 14;
const DAY_MS = 86_400_000;
const BATCH_EVENTS = 50;

/** Demo titles with the lengths a real catalogue would have. */
const CONTENTS = [
  { id: 2, title: 'Город без карты', category: 'series', duration: 2700, weight: 5 },
  { id: 1, title: 'Северный маяк', category: 'movie', duration: 5400, weight: 4 },
  { id: 4, title: 'Долгая дорога домой', category: 'movie', duration: 6600, weight: 3 },
  { id: 7, title: 'Стеклянный сад', category: 'movie', duration: 5100, weight: 2 },
  { id: 6, title: 'Короткое замыкание', category: 'movie', duration: 1500, weight: 1 },
] as const;
const NETWORKS: ReadonlyArray<[NetworkType, number]> = [['wifi', 55], ['4g', 30], ['3g', 10], ['2g', 3], ['unknown', 2]];
const FATAL_ERRORS = [['3016', 'network'], ['4001', 'media'], ['1002', 'manifest']] as const;

/** mulberry32: a small seeded generator, so every run draws the same views. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(20240601);
const chance = (probability: number) => random() < probability;
function pick<T>(items: ReadonlyArray<readonly [T, number]>): T {
  let roll = random() * items.reduce((total, [, weight]) => total + weight, 0);
  for (const [item, weight] of items) if ((roll -= weight) < 0) return item;
  return items[0]![0];
}
/** Start-up times are long-tailed: most under a second, a few of several. */
const startupMs = (network: NetworkType) => Math.round((network === '3g' || network === '2g' ? 1400 : 550) * Math.exp(random() * random() * 2.2));

/** One view's events, as the player would send them. */
function viewEvents(dayStart: number, spanMs: number): AnalyticsEvent[] {
  const content = pick(CONTENTS.map((item) => [item, item.weight] as const));
  const network = pick(NETWORKS);
  const viewId = randomUUID();
  let ts = dayStart + Math.floor(random() * spanMs);
  let played = 0;
  const events: AnalyticsEvent[] = [];
  const payload = (): AnalyticsPayload => ({
    video_id: content.id, video_title: content.title, duration: content.duration, player_type: 'embedded',
    video_category: content.category, video_thumbnail: `/catalog-api/media/posters/content-${content.id}.jpg`,
    ratings: { kinopoisk: 7.2, imdb: 6.9 }, kinopoisk_id: null, IMDb_id: null, year: 2023, countries: ['russia'],
    current_time: played, playback_rate: 1, real_time_played_sec: played, video_time_played_sec: played, video_quality: '720p',
    season: content.category === 'series' ? 1 : null, episode: content.category === 'series' ? 1 : null, language: 'Русский',
    device_type: network === 'wifi' ? 'desktop' : 'mobile', user_id: null, isTrailer: false,
    ad_id: [], ad_type: [], ad_duration_sec: [], ad_position_perc: [], ad_position: [],
  });
  const add = (event: AnalyticsEventName, detail: AnalyticsDetail = {}, afterMs = 1000) => {
    ts += afterMs;
    events.push({ event_id: randomUUID(), view_id: viewId, event, ts, network_type: network, payload: payload(), detail });
  };

  add('ad_init', { ad_break: 'preroll' });
  add('ad_break_request', { ad_break: 'preroll' });
  const filled = chance(0.85);
  if (filled) add('ad_play', { ad_break: 'preroll', ad_current_id: 'c1' });
  if (chance(0.06)) {
    add('view_end', { exit_before_start: true, exit_during_preroll: filled });
    return events;
  }
  if (filled && chance(0.72)) add('ad_ended', { ad_break: 'preroll', ad_current_id: 'c1' }, 15_000);
  add('play');
  add('view_start', { startup_ms: startupMs(network) });
  if (chance(network === 'wifi' ? 0.01 : 0.04)) {
    const [code, category] = FATAL_ERRORS[Math.floor(random() * FATAL_ERRORS.length)]!;
    add('error', { error_code: Number(code), error_category: category, error_fatal: true, error_id: randomUUID().slice(0, 8) });
    add('view_end', { exit_before_start: false });
    return events;
  }
  played = Math.round(content.duration * (0.15 + 0.85 * random()));
  const stalls = network === 'wifi' ? Math.floor(random() * 1.5) : Math.floor(random() * 4);
  for (let index = 0; index < stalls; index += 1) add('rebuffer', { rebuffer_ms: Math.round(500 + random() * 6000) }, 60_000);
  add('view_end', { exit_before_start: false }, played * 1000);
  return events;
}

// The dashboard's script and style are built (src/analytics-dashboard), like the player.
await buildWidgetIfStale();
const server = await startServer(loadServerConfig({
  ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', DATA_DIR: 'memory://', ADMIN_TOKEN: TOKEN, COLLECT_RATE_LIMIT: '0',
}));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const today = new Date();
  const todayStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const events: AnalyticsEvent[] = [];
  for (let day = DAYS - 1; day >= 0; day -= 1) {
    // Weekends and a slow rise: the chart should look like a service, not noise. Today has
    // only the hours gone so far, less the length of a film.
    const weekday = new Date(todayStart - day * DAY_MS).getUTCDay();
    const spanMs = day === 0 ? Math.max(0, today.getTime() - todayStart - 2 * 3600_000) : DAY_MS - 3 * 3600_000;
    const views = Math.round((40 + (DAYS - day) * 2) * (weekday === 0 || weekday === 6 ? 1.4 : 1) * (spanMs / DAY_MS));
    for (let index = 0; index < views; index += 1) events.push(...viewEvents(todayStart - day * DAY_MS, spanMs));
  }
  for (let start = 0; start < events.length; start += BATCH_EVENTS) {
    const response = await fetch(`${server.url}/collect`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ sent_at: Date.now(), events: events.slice(start, start + BATCH_EVENTS) }),
    });
    if (!response.ok) throw new Error(`POST /collect: ${response.status} ${await response.text()}`);
  }

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${server.url}/admin/analytics?days=${DAYS}`);
  await page.getByLabel('Токен доступа (ADMIN_TOKEN)').fill(TOKEN);
  await page.getByRole('button', { name: 'Войти' }).click();
  // The login page itself came with a 401, which the browser logs; only the dashboard's own count.
  problems.length = 0;
  await page.goto(`${server.url}/admin/analytics?days=${DAYS}`);
  await page.locator('#dashboard[data-ready="true"]').waitFor();
  if (problems.length > 0) throw new Error(`the dashboard logged errors:\n${problems.join('\n')}`);
  await mkdir(OUT, { recursive: true });
  await page.screenshot({ path: `${OUT}analytics-dashboard.png`, fullPage: true, animations: 'disabled' });
  await page.close();
  console.log(`${events.length} events seeded; screenshot written to ${OUT}analytics-dashboard.png`);
} finally {
  await browser.close();
  await server.close();
}
