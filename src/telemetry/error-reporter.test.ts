import { createTransport, type BrowserOptions } from '@sentry/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../api/request-error.ts';
import { PLAYER_ERROR_CODES, PlayerError, describeFailure } from '../contract/errors/player-error.ts';
import { createErrorReporter, REPLAY_WAIT_MS, type ErrorReporterOptions } from './error-reporter.ts';
import { REPORTED_BODY_CHARS } from './error-report-context.ts';
import type * as SessionReplay from './session-replay.ts';

const DSN = 'http://public@127.0.0.1:9/1';

interface SentEnvelope {
  url: string;
  header: Record<string, unknown>;
  itemType: string;
  event: {
    level: string;
    environment: string;
    tags: Record<string, string>;
    contexts: Record<string, Record<string, unknown>>;
    exception: { values: { type: string; value: string }[] };
  };
}

/** A reporter whose envelopes are recorded instead of posted, and whose replay chunk is a stand-in. */
function reporterWithRecorder(overrides: Partial<ErrorReporterOptions> = {}) {
  const sent: SentEnvelope[] = [];
  const transport: BrowserOptions['transport'] = (options) =>
    createTransport(options, async (request) => {
      const [header, itemHeader, payload] = String(request.body).split('\n');
      sent.push({ url: options.url, header: JSON.parse(header!), itemType: JSON.parse(itemHeader!).type, event: JSON.parse(payload!) });
      return { statusCode: 200 };
    });
  const replayAdded = vi.fn();
  const loadReplay = vi.fn(async () => ({ replayIntegration: () => ({ name: 'Replay', setup: replayAdded }) }) as unknown as typeof SessionReplay);
  const reporter = createErrorReporter({ dsn: DSN, tunnelUrl: '/error-tunnel', project: 'kino', transport, loadReplay, ...overrides });
  return { reporter, sent, loadReplay, replayAdded };
}

/** Every promise callback already queued has run (a macrotask comes after all of them). */
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const streamError = () => new PlayerError('network', PLAYER_ERROR_CODES.RESOURCE, 'fatal', 'Failed to load resource.', { url: '/media/seg-002.ts', status: 404, engine: 'hls.js' });

afterEach(() => vi.restoreAllMocks());

describe('createErrorReporter (SPEC.md sections 1 and 8)', () => {
  it('sends a fatal stream error to the tunnel with the project, the code and the id the viewer saw', async () => {
    const { reporter, sent } = reporterWithRecorder();
    const error = streamError();
    reporter.report(error);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const [envelope] = sent;
    expect(envelope!.url).toBe('/error-tunnel');
    expect(envelope!.header.dsn).toBe(DSN);
    expect(envelope!.itemType).toBe('event');
    expect(envelope!.event.level).toBe('fatal');
    expect(envelope!.event.environment).toBe('production');
    expect(envelope!.event.tags).toMatchObject({ project: 'kino', error_id: error.id, error_code: '4', error_category: 'network' });
    expect(envelope!.event.contexts.player_error).toMatchObject({
      id: error.id,
      code: 4,
      severity: 'fatal',
      detail: { url: '/media/seg-002.ts', status: 404, engine: 'hls.js' },
    });
    expect(envelope!.event.exception.values[0]).toMatchObject({ type: 'PlayerError', value: 'Failed to load resource.' });
  });

  it('attaches an HTTP failure\'s response body, cut to a few kB', async () => {
    const { reporter, sent } = reporterWithRecorder();
    const body = `{"message":"upstream busy"}${' '.repeat(10_000)}`;
    reporter.report(new RequestError('/catalog-api/contents/1', 503, body));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const response = sent[0]!.event.contexts.response!;
    expect(response).toMatchObject({ url: '/catalog-api/contents/1', status_code: 503 });
    expect(String(response.body)).toMatch(/^\{"message":"upstream busy"\}/);
    expect(String(response.body).length).toBeLessThan(REPORTED_BODY_CHARS + 50);
    expect(String(response.body)).toMatch(/\(10027 characters\)$/);
    expect(sent[0]!.event.tags).toMatchObject({ error_code: String(PLAYER_ERROR_CODES.CATALOGUE_FAILED), error_category: 'catalogue' });
  });

  it('reports one error once, however often it is heard', async () => {
    const { reporter, sent } = reporterWithRecorder();
    const first = streamError();
    const second = streamError();
    reporter.report(first);
    reporter.report(first);
    reporter.report(second);
    reporter.report(first);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((envelope) => envelope.event.tags.error_id).sort()).toEqual([first.id, second.id].sort());
  });

  it('only logs audio-processing, share, storage and recoverable failures: nothing is sent for them', async () => {
    const { reporter, sent, loadReplay } = reporterWithRecorder();
    const loggedOnly = [
      describeFailure('audio', PLAYER_ERROR_CODES.AUDIO_PROCESSING_UNSUPPORTED, 'no AudioContext', new Error('x')),
      describeFailure('share', PLAYER_ERROR_CODES.SHARE_FAILED, 'share refused', new Error('x')),
      describeFailure('storage', PLAYER_ERROR_CODES.STORAGE_FAILED, 'quota', new Error('x')),
      new PlayerError('storage', PLAYER_ERROR_CODES.STORAGE_FAILED, 'fatal', 'even fatal, storage is logged only'),
      new PlayerError('network', PLAYER_ERROR_CODES.RESOURCE, 'recoverable', 'retried'),
    ];
    for (const error of loggedOnly) reporter.report(error);
    expect(loadReplay).not.toHaveBeenCalled();
    // A fatal error after them is the only report.
    const fatal = streamError();
    reporter.report(fatal);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.event.tags.error_id).toBe(fatal.id);
  });

  it('loads session replay at the first fatal error only, and reports once it is running', async () => {
    let releaseReplay = () => {};
    const replayHeld = new Promise<void>((resolve) => (releaseReplay = resolve));
    const { reporter, sent, loadReplay, replayAdded } = reporterWithRecorder({ wait: () => new Promise(() => undefined) });
    loadReplay.mockImplementationOnce(async () => {
      await replayHeld;
      return { replayIntegration: () => ({ name: 'Replay', setup: replayAdded }) } as unknown as typeof SessionReplay;
    });
    reporter.report(streamError());
    reporter.report(streamError());
    expect(loadReplay).toHaveBeenCalledOnce();
    await settled();
    expect(sent).toHaveLength(0);
    releaseReplay();
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(replayAdded).toHaveBeenCalledOnce();
    expect(loadReplay).toHaveBeenCalledOnce();
  });

  it(`does not hold a report past ${REPLAY_WAIT_MS} ms for a replay chunk that does not come`, async () => {
    let timeUp = () => {};
    const wait = vi.fn(() => new Promise<void>((resolve) => (timeUp = resolve)));
    const { reporter, sent, loadReplay } = reporterWithRecorder({ wait });
    loadReplay.mockImplementation(() => new Promise(() => undefined));
    reporter.report(streamError());
    expect(wait).toHaveBeenCalledWith(REPLAY_WAIT_MS);
    await settled();
    expect(sent).toHaveLength(0);
    timeUp();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
  });

  it('still reports when the replay chunk fails to load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { reporter, sent, loadReplay } = reporterWithRecorder({ wait: () => new Promise(() => undefined) });
    loadReplay.mockRejectedValue(new Error('chunk failed'));
    reporter.report(streamError());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
  });
});
