import { describe, expect, it } from 'vitest';
import { createFakeSchedule } from '../../../test/fakes/fake-schedule.ts';
import { createTapGestures, type GestureOptions } from './tap-gestures.ts';

const WIDTH = 1000;
// x positions in the left fifth, the middle and the right fifth of a 1000 px wide video.
const LEFT = 100;
const MID = 500;
const RIGHT = 900;

type Step = ['tap', number] | ['wait', number] | ['move', number, number];

/** Runs a script of taps and waits; returns the actions as 'action@ms'. */
function run(pointer: GestureOptions['pointer'], steps: readonly Step[]) {
  const clock = createFakeSchedule();
  const actions: string[] = [];
  const gestures = createTapGestures({ pointer, schedule: clock.schedule, onAction: (action) => actions.push(`${action}@${clock.now}`) });
  for (const step of steps) {
    if (step[0] === 'wait') {
      clock.advance(step[1]);
      continue;
    }
    const [x, dx, dy] = step[0] === 'tap' ? [step[1], 0, 0] : [MID, step[1], step[2]];
    gestures.down({ x, y: 300, width: WIDTH, time: clock.now });
    gestures.up({ x: x + dx, y: 300 + dy, width: WIDTH, time: clock.now });
  }
  clock.advance(5000);
  return { actions, pending: clock.pending, gestures, clock };
}

describe('mouse clicks on the video (SPEC.md section 2, Gestures)', () => {
  it.each<[string, Step[], string[]]>([
    ['a single click toggles play once the 250 ms window passes', [['tap', MID]], ['toggle-play@250']],
    ['a single click in a side fifth also toggles play', [['tap', LEFT]], ['toggle-play@250']],
    ['a double click in the middle toggles fullscreen at once, and not play', [['tap', MID], ['wait', 100], ['tap', MID]], ['toggle-fullscreen@100']],
    ['a double click in the left fifth seeks back', [['tap', LEFT], ['wait', 100], ['tap', LEFT]], ['seek-back@100']],
    ['a double click in the right fifth seeks forward', [['tap', RIGHT], ['wait', 100], ['tap', RIGHT]], ['seek-forward@100']],
    ['the second click decides the zone', [['tap', MID], ['wait', 100], ['tap', LEFT]], ['seek-back@100']],
    ['a click 249 ms later is still a double click', [['tap', MID], ['wait', 249], ['tap', MID]], ['toggle-fullscreen@249']],
    ['clicks 260 ms apart are two single clicks', [['tap', MID], ['wait', 260], ['tap', MID]], ['toggle-play@250', 'toggle-play@510']],
    [
      'each further side click within the window seeks again',
      [['tap', RIGHT], ['wait', 100], ['tap', RIGHT], ['wait', 200], ['tap', RIGHT], ['wait', 240], ['tap', LEFT]],
      ['seek-forward@100', 'seek-forward@300', 'seek-back@540'],
    ],
    ['a side click after the seek window is a new single click', [['tap', RIGHT], ['wait', 100], ['tap', RIGHT], ['wait', 300], ['tap', RIGHT]], ['seek-forward@100', 'toggle-play@650']],
    ['a middle click during seeks starts afresh, no fullscreen', [['tap', RIGHT], ['wait', 100], ['tap', RIGHT], ['wait', 100], ['tap', MID]], ['seek-forward@100', 'toggle-play@450']],
    ['a third middle click starts a new pair', [['tap', MID], ['wait', 50], ['tap', MID], ['wait', 50], ['tap', MID]], ['toggle-fullscreen@50', 'toggle-play@350']],
  ])('%s', (_name, steps, expected) => {
    const { actions, pending } = run('mouse', steps);
    expect(actions).toEqual(expected);
    expect(pending).toBe(0);
  });
});

