import { describe, expect, it } from 'vitest';
import { PROGRESS_SAVE_THROTTLE_MS, createProgressSaver } from './progress-saver.ts';

function setup() {
  let clock = 1_000;
  const saved: number[] = [];
  const saver = createProgressSaver({ save: (time) => saved.push(time), now: () => clock });
  const at = (ms: number, time: number) => {
    clock = 1_000 + ms;
    saver.update(time);
  };
  return { saver, saved, at };
}

describe('createProgressSaver', () => {
  it('saves at most once per 10 s (SPEC.md section 9), starting 10 s after the first update', () => {
    const { saved, at } = setup();
    expect(PROGRESS_SAVE_THROTTLE_MS).toBe(10_000);
    at(0, 0);
    at(4_000, 4);
    at(9_999, 9.9);
    expect(saved).toEqual([]);
    at(10_000, 10);
    at(15_000, 15);
    at(19_999, 19.9);
    expect(saved).toEqual([10]);
    at(20_000, 20);
    expect(saved).toEqual([10, 20]);
  });

  it('flush saves the latest unsaved time at once, and only once', () => {
    const { saver, saved, at } = setup();
    at(0, 30);
    at(3_000, 33);
    saver.flush();
    saver.flush();
    expect(saved).toEqual([33]);
  });

  it('restarts the window after a flush', () => {
    const { saver, saved, at } = setup();
    at(0, 1);
    at(5_000, 5);
    saver.flush();
    at(12_000, 12);
    expect(saved).toEqual([5]);
    at(15_000, 15);
    expect(saved).toEqual([5, 15]);
  });

  it('ignores times that are not finite or negative', () => {
    const { saver, saved, at } = setup();
    at(0, 8);
    at(1_000, Number.NaN);
    at(2_000, -1);
    saver.flush();
    expect(saved).toEqual([8]);
  });

  it('does nothing after destroy', () => {
    const { saver, saved, at } = setup();
    at(0, 8);
    saver.destroy();
    saver.flush();
    at(20_000, 20);
    expect(saved).toEqual([]);
  });

  it('honours a custom throttle', () => {
    let clock = 0;
    const saved: number[] = [];
    const saver = createProgressSaver({ save: (time) => saved.push(time), throttleMs: 1_000, now: () => clock });
    saver.update(1);
    clock = 1_000;
    saver.update(2);
    expect(saved).toEqual([2]);
  });
});
