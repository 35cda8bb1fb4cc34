import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlayerEvents } from '../core/events.ts';
import { analyticsSooner } from './analytics-recorder.ts';

function setUp() {
  const events = createPlayerEvents();
  const doc = Object.assign(new EventTarget(), { hidden: false }) as unknown as Document & { hidden: boolean };
  let sooner = false;
  void analyticsSooner({ events }, doc).then(() => (sooner = true));
  const settled = async () => {
    await Promise.resolve();
    return sooner;
  };
  return { events, doc, settled };
}

describe('analyticsSooner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a play request that has not started 3 s later brings analytics sooner', async () => {
    const { events, settled } = setUp();
    events.emit('play-requested', {});
    vi.advanceTimersByTime(2999);
    expect(await settled()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled()).toBe(true);
  });

  it('a start within 3 s leaves analytics to the safe-buffer moment', async () => {
    const { events, settled } = setUp();
    events.emit('play-requested', {});
    vi.advanceTimersByTime(800);
    events.emit('playing', { currentTime: 0 });
    vi.advanceTimersByTime(5000);
    expect(await settled()).toBe(false);
  });

  it('a hidden page brings analytics at once', async () => {
    const { doc, settled } = setUp();
    doc.hidden = true;
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(await settled()).toBe(true);
  });
});
