/**
 * The error reporter (ARCHITECTURE.md, src/telemetry): one Sentry client for the frame, set up by
 * hand without the SDK's default integrations (init with them is 29 kB gzip, this 18 kB), its
 * envelopes posted to our own origin's tunnel (SPEC.md section 1). It is loaded after the first
 * frame or at the first fatal error (error-reporting.ts); session replay only after a fatal error.
 * It runs in the player's own iframe only, so it may own the frame's global Sentry scope.
 */
import {
  BrowserClient,
  defaultStackParser,
  getCurrentScope,
  httpContextIntegration,
  makeFetchTransport,
  setCurrentClient,
  type BrowserOptions,
} from '@sentry/browser';
import { isLoggedOnly, type PlayerError } from '../contract/errors/player-error.ts';
import { reportContext } from './error-report-context.ts';
import type * as SessionReplay from './session-replay.ts';

/** SPEC.md section 1: environment production, traces 0.1, replays on error 1.0. */
export const REPORTING_OPTIONS = {
  environment: 'production',
  tracesSampleRate: 0.1,
  replaysSessionSampleRate: 0,
  replaysOnErrorSampleRate: 1.0,
} as const;

/**
 * How long the first fatal error's report waits for the replay chunk: with replay running, the
 * report carries the recording of the screen the viewer was left with. A slow link does not
 * hold the report longer than this.
 */
export const REPLAY_WAIT_MS = 2000;

export interface ErrorReporterOptions {
  dsn: string;
  /** Where envelopes are posted instead of the DSN's host: our own origin's tunnel. */
  tunnelUrl: string;
  /** The project label every report is tagged with (config errorProject). */
  project: string;
  /** Default: fetch. Tests pass one that records the envelopes. */
  transport?: BrowserOptions['transport'];
  /** Default: the session-replay chunk. */
  loadReplay?: () => Promise<typeof SessionReplay>;
  /** Default: setTimeout. */
  wait?: (ms: number) => Promise<void>;
}

export interface ErrorReporter {
  /** Reports a fatal error once per id; logged-only failures (storage, share, audio, recoverable) are ignored. */
  report(error: PlayerError): void;
}

export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const {
    loadReplay = () => import('./session-replay.ts'),
    wait = (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  } = options;
  const client = new BrowserClient({
    ...REPORTING_OPTIONS,
    dsn: options.dsn,
    tunnel: options.tunnelUrl,
    transport: options.transport ?? makeFetchTransport,
    stackParser: defaultStackParser,
    // The page's address (movie_id, the episode) and the browser: what a player failure is read with.
    integrations: [httpContextIntegration()],
    // Counts of events the SDK dropped would be stored by the tunnel as reports of their own.
    sendClientReports: false,
  });
  setCurrentClient(client);
  client.init();
  getCurrentScope().setTag('project', options.project);

  let replay: Promise<void> | undefined;
  const startReplay = () =>
    (replay ??= loadReplay().then(
      ({ replayIntegration }) => client.addIntegration(replayIntegration()),
      (failure: unknown) => console.warn('session replay did not load', failure),
    ));
  const reported = new Set<string>();

  return {
    report(error) {
      if (isLoggedOnly(error) || reported.has(error.id)) return;
      reported.add(error.id);
      void Promise.race([startReplay(), wait(REPLAY_WAIT_MS)]).then(() => {
        try {
          getCurrentScope().captureException(error, { captureContext: reportContext(error, options.project) });
        } catch (failure) {
          console.warn(`player error ${error.id} could not be reported`, failure);
        }
      });
    },
  };
}
