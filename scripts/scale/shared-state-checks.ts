import { performance } from 'node:perf_hooks';
import { blockViewer, type Viewer } from './accounts.ts';
import { bearer, call } from './http.ts';
import type { CheckResult } from './report.ts';

/**
 * One client's rate limit is one budget over every server: `limit + extra` reports from one
 * client, through HAProxy, one after the other, give exactly `limit` successes and then only
 * 429s; HAProxy's X-Served-By shows they were spread over every server, not all taken by one.
 */
export async function checkSharedRateLimit(base: string, limit: number, extra: number, servers: number): Promise<CheckResult> {
  const statuses: number[] = [];
  const servedBy = new Map<string, number>();
  for (let index = 0; index < limit + extra; index++) {
    const answer = await call('POST', `${base}/catalog-api/abuse/new`, { json: { contentId: 1, reason: 'other', message: `scale run report ${index}` } });
    statuses.push(answer.status);
    const server = answer.servedBy ?? 'unknown';
    servedBy.set(server, (servedBy.get(server) ?? 0) + 1);
  }
  const expected = [...Array<number>(limit).fill(201), ...Array<number>(extra).fill(429)];
  const inOrder = statuses.every((status, index) => status === expected[index]);
  const spread = [...servedBy].sort(([a], [b]) => a.localeCompare(b)).map(([server, count]) => `${server} ${count}`).join(', ');
  const overEvery = servedBy.size === servers && !servedBy.has('unknown');
  const successes = statuses.filter((status) => status === 201).length;
  return {
    name: 'one client\'s rate limit holds across servers',
    ok: inOrder && overEvery,
    detail: `${limit + extra} reports through HAProxy with a limit of ${limit}: ${successes} accepted, ${statuses.filter((status) => status === 429).length} refused with 429; answered by ${spread}`,
    problems: [
      ...(inOrder ? [] : [`statuses in order: ${statuses.join(' ')}`]),
      ...(overEvery ? [] : [`answered by ${spread}: not spread over the ${servers} servers`]),
    ],
  };
}

const BLOCK_DEADLINE_MS = 1_000;

/**
 * A blocked account is refused by every server within a second: each server has the viewer's
 * session in its cache first (a 200 from each), then the account is blocked through HAProxy and
 * each server is asked directly until it answers 401.
 */
export async function checkBlockEverywhere(base: string, serverOrigins: readonly string[], adminAccessToken: string, viewer: Viewer): Promise<CheckResult> {
  const details = (origin: string) => call('GET', `${origin}/authenticator/user/details`, { headers: bearer(viewer.token) });
  const primed = await Promise.all(serverOrigins.map(details));
  const notPrimed = primed.map((answer, index) => ({ answer, origin: serverOrigins[index] })).filter(({ answer }) => answer.status !== 200);
  if (notPrimed.length > 0) {
    return { name: 'a blocked account is refused by every server within 1 s', ok: false, detail: 'the viewer was not accepted by every server before the block', problems: notPrimed.map(({ origin, answer }) => `${origin}: ${answer.error ?? answer.status}`) };
  }
  await blockViewer(base, adminAccessToken, viewer.userId);
  const blockedAt = performance.now();
  const refusedAfter = await Promise.all(serverOrigins.map(async (origin) => {
    for (;;) {
      const answer = await details(origin);
      const elapsed = performance.now() - blockedAt;
      if (answer.status === 401) return elapsed;
      if (elapsed > BLOCK_DEADLINE_MS * 3) return Number.POSITIVE_INFINITY;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }));
  const late = refusedAfter.map((ms, index) => ({ ms, origin: serverOrigins[index] })).filter(({ ms }) => ms > BLOCK_DEADLINE_MS);
  return {
    name: 'a blocked account is refused by every server within 1 s',
    ok: late.length === 0,
    detail: `refused by ${serverOrigins.length} servers after ${refusedAfter.map((ms) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : 'never')).join(', ')} (from the block's answer)`,
    problems: late.map(({ ms, origin }) => `${origin}: ${Number.isFinite(ms) ? `${Math.round(ms)} ms` : `still accepted after ${BLOCK_DEADLINE_MS * 3} ms`}`),
  };
}
