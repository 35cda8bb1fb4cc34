import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yield-to-main.ts';

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
