import { describe, expect, it } from 'vitest';
import { createAnnouncer, describeRate, describeVolume } from './announcer.ts';
import { createFakeSchedule } from '../../../test/fakes/fake-schedule.ts';

/** An announcer writing into a log of 'text@ms' ('' is the clear). */
function harness(clearAfterMs?: number) {
  const clock = createFakeSchedule();
  const writes: string[] = [];
  const announcer = createAnnouncer({ schedule: clock.schedule, clearAfterMs, write: (text) => writes.push(`${text}@${clock.now}`) });
  return { clock, writes, announcer };
}

describe('createAnnouncer (SPEC.md section 9: clear after 150 ms)', () => {
  it('writes the text at once and clears it 150 ms later', () => {
    const { clock, writes, announcer } = harness();
    announcer.announce('Громкость 50 %');
    expect(writes).toEqual(['Громкость 50 %@0']);
    clock.advance(149);
    expect(writes).toEqual(['Громкость 50 %@0']);
    clock.advance(1);
    expect(writes).toEqual(['Громкость 50 %@0', '@150']);
  });

  it('a new announcement replaces the text and postpones the clear', () => {
    const { clock, writes, announcer } = harness();
    announcer.announce('Громкость 50 %');
    clock.advance(100);
    announcer.announce('Громкость 55 %');
    clock.advance(1000);
    expect(writes).toEqual(['Громкость 50 %@0', 'Громкость 55 %@100', '@250']);
  });

  it('the same text after the clear is written again', () => {
    const { clock, writes, announcer } = harness();
    announcer.announce('Скорость 2');
    clock.advance(200);
    announcer.announce('Скорость 2');
    clock.advance(200);
    expect(writes).toEqual(['Скорость 2@0', '@150', 'Скорость 2@200', '@350']);
  });

  it('takes another clear delay', () => {
    const { clock, writes, announcer } = harness(1000);
    announcer.announce('x');
    clock.advance(999);
    expect(writes).toEqual(['x@0']);
    clock.advance(1);
    expect(writes).toEqual(['x@0', '@1000']);
  });

  it('destroy cancels the pending clear and ignores later announcements', () => {
    const { clock, writes, announcer } = harness();
    announcer.announce('x');
    announcer.destroy();
    announcer.announce('y');
    clock.advance(1000);
    expect(writes).toEqual(['x@0']);
    expect(clock.pending).toBe(0);
  });
});

describe('describeVolume', () => {
  it.each<[number, boolean, string]>([
    [0.45, false, 'Громкость 45 %'],
    [1, false, 'Громкость 100 %'],
    [0.05, false, 'Громкость 5 %'],
    [0.30000000000000004, false, 'Громкость 30 %'],
    [0.45, true, 'Звук выключен'],
    [0, false, 'Звук выключен'],
    [0.004, false, 'Звук выключен'],
    [1.5, false, 'Громкость 100 %'],
    [Number.NaN, false, 'Звук выключен'],
  ])('%d, muted %s → %s', (volume, muted, text) => {
    expect(describeVolume(volume, muted)).toBe(text);
  });
});

describe('describeRate (SPEC.md section 9: 1 is "Обычная")', () => {
  it.each<[number, string]>([
    [1, 'Скорость Обычная'],
    [1.0000001, 'Скорость Обычная'],
    [1.5, 'Скорость 1,5'],
    [0.25, 'Скорость 0,25'],
    [0.75, 'Скорость 0,75'],
    [2, 'Скорость 2'],
  ])('%d → %s', (rate, text) => {
    expect(describeRate(rate)).toBe(text);
  });
});
