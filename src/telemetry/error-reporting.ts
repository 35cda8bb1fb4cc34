/**
 * The entry's side of error reporting: a few hundred bytes that hear the player's fatal errors
 * and hand them to the reporter (error-reporter.ts), whose Sentry client is 21 kB gzip and so
 * loads only once the film's buffer is safe (src/core/buffer-safe.ts), or at once when a fatal error comes first (SPEC.md sections
 * 1 and 8; ARCHITECTURE.md rule 9). Errors heard before it is loaded wait here and go out then.
 */
import type { WidgetConfig } from '../config/widget-config.ts';
import type { PlayerEvents } from '../core/events.ts';
import type { Store } from '../core/store.ts';
import { isLoggedOnly, type PlayerError } from '../contract/errors/player-error.ts';
import type * as Reporter from './error-reporter.ts';

/** The app's view as reporting reads it: a failure shown instead of the player carries its error. */
type ShownView = { status: 'error'; error: PlayerError } | { status: 'loading' | 'ready' };

/**
 * What is reported: the core's fatal stream errors and the failures that replace the player with
 * their card. Only what is read of the app (ARCHITECTURE.md rule 4), so reporting never imports it.
 */
export interface ReportedApp {
  readonly events: Pick<PlayerEvents, 'on'>;
  readonly store: Pick<Store<{ view: ShownView }>, 'getState' | 'subscribe'>;
}

export type ErrorReportingConfig = Pick<WidgetConfig, 'errorDsn' | 'errorTunnelUrl' | 'errorProject'>;

/**
 * Starts reporting the app's fatal errors. Without a DSN nothing is loaded and nothing is sent:
 * errors are only logged (src/contract/errors/player-error.ts). `loadReporter` is replaceable in tests.
 */
export function startErrorReporting(
  app: ReportedApp,
  config: ErrorReportingConfig,
  /** When the reporter may load without a fatal error: the app passes the safe-buffer moment. */
  loadMoment: Promise<void>,
  loadReporter: () => Promise<typeof Reporter> = () => import('./error-reporter.ts'),
): void {
  const dsn = config.errorDsn;
  if (!dsn) return;
  const waiting: PlayerError[] = [];
  let reporter: Reporter.ErrorReporter | undefined;
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= loadReporter().then(
      ({ createErrorReporter }) => {
        reporter = createErrorReporter({ dsn, tunnelUrl: config.errorTunnelUrl, project: config.errorProject });
        for (const error of waiting.splice(0)) reporter.report(error);
      },
      (failure: unknown) => console.warn('the error reporter did not load; errors are only logged', failure),
    ));
  const report = (error: PlayerError) => {
    if (isLoggedOnly(error)) return;
    if (reporter) return reporter.report(error);
    waiting.push(error);
    void load();
  };
  app.events.on('error', ({ error }) => report(error));
  let shown: PlayerError | undefined;
  const reportShown = () => {
    const { view } = app.store.getState();
    if (view.status !== 'error' || view.error === shown) return;
    shown = view.error;
    report(view.error);
  };
  app.store.subscribe(reportShown);
  reportShown();
  void loadMoment.then(load);
}
