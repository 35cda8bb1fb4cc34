/**
 * The host page subjects of the full bench: what our embed costs an ordinary article page with
 * six players (none, facade, eager, a YouTube-weight stand-in), and a click on a facade against
 * a play click on an eager player already loaded. Run by bench/run.ts (the full run, or
 * --host-pages-only); the quick run leaves it out.
 */
import { chromium, type Browser } from 'playwright';
import { BROWSER_ARGS, CHROMIUM } from '../browser.ts';
import type { Profile } from '../profiles.ts';
import type { HostPageResults, HostPageSample } from '../report/results.ts';
import { createLink, startThrottleProxy, type ThrottleProxy } from '../throttle-proxy.ts';
import { HOST_VARIANTS, type SlotContent } from './article-page.ts';
import { HOST_METRICS, HOST_METHOD, HOST_SUBJECTS } from './host-metrics.ts';
import { startHostPageServer } from './host-page-server.ts';
import { measureClickToFirstFrame, measurePageCost, type HostVisitOutcome } from './host-visit.ts';

/** The profiles the host pages are measured on, when the run has them. */
export const HOST_PAGE_PROFILES: readonly string[] = ['mobile-4g', 'fast'];
/** The films in the article's six slots (each has its media). */
const SLOT_MOVIES = [1, 3, 4, 6, 7, 8];

/**
 * The browser's autoplay policy as on the web: sound only after the viewer's activation (headless
 * Chromium lifts it by default, and the frame subjects lift it on purpose).
 */
async function launchWebPolicyBrowser(): Promise<Browser> {
  const args = [...BROWSER_ARGS.filter((arg) => !arg.startsWith('--autoplay-policy=')), '--autoplay-policy=document-user-activation-required'];
  return chromium.launch({ executablePath: CHROMIUM, args });
}

/** The six slots' titles and posters, as the host's CMS would have them (asked once, unshaped). */
async function slotContents(serverUrl: string): Promise<Array<{ movieId: number; title: string; posterPath: string }>> {
  return Promise.all(SLOT_MOVIES.map(async (movieId) => {
    const response = await fetch(`${serverUrl}/catalog-api/contents/${movieId}`);
    if (!response.ok) throw new Error(`GET /catalog-api/contents/${movieId}: ${response.status}`);
    const content = (await response.json()) as { title: string; posterUrl: string };
    return { movieId, title: content.title, posterPath: content.posterUrl };
  }));
}

const hostAndPort = (url: string) => ({ host: new URL(url).hostname, port: Number(new URL(url).port) });

export interface HostPageRunOptions {
  /** Our server (player, catalogue, media), unshaped. */
  serverUrl: string;
  profiles: readonly Profile[];
  runs: number;
  log(line: string): void;
}

export async function measureHostPages(options: HostPageRunOptions): Promise<HostPageResults> {
  const startedAt = Date.now();
  const contents = await slotContents(options.serverUrl);
  const hostServer = await startHostPageServer();
  const browser = await launchWebPolicyBrowser();
  const samples: HostPageSample[] = [];
  const beforeIntent: HostPageResults['beforeIntent'] = [];
  const record = (variant: string, profile: Profile, run: number, outcome: HostVisitOutcome) => {
    const note = outcome.notes.join('; ');
    for (const [metric, value] of Object.entries(outcome.values)) {
      samples.push({ variant, profile: profile.id, metric, run, value: value === null ? null : Math.round(value * 1000) / 1000, ...(note ? { note } : {}) });
    }
    if (Object.keys(outcome.values).length === 0) samples.push({ variant, profile: profile.id, metric: 'lcp', run, value: null, note });
    const shown = Object.entries(outcome.values).map(([metric, value]) => `${metric} ${value === null ? '—' : Math.round(value * 100) / 100}`).join(', ');
    options.log(`${profile.id} run ${run + 1}/${options.runs} host page ${variant.padEnd(18)} ${shown}${note ? `  [${note}]` : ''}`);
  };
  try {
    for (const profile of options.profiles) {
      const link = createLink(profile.link);
      const proxies: ThrottleProxy[] = [
        await startThrottleProxy(hostAndPort(options.serverUrl), link),
        await startThrottleProxy(hostAndPort(hostServer.url), link),
        await startThrottleProxy(hostAndPort(hostServer.url), link),
      ];
      const [player, host, thirdParty] = proxies.map((proxy) => `http://127.0.0.1:${proxy.port}`) as [string, string, string];
      const slots: SlotContent[] = contents.map((content) => ({ movieId: content.movieId, title: content.title, poster: new URL(content.posterPath, player).href }));
      hostServer.setContents(slots);
      hostServer.setOrigins(player, thirdParty);
      const bytesDelivered = () => proxies.reduce((sum, proxy) => sum + proxy.bytesDown(), 0);
      try {
        for (let run = 0; run < options.runs; run += 1) {
          // Variants take turns in each run, as the frame subjects do: drift spreads over all of them.
          for (const variant of HOST_VARIANTS) {
            const outcome = await measurePageCost(browser, { url: `${host}/article?variant=${variant}`, profile, origins: { host, player, thirdParty }, bytesDelivered });
            record(variant, profile, run, outcome);
            beforeIntent.push({ profile: profile.id, variant, run, requests: outcome.playerRequests });
          }
          for (const mode of ['facade', 'eager'] as const) {
            record(`click-${mode}`, profile, run, await measureClickToFirstFrame(browser, `${host}/article?variant=${mode}&layout=single`, mode, profile));
          }
        }
      } finally {
        for (const proxy of proxies) await proxy.close();
      }
    }
  } finally {
    await browser.close();
    await hostServer.close();
  }
  return {
    method: [...HOST_METHOD],
    subjects: HOST_SUBJECTS.map((subject) => ({ ...subject })),
    metrics: [...HOST_METRICS],
    profiles: options.profiles.map((profile) => profile.id),
    samples,
    beforeIntent,
    durationMs: Date.now() - startedAt,
  };
}
