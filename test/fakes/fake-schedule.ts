import type { Schedule } from '../../src/ui/interaction/schedule.ts';

interface Task {
  at: number;
  order: number;
  fn: () => void;
  cancelled: boolean;
}

/**
 * A hand-driven Schedule for unit tests: nothing runs until `advance` moves the fake clock past a
 * task's due time. Lives next to its users because tests of this folder are its only callers.
 */
export function createFakeSchedule() {
  let now = 0;
  let order = 0;
  let tasks: Task[] = [];
  const schedule: Schedule = (fn, ms) => {
    const task: Task = { at: now + ms, order: order++, fn, cancelled: false };
    tasks.push(task);
    return () => {
      task.cancelled = true;
    };
  };
  return {
    schedule,
    /** The fake clock, in ms since creation. */
    get now() {
      return now;
    },
    /** Tasks scheduled and neither run nor cancelled. */
    get pending() {
      return tasks.filter((task) => !task.cancelled).length;
    },
    /** Moves the clock by `ms`, running due tasks in time order (also ones they schedule). */
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        tasks = tasks.filter((task) => !task.cancelled);
        const due = tasks.filter((task) => task.at <= end).sort((a, b) => a.at - b.at || a.order - b.order)[0];
        if (!due) break;
        now = due.at;
        due.cancelled = true;
        due.fn();
      }
      now = end;
    },
  };
}

export type FakeSchedule = ReturnType<typeof createFakeSchedule>;
