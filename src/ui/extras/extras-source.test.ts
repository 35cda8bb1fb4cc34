import { describe, expect, it, vi } from 'vitest';
import { createExtrasSource } from './extras-source.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createExtrasSource', () => {
  it('asks for the chunk once however often it is due, and tells its listeners when it is in', async () => {
    const importExtras = vi.fn(async () => ({ name: 'extras' }));
    const source = createExtrasSource(importExtras);
    const heard = vi.fn();
    source.subscribe(heard);
    source.load();
    source.load();
    expect(source.get()).toBeUndefined();
    await settle();
    source.load();
    expect(importExtras).toHaveBeenCalledTimes(1);
    expect(source.get()).toEqual({ name: 'extras' });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('a failed load is asked for again at the next use', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const importExtras = vi.fn().mockRejectedValueOnce(new Error('dropped')).mockResolvedValueOnce({ name: 'extras' });
    const source = createExtrasSource(importExtras);
    source.load();
    await settle();
    expect(source.get()).toBeUndefined();
    source.load();
    await settle();
    expect(source.get()).toEqual({ name: 'extras' });
    expect(importExtras).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
