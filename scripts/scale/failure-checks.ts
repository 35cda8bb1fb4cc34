import type { Failure, Ledger } from './ledger.ts';
import type { CheckResult } from './report.ts';

/** When the kill happened, on the clients' clock (performance.now()). */
export interface KillMoment {
  /** Just before the signal was sent. */
  sentAt: number;
  /** When the process was known to have exited. */
  exitedAt: number;
  /** POSTs the clients had under way just before the signal, over both servers. */
  postsInFlight: number;
  /** HAProxy's name of the killed server (X-Served-By). */
  server: string;
}

/** After the exit, how long a call cut by it may take to fail (HAProxy notices the reset at once). */
export const KILL_WINDOW_MS = 1_000;
/**
 * After the exit, how long a POST sent then may still meet the dead server: HAProxy may hand it
 * an idle keep-alive connection to that server whose reset it has not read yet, and a POST is
 * never retried (it may have been done), so it gets a 502.
 */
export const REUSE_WINDOW_MS = 250;
/** What a call cut by the kill looks like: its connection reset, or HAProxy's 502/503 for it. */
const CUT_BY_KILL = /^(ECONNRESET|UND_ERR_SOCKET|UND_ERR_CLOSED|EPIPE|other side closed|HTTP 50[23])$/;

/**
 * Only the killed server's calls failed. HAProxy retries every GET on the other server, so no GET
 * may fail. A POST sent to the killed server cannot be retried (it may have been done): those
 * alone may fail, and only at the kill, as resets or 502/503: the ones under way at the kill
 * (at most the POSTs then under way less those the other server answered, by X-Served-By), and
 * the ones sent in the moment after it, before HAProxy saw the server gone.
 */
export function checkOnlyKilledCallsFailed(ledger: Ledger, kill: KillMoment): CheckResult[] {
  const getFailures = ledger.failures.filter((failure) => failure.method === 'GET');
  const writeFailures = ledger.failures.filter((failure) => failure.method !== 'GET');
  const atTheKill = (failure: Failure) => failure.endedAt <= kill.exitedAt + KILL_WINDOW_MS && CUT_BY_KILL.test(failure.error);
  const underWay = writeFailures.filter((failure) => atTheKill(failure) && failure.startedAt <= kill.sentAt);
  const justAfter = writeFailures.filter((failure) => atTheKill(failure) && failure.startedAt > kill.sentAt && failure.startedAt <= kill.exitedAt + REUSE_WINDOW_MS);
  const elsewhere = writeFailures.filter((failure) => !underWay.includes(failure) && !justAfter.includes(failure));
  const writesUnderWay = ledger.calls.filter((call) => call.method !== 'GET' && call.startedAt <= kill.sentAt && call.endedAt > kill.sentAt);
  const atKilledServer = writesUnderWay.filter((call) => call.servedBy === undefined || call.servedBy === kill.server).length;
  const describe = (failure: Failure) =>
    `${failure.method} ${failure.route}: ${failure.error}, sent ${Math.round(failure.startedAt - kill.sentAt)} ms after the kill, ended ${Math.round(failure.endedAt - kill.sentAt)} ms after`;
  const gets = ledger.calls.filter((call) => call.method === 'GET').length;
  return [
    {
      name: 'no GET failed (HAProxy retried them on the other server)',
      ok: getFailures.length === 0,
      detail: `${gets} GETs, ${getFailures.length} failed`,
      problems: getFailures.slice(0, 10).map(describe),
    },
    {
      name: 'only POSTs sent to the killed server failed, at the kill',
      ok: elsewhere.length === 0 && underWay.length <= atKilledServer,
      detail: `${ledger.calls.length - gets} POSTs, ${writeFailures.length} failed: ${underWay.length} under way at the kill ` +
        `(${writesUnderWay.length} then under way, ${writesUnderWay.length - atKilledServer} of them answered by the other server), ` +
        `${justAfter.length} sent within ${Math.round(kill.exitedAt - kill.sentAt + REUSE_WINDOW_MS)} ms after it, ${elsewhere.length} elsewhere; all resets/502s ended within ${KILL_WINDOW_MS} ms of the exit`,
      problems: [
        ...(underWay.length > atKilledServer ? [`${underWay.length} POSTs under way at the kill failed, more than the ${atKilledServer} then under way on ${kill.server}`] : []),
        ...elsewhere.slice(0, 10).map(describe),
      ],
    },
  ];
}
