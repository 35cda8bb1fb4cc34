import { describe, expect, it } from 'vitest';
import { attributeLongTasks, longTaskValues, tasksBetween, type ObservedLongTask } from '../../bench/long-tasks.ts';

// What the probes of a host page and our widget's iframe record of one main thread: the same
// task once per frame, named from each frame's point of view.
const hostParse: ObservedLongTask = { start: 1000, duration: 142, name: 'self', top: true };
const widgetSeenByHost: ObservedLongTask = { start: 2000.2, duration: 335, name: 'cross-origin-descendant', top: true };
const widgetSeenByItself: ObservedLongTask = { start: 2000, duration: 335, name: 'self', top: false };
const commit: ObservedLongTask = { start: 1500, duration: 60, name: 'unknown', top: true };
const lateWidget: ObservedLongTask = { start: 9000, duration: 83, name: 'same-origin-descendant', top: true };

describe('whose long tasks they were', () => {
  it('gives the widget the tasks its iframe calls its own and the host page calls a descendant\'s, once each', () => {
    const { ours, host } = attributeLongTasks([hostParse, widgetSeenByHost, widgetSeenByItself, lateWidget], true);
    expect(ours.map((task) => [Math.round(task.start), task.duration])).toEqual([[2000, 335], [9000, 83]]);
    expect(host).toEqual([{ start: 1000, duration: 142 }]);
  });

  it('leaves the host page\'s own work and what the browser pins on no frame (a commit) to the host', () => {
    const { ours, host } = attributeLongTasks([commit, hostParse, widgetSeenByItself], true);
    expect(ours).toHaveLength(1);
    expect(host.map((task) => task.duration)).toEqual([142, 60]);
  });

  it('gives a plain page\'s every task to its player', () => {
    const { ours, host } = attributeLongTasks([hostParse, commit], false);
    expect(ours).toHaveLength(2);
    expect(host).toEqual([]);
  });

  it('counts a task running when the window opens, not one that ended before it or starts at its end', () => {
    const tasks = [{ start: 900, duration: 150 }, { start: 800, duration: 100 }, { start: 2000, duration: 60 }];
    expect(tasksBetween(tasks, 1000, 2000)).toEqual([{ start: 900, duration: 150 }]);
  });
});

describe('the long-task metrics of a visit', () => {
  const observed = [hostParse, commit, widgetSeenByHost, widgetSeenByItself, lateWidget];

  it('counts ours from the iframe\'s navigation and the host\'s from the page\'s, with our longest task', () => {
    expect(longTaskValues(observed, true, { pageFrom: 900, playerFrom: 1800, to: 10_000 })).toEqual({
      'our-long-tasks': 2,
      'our-longest-task': 335,
      'host-long-tasks': 2,
    });
  });

  it('stops at the end of the window', () => {
    expect(longTaskValues(observed, true, { pageFrom: 900, playerFrom: 1800, to: 5000 })['our-long-tasks']).toBe(1);
  });

  it('has no host figure for a plain page and a longest task of 0 when there were none', () => {
    expect(longTaskValues([], false, { pageFrom: 0, playerFrom: 0, to: 10_000 })).toEqual({ 'our-long-tasks': 0, 'our-longest-task': 0 });
  });
});