describe('touch taps on the video (SPEC.md section 2, Gestures)', () => {
  it.each<[string, Step[], string[]]>([
    ['a single tap toggles the controls after the 275 ms window, never play', [['tap', MID]], ['toggle-controls@275']],
    ['a double tap in the middle does nothing', [['tap', MID], ['wait', 100], ['tap', MID]], []],
    ['a double tap in the left fifth seeks back', [['tap', LEFT], ['wait', 100], ['tap', LEFT]], ['seek-back@100']],
    ['a double tap in the right fifth seeks forward', [['tap', RIGHT], ['wait', 100], ['tap', RIGHT]], ['seek-forward@100']],
    ['taps 260 ms apart are a double tap on touch', [['tap', RIGHT], ['wait', 260], ['tap', RIGHT]], ['seek-forward@260']],
    ['taps 280 ms apart are two single taps', [['tap', MID], ['wait', 280], ['tap', MID]], ['toggle-controls@275', 'toggle-controls@555']],
    ['further side taps keep seeking', [['tap', LEFT], ['wait', 100], ['tap', LEFT], ['wait', 270], ['tap', LEFT]], ['seek-back@100', 'seek-back@370']],
  ])('%s', (_name, steps, expected) => {
    const { actions, pending } = run('touch', steps);
    expect(actions).toEqual(expected);
    expect(pending).toBe(0);
  });
});

describe('swipes are not taps (thresholds 20 px across, 5 px vertical)', () => {
  it.each<[string, number, number, boolean]>([
    ['20 px across', 20, 0, true],
    ['21 px across', 21, 0, false],
    ['-21 px across', -21, 0, false],
    ['5 px down', 0, 5, true],
    ['6 px down', 0, 6, false],
    ['-6 px up', 0, -6, false],
  ])('%s: tap %s', (_name, dx, dy, isTap) => {
    const { actions } = run('mouse', [['move', dx, dy]]);
    expect(actions).toEqual(isTap ? ['toggle-play@250'] : []);
  });

  it('a swipe does not complete a double click', () => {
    const { actions } = run('mouse', [['tap', MID], ['wait', 100], ['move', 30, 0]]);
    expect(actions).toEqual(['toggle-play@250']);
  });
});

describe('createTapGestures edge cases', () => {
  it('a late timer does not stretch the window: the event times decide', () => {
    const clock = createFakeSchedule();
    const actions: string[] = [];
    const gestures = createTapGestures({ pointer: 'mouse', schedule: clock.schedule, onAction: (action) => actions.push(action) });
    gestures.down({ x: MID, y: 0, width: WIDTH, time: 0 });
    gestures.up({ x: MID, y: 0, width: WIDTH, time: 0 });
    // The scheduler has not run yet, but the second click comes 400 ms later by the event clock.
    gestures.down({ x: MID, y: 0, width: WIDTH, time: 400 });
    gestures.up({ x: MID, y: 0, width: WIDTH, time: 400 });
    expect(actions).toEqual(['toggle-play']);
    clock.advance(1000);
    expect(actions).toEqual(['toggle-play', 'toggle-play']);
  });

  it('an up without a down (pressed on a control, released on the video) is ignored', () => {
    const clock = createFakeSchedule();
    const actions: string[] = [];
    const gestures = createTapGestures({ pointer: 'mouse', schedule: clock.schedule, onAction: (action) => actions.push(action) });
    gestures.up({ x: MID, y: 0, width: WIDTH, time: 0 });
    clock.advance(1000);
    expect(actions).toEqual([]);
  });

  it('destroy drops a pending single click and ignores later events', () => {
    const clock = createFakeSchedule();
    const actions: string[] = [];
    const gestures = createTapGestures({ pointer: 'mouse', schedule: clock.schedule, onAction: (action) => actions.push(action) });
    gestures.down({ x: MID, y: 0, width: WIDTH, time: 0 });
    gestures.up({ x: MID, y: 0, width: WIDTH, time: 0 });
    gestures.destroy();
    gestures.down({ x: RIGHT, y: 0, width: WIDTH, time: 10 });
    gestures.up({ x: RIGHT, y: 0, width: WIDTH, time: 10 });
    clock.advance(1000);
    expect(actions).toEqual([]);
    expect(clock.pending).toBe(0);
    gestures.destroy();
  });
});
