import { describe, expect, it } from 'vitest';
import { BufferLedger } from './buffer-ledger.ts';

describe('BufferLedger', () => {
  it('adds a segment appended chunk by chunk to one range and splits it at the playhead', () => {
    const ledger = new BufferLedger();
    ledger.add(0, 4, 1000);
    ledger.add(4, 8, 600);
    ledger.add(4, 8, 600);
    expect(ledger.total()).toBe(2200);
    expect(ledger.before(4)).toBe(1000);
    expect(ledger.before(6)).toBe(1600);
    expect(ledger.after(6)).toBe(600);
    expect(ledger.startOfEntryAt(6)).toBe(4);
  });

  it('drops what a removal covers, and the share of a range it cuts into', () => {
    const ledger = new BufferLedger();
    ledger.add(0, 4, 1000);
    ledger.add(4, 8, 1000);
    ledger.add(8, 12, 1000);
    ledger.remove(0, 6);
    expect(ledger.total()).toBe(1500);
    expect(ledger.ends()).toEqual([8, 12]);
    ledger.remove(10, Number.POSITIVE_INFINITY);
    expect(ledger.total()).toBe(1000);
  });

  it('a segment fetched again replaces the bytes held for its time rather than adding to them', () => {
    const ledger = new BufferLedger();
    ledger.add(4, 8, 1000);
    // Another level's copy, from the keyframe 2 s in.
    ledger.add(6, 8, 700);
    expect(ledger.total()).toBe(1000);
  });

  it('knows where the media held from the playhead ends and the rate of its largest segment', () => {
    const ledger = new BufferLedger();
    ledger.add(0, 4, 400);
    ledger.add(4, 8, 800);
    ledger.add(20, 24, 400);
    expect(ledger.contiguousEnd(1)).toBe(8);
    expect(ledger.contiguousEnd(10)).toBeUndefined();
    expect(ledger.peakRate()).toBe(200);
  });
});
