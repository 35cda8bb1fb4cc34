import { describe, expect, it } from 'vitest';
import { createFakeSchedule } from '../../../test/fakes/fake-schedule.ts';
import { startCountdown } from './next-episode-countdown.ts';

function run(seconds: number) {
  const clock = createFakeSchedule();
  const ticks: number[] = [];
  let done = 0;
  const countdown = startCountdown({ seconds, onTick: (left) => ticks.push(left), onDone: () => void done++, schedule: clock.schedule, now: () => clock.now });
  return { clock, ticks, countdown, done: () => done };
}

describe('startCountdown', () => {
  it('shows each whole second left, then is done after exactly that long', () => {
    const { clock, ticks, done } = run(5);
    expect(ticks).toEqual([5]);
    clock.advance(4999);
    expect(ticks).toEqual([5, 4, 3, 2, 1]);
    expect(done()).toBe(0);
    clock.advance(1);
    expect(done()).toBe(1);
    clock.advance(10_000);
    expect(done()).toBe(1);
  });

  it('is done at once for 0 s', () => {
    const { ticks, done } = run(0);
    expect(ticks).toEqual([]);
    expect(done()).toBe(1);
  });

  it('does nothing more once cancelled', () => {
    const { clock, ticks, countdown, done } = run(5);
    clock.advance(2000);
    countdown.cancel();
    clock.advance(10_000);
    expect(ticks).toEqual([5, 4, 3]);
    expect(done()).toBe(0);
    expect(clock.pending).toBe(0);
  });
});
