import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenPageIdle, yieldToMain } from './yield-to-main.ts';

describe('yieldToMain', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resumes in a later task: work queued before it (a timer, the promise chain) has run by then', async () => {
    vi.stubGlobal('scheduler', undefined);
    const seen: string[] = [];
    setTimeout(() => seen.push('earlier task'), 0);
    void Promise.resolve().then(() => seen.push('microtask'));
    await yieldToMain();
    seen.push('resumed');
    expect(seen).toEqual(['microtask', 'earlier task', 'resumed']);
  });

  it("uses the browser's scheduler.yield where there is one (the continuation keeps its place ahead of other tasks)", async () => {
    const yieldNow = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldNow });
    await yieldToMain();
    expect(yieldNow).toHaveBeenCalledOnce();
  });
});

describe('whenPageIdle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the browser for an idle moment with a deadline, so waiting work is never starved', () => {
    const requestIdle = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdle);
    const run = () => undefined;
    whenPageIdle(run, 2000);
    expect(requestIdle).toHaveBeenCalledWith(run, { timeout: 2000 });
  });

  it('runs in the next task where the browser has no idle callbacks (Safari)', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const ran = await new Promise<boolean>((resolve) => {
      whenPageIdle(() => resolve(true));
    });
    expect(ran).toBe(true);
  });
});
