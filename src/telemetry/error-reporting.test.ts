import { describe, expect, it, vi } from 'vitest';
import { errorView } from '../app/app-errors.ts';
import type { AppStore } from '../app/app-view.ts';
import { RequestError } from '../api/request-error.ts';
import { createPlayerEvents } from '../core/events.ts';
import { PLAYER_ERROR_CODES, PlayerError, describeFailure } from '../contract/errors/player-error.ts';
import { createStore } from '../core/store.ts';
import type * as Reporter from './error-reporter.ts';
import { startErrorReporting, type ErrorReportingConfig } from './error-reporting.ts';

const CONFIG: ErrorReportingConfig = { errorDsn: 'http://public@127.0.0.1:9/1', errorTunnelUrl: '/error-tunnel', errorProject: 'kino' };

/** An app, a first frame to resolve by hand, and a reporter module that records what it is given. */
function setUp(config: ErrorReportingConfig = CONFIG) {
  const events = createPlayerEvents();
  const store: AppStore = createStore({ view: { status: 'loading' } });
  let showFirstFrame = () => {};
  const firstFrame = new Promise<void>((resolve) => (showFirstFrame = resolve));
  const reported: PlayerError[] = [];
  const created = vi.fn();
  const loadReporter = vi.fn(async () => ({
    createErrorReporter: (options: Reporter.ErrorReporterOptions) => {
      created(options);
      return { report: (error: PlayerError) => void reported.push(error) };
    },
  }) as unknown as typeof Reporter);
  startErrorReporting({ events, store }, config, firstFrame, loadReporter);
  return { events, store, showFirstFrame, loadReporter, reported, created };
}

/** Every promise callback already queued has run (a macrotask comes after all of them). */
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const fatal = () => new PlayerError('network', PLAYER_ERROR_CODES.RESOURCE, 'fatal', 'Failed to load resource.');

describe('startErrorReporting (ARCHITECTURE.md rule 9)', () => {
  it('loads nothing and reports nothing without a DSN', async () => {
    const { events, store, showFirstFrame, loadReporter } = setUp({ ...CONFIG, errorDsn: undefined });
    events.emit('error', { error: fatal() });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    store.update({ view: errorView(new RequestError('/catalog-api/contents/1', 500, 'oops')) });
    showFirstFrame();
    await settled();
    expect(loadReporter).not.toHaveBeenCalled();
  });

  it('loads the reporter after the first frame, with the tunnel, the DSN and the project', async () => {
    const { showFirstFrame, loadReporter, created } = setUp();
    await settled();
    expect(loadReporter).not.toHaveBeenCalled();
    showFirstFrame();
    await vi.waitFor(() => expect(created).toHaveBeenCalledOnce());
    expect(created).toHaveBeenCalledWith({ dsn: CONFIG.errorDsn, tunnelUrl: '/error-tunnel', project: 'kino' });
  });

  it('loads it at once for a fatal error before any frame, and reports what came before it loaded', async () => {
    const { events, loadReporter, reported } = setUp();
    const first = fatal();
    const second = fatal();
    events.emit('error', { error: first });
    events.emit('error', { error: second });
    expect(loadReporter).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(reported).toEqual([first, second]));
    const third = fatal();
    events.emit('error', { error: third });
    expect(reported).toEqual([first, second, third]);
    expect(loadReporter).toHaveBeenCalledOnce();
  });

  it('reports the failure a card shows in place of the player, once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, reported } = setUp();
    const view = errorView(new RequestError('/catalog-api/contents/1', 503, 'busy'));
    store.update({ view });
    store.update({ view: { ...view } });
    await vi.waitFor(() => expect(reported).toEqual([view.error]));
  });

  it('never loads the reporter for failures that are only logged', async () => {
    const { events, loadReporter } = setUp();
    events.emit('error', { error: describeFailure('audio', PLAYER_ERROR_CODES.AUDIO_PROCESSING_UNSUPPORTED, 'no AudioContext', new Error('x')) });
    events.emit('error', { error: new PlayerError('share', PLAYER_ERROR_CODES.SHARE_FAILED, 'fatal', 'share refused') });
    await settled();
    expect(loadReporter).not.toHaveBeenCalled();
  });
});
