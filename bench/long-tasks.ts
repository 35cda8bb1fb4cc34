/**
 * Whose a main-thread long task was. Our widget shares its main thread with the host page (the
 * iframe is same-site, so Chromium runs both in one renderer), and every frame's Long Tasks
 * observer sees the same tasks: the widget's iframe names its own `self`, the host page names
 * them `cross-origin-descendant` (or `same-origin-descendant`). What the host page names `self`
 * is its own work (its parse, its script), and what the browser cannot pin on one frame
 * (`unknown`, `multiple-contexts`: a navigation's commit, say) is the host's too: neither is
 * code we ship. A plain page (the peers) has one frame, and everything in it is the player's.
 */

/** One Long Tasks API entry as a frame's probe recorded it (epoch ms). */
export interface ObservedLongTask {
  start: number;
  duration: number;
  /** The entry's name: self, same-origin-descendant, cross-origin-descendant, unknown… */
  name?: string;
  /** Whether the top-level page's observer recorded it (else the widget's iframe's). */
  top?: boolean;
}

export interface LongTask {
  start: number;
  duration: number;
}

export interface AttributedLongTasks {
  ours: LongTask[];
  host: LongTask[];
}

/** The same task seen by two frames has the same start and length, to the rounding of each frame's clock. */
const taskKey = (task: LongTask) => `${Math.round(task.start)}:${Math.round(task.duration)}`;

/** Whether this observation says the task ran the widget's code. */
function isOurs(task: ObservedLongTask, framed: boolean): boolean {
  if (!framed) return true;
  if (task.top === false) return task.name === undefined || task.name === 'self';
  return task.name !== undefined && task.name.endsWith('-descendant');
}

/**
 * Splits every frame's observations into ours and the host's, each task once. `framed`: the
 * player lives in an iframe of a host page (our widget); else the whole page is the player's.
 */
export function attributeLongTasks(observed: readonly ObservedLongTask[], framed: boolean): AttributedLongTasks {
  const ours = new Map<string, LongTask>();
  const host = new Map<string, LongTask>();
  for (const task of observed) {
    const key = taskKey(task);
    const plain = { start: task.start, duration: task.duration };
    if (isOurs(task, framed)) {
      ours.set(key, plain);
      host.delete(key);
    } else if (!ours.has(key)) {
      host.set(key, plain);
    }
  }
  const byStart = (a: LongTask, b: LongTask) => a.start - b.start;
  return { ours: [...ours.values()].sort(byStart), host: [...host.values()].sort(byStart) };
}

/** The tasks that overlap [from, to) (epoch ms): a task running when the window opens counts. */
export function tasksBetween(tasks: readonly LongTask[], from: number, to: number): LongTask[] {
  return tasks.filter((task) => task.start < to && task.start + task.duration > from);
}

/**
 * The long-task metrics of a visit from the player's navigation (the widget iframe's, or the
 * page's) to `to`: our tasks in that window, and the host page's from its own navigation on
 * (its parse comes before the iframe exists); host-long-tasks only when there is a host page.
 */
export function longTaskValues(observed: readonly ObservedLongTask[], framed: boolean, window: { pageFrom: number; playerFrom: number; to: number }): Record<string, number> {
  const { ours, host } = attributeLongTasks(observed, framed);
  const mine = tasksBetween(ours, window.playerFrom, window.to);
  const values: Record<string, number> = {
    'our-long-tasks': mine.length,
    'our-longest-task': mine.reduce((longest, task) => Math.max(longest, task.duration), 0),
  };
  if (framed) values['host-long-tasks'] = tasksBetween(host, window.pageFrom, window.to).length;
  return values;
}
