import { describe, expect, it } from 'vitest';
import { createControlsVisibility, type ControlsHoldReason } from './controls-visibility.ts';
import { createFakeSchedule } from '../../../test/fakes/fake-schedule.ts';

type Step = ['activity'] | ['hide'] | ['wait', number] | ['hold', ControlsHoldReason, boolean];

/** Runs a script; returns the visibility changes as 'shown@ms' / 'hidden@ms' and the final state. */
function run(steps: readonly Step[], hideDelayMs?: number) {
  const clock = createFakeSchedule();
  const changes: string[] = [];
  const controls = createControlsVisibility({
    hideDelayMs,
    schedule: clock.schedule,
    onChange: (visible) => changes.push(`${visible ? 'shown' : 'hidden'}@${clock.now}`),
  });
  for (const step of steps) {
    if (step[0] === 'wait') clock.advance(step[1]);
    else if (step[0] === 'activity') controls.activity();
    else if (step[0] === 'hide') controls.hide();
    else controls.hold(step[1], step[2]);
  }
  return { changes, visible: controls.visible, controls, clock };
}

describe('controls visibility (SPEC.md sections 4 and 9: hide after 2000 ms)', () => {
  it.each<[string, Step[], string[], boolean]>([
    ['visible at start', [], [], true],
    ['hide 2000 ms after start without activity', [['wait', 1999]], [], true],
    ['… and at 2000 ms they hide', [['wait', 2000]], ['hidden@2000'], false],
    ['activity restarts the delay', [['wait', 1500], ['activity'], ['wait', 1999]], [], true],
    ['they hide 2000 ms after the last activity', [['wait', 1500], ['activity'], ['wait', 2000]], ['hidden@3500'], false],
    ['activity shows hidden controls', [['wait', 2000], ['wait', 100], ['activity']], ['hidden@2000', 'shown@2100'], true],
    ['shown again, they hide again after the delay', [['wait', 2100], ['activity'], ['wait', 2000]], ['hidden@2000', 'shown@2100', 'hidden@4100'], false],
    ['a hold keeps them up', [['hold', 'paused', true], ['wait', 10_000]], [], true],
    ['a hold shows hidden controls', [['wait', 2000], ['hold', 'menu', true]], ['hidden@2000', 'shown@2000'], true],
    ['activity during a hold does not start a timer', [['hold', 'focus', true], ['activity'], ['wait', 10_000]], [], true],
    ['releasing the last hold restarts the full delay', [['hold', 'paused', true], ['wait', 5000], ['hold', 'paused', false], ['wait', 1999]], [], true],
    ['… and they hide when it ends', [['hold', 'paused', true], ['wait', 5000], ['hold', 'paused', false], ['wait', 2000]], ['hidden@7000'], false],
    [
      'any remaining hold still keeps them up',
      [['hold', 'paused', true], ['hold', 'menu', true], ['hold', 'paused', false], ['wait', 10_000]],
      [],
      true,
    ],
    [
      'the same hold twice is one hold',
      [['hold', 'seeking-drag', true], ['hold', 'seeking-drag', true], ['hold', 'seeking-drag', false], ['wait', 2000]],
      ['hidden@2000'],
      false,
    ],
    ['releasing a hold that was not on does not restart the timer', [['wait', 1500], ['hold', 'menu', false], ['wait', 500]], ['hidden@2000'], false],
    ['preloading holds them (SPEC.md section 4)', [['hold', 'preloading', true], ['wait', 10_000]], [], true],
    ['hide() hides at once', [['wait', 500], ['hide']], ['hidden@500'], false],
    ['hide() does nothing while a hold is on', [['hold', 'hover-controls', true], ['hide']], [], true],
    ['hide() when already hidden reports nothing', [['wait', 2000], ['hide']], ['hidden@2000'], false],
  ])('%s', (_name, steps, changes, visible) => {
    const result = run(steps);
    expect(result.changes).toEqual(changes);
    expect(result.visible).toBe(visible);
  });

  it('hide() leaves no timer behind', () => {
    const { clock } = run([['wait', 500], ['hide']]);
    expect(clock.pending).toBe(0);
  });

  it('takes another delay', () => {
    expect(run([['wait', 499]], 500).visible).toBe(true);
    expect(run([['wait', 500]], 500).changes).toEqual(['hidden@500']);
  });

  it('destroy stops the timer and ignores later calls', () => {
    const { controls, clock, changes } = run([['wait', 1000]]);
    controls.destroy();
    clock.advance(5000);
    controls.hide();
    controls.activity();
    expect(changes).toEqual([]);
    expect(clock.pending).toBe(0);
  });
});
