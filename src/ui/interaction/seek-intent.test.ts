import { describe, expect, it } from 'vitest';
import { createFakeSchedule } from '../../../test/fakes/fake-schedule.ts';
import { createSeekIntent, SEEK_REST_MS } from './seek-intent.ts';

function setUp() {
  const clock = createFakeSchedule();
  const hints: number[] = [];
  const intent = createSeekIntent({ schedule: clock.schedule, prefetch: (time) => hints.push(time) });
  return { clock, hints, intent };
}

describe('seek intent', () => {
  it('hints a time the pointer rests on for 150 ms, not one it passes over', () => {
    const { clock, hints, intent } = setUp();
    intent.pointerAt(100);
    clock.advance(100);
    intent.pointerAt(200);
    clock.advance(SEEK_REST_MS - 1);
    expect(hints).toEqual([]);
    clock.advance(1);
    expect(hints).toEqual([200]);
  });

  it('a jitter within one place neither restarts the rest nor hints again', () => {
    const { clock, hints, intent } = setUp();
    intent.pointerAt(300);
    clock.advance(100);
    intent.pointerAt(300.4);
    clock.advance(50);
    expect(hints).toEqual([300]);
    intent.pointerAt(300.6);
    clock.advance(SEEK_REST_MS * 3);
    expect(hints).toEqual([300]);
  });

  it('one hint per new place: resting again where it was hinted sends nothing', () => {
    const { clock, hints, intent } = setUp();
    intent.pointerAt(50);
    clock.advance(SEEK_REST_MS);
    intent.pointerAt(400);
    clock.advance(SEEK_REST_MS);
    intent.pointerAt(400.2);
    clock.advance(SEEK_REST_MS);
    expect(hints).toEqual([50, 400]);
  });

  it('the pointer leaving (or a drag ending) before the rest drops the hint', () => {
    const { clock, hints, intent } = setUp();
    intent.pointerAt(120);
    clock.advance(SEEK_REST_MS - 10);
    intent.pointerGone();
    clock.advance(SEEK_REST_MS);
    expect(hints).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it('held keys hint each accumulated target at once, one per place', () => {
    const { hints, intent } = setUp();
    intent.keyHeld(15);
    intent.keyHeld(20);
    intent.keyHeld(20.5);
    intent.keyHeld(25);
    expect(hints).toEqual([15, 20, 25]);
  });

  it('a time that is not finite is never hinted', () => {
    const { clock, hints, intent } = setUp();
    intent.keyHeld(Number.NaN);
    intent.pointerAt(Number.POSITIVE_INFINITY);
    clock.advance(SEEK_REST_MS);
    expect(hints).toEqual([]);
  });

  it('dispose drops a pending hint', () => {
    const { clock, hints, intent } = setUp();
    intent.pointerAt(70);
    intent.dispose();
    intent.dispose();
    clock.advance(SEEK_REST_MS);
    expect(hints).toEqual([]);
  });
});
