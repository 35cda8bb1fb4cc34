import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYER_ERROR_CODES, PlayerError } from '../contract/errors/player-error.ts';
import { createPlayerEvents } from './events.ts';

/**
 * One listener's bug must not silence the others (the page's saved progress, the host's events,
 * analytics all listen to the same map): a listener that throws is told as a recoverable 'error'
 * event, as hls.js re-emits a handler's exception as an internal error, and the rest still hear.
 */
describe('a listener of the player event map that throws', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('does not stop the event reaching the listeners after it, and is told as an error', () => {
    const events = createPlayerEvents();
    const heard: string[] = [];
    const errors: PlayerError[] = [];
    events.on('error', ({ error }) => errors.push(error));
    events.on('play', () => heard.push('first'));
    events.on('play', () => {
      throw new TypeError('progress store is gone');
    });
    events.on('play', ({ currentTime }) => heard.push(`last at ${currentTime}`));

    expect(() => events.emit('play', { currentTime: 7 })).not.toThrow();

    expect(heard).toEqual(['first', 'last at 7']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      category: 'internal',
      code: PLAYER_ERROR_CODES.LISTENER_FAILED,
      severity: 'recoverable',
      detail: { cause: 'TypeError', reason: 'progress store is gone' },
    });
    expect(errors[0]!.message).toContain('play');
    // Logged once, with the id a report would carry.
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(errors[0]!.id);
  });

  it('ends when an error listener throws too, and the other error listeners still hear', () => {
    const events = createPlayerEvents();
    let thrown = 0;
    const heard: PlayerError[] = [];
    events.on('error', () => {
      thrown++;
      throw new Error('reporter broke');
    });
    events.on('error', ({ error }) => heard.push(error));
    events.on('pause', () => {
      throw new Error('saver broke');
    });

    expect(() => events.emit('pause', { currentTime: 1, duration: 10 })).not.toThrow();

    // The pause listener's failure reached both error listeners; the broken one's own failure
    // while hearing it is logged, not told again.
    expect(thrown).toBe(1);
    expect(heard.map((error) => error.detail['reason'])).toEqual(['saver broke']);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('is told once when it fails on an error itself', () => {
    const events = createPlayerEvents();
    const heard: string[] = [];
    let calls = 0;
    events.on('error', () => {
      calls++;
      throw new Error('always');
    });
    events.on('error', ({ error }) => heard.push(`${error.category} ${error.severity}`));

    expect(() => events.emit('error', { error: new PlayerError('engine', PLAYER_ERROR_CODES.RESOURCE, 'fatal', 'decode') })).not.toThrow();

    // Its failure is told once (it throws again hearing that, which is only logged), then the
    // fatal error goes on to the rest.
    expect(calls).toBe(2);
    expect(heard).toEqual(['internal recoverable', 'engine fatal']);
  });

  it('ends when an error listener answers with an event whose listener throws', () => {
    const events = createPlayerEvents();
    let errors = 0;
    events.on('error', () => {
      errors++;
      events.emit('ended', { currentTime: 10, duration: 10 });
    });
    events.on('ended', () => {
      throw new Error('ended broke');
    });
    events.on('play', () => {
      throw new Error('play broke');
    });

    expect(() => events.emit('play', { currentTime: 0 })).not.toThrow();
    expect(errors).toBe(1);
  });
});
