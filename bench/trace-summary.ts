/**
 * Reads a Chromium trace (Playwright's browser.startTracing) and says where the time of one
 * window went: for each thread busy in it (the widget's main thread, its workers, the media and
 * compositor threads, the GPU and network processes), the time its top-level tasks took inside
 * the window, and the longest trace events under them by name. The window is two user-timing
 * marks the page made (performance.mark), so the trace's clock never meets the page's.
 */

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (where the trace records it). */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

/** An event's name, with the script and function it ran where the trace says (FunctionCall, EvaluateScript…). */
function labelOf(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  const url = typeof data.url === 'string' ? data.url.replace(/^.*\//, '').replace(/\?.*$/, '') : '';
  const fn = typeof data.functionName === 'string' && data.functionName ? ` ${data.functionName}` : '';
  const type = typeof data.type === 'string' ? ` ${data.type}` : '';
  return url ? `${event.name}${fn} ${url}:${String(data.lineNumber ?? '')}` : `${event.name}${type}`;
}

export interface ThreadBusy {
  thread: string;
  busyMs: number;
  /** CPU time of those tasks: less than busyMs when the thread waited for a core. */
  cpuMs: number;
  tasks: number;
  /** The event names (below the top level) that took the most time in the window. */
  top: Array<{ name: string; ms: number }>;
}

/** The window between the first `from` mark (null: the trace's first event) and the first `to` mark after it, in trace µs. */
function windowOf(events: readonly TraceEvent[], from: string | null, to: string): { start: number; end: number } {
  const marks = (name: string) => events.filter((event) => event.name === name && event.cat.includes('user_timing')).map((event) => event.ts).sort((a, b) => a - b);
  const start = from === null ? events.reduce((first, event) => (event.ts > 0 && event.ts < first ? event.ts : first), Infinity) : marks(from)[0];
  const end = start === undefined ? undefined : marks(to).find((ts) => ts > start);
  if (start === undefined || end === undefined) throw new Error(`trace: no "${from ?? 'start'}" mark followed by a "${to}" mark`);
  return { start, end };
}

/** Thread names by "pid:tid", process names by pid, and the browser's own WebUI renderers (its new-tab page), which are no subject's. */
function namesOf(events: readonly TraceEvent[]): { threads: Map<string, string>; processes: Map<number, string>; webUi: Set<number> } {
  const threads = new Map<string, string>();
  const processes = new Map<number, string>();
  for (const event of events) {
    if (event.ph !== 'M') continue;
    if (event.name === 'thread_name') threads.set(`${event.pid}:${event.tid}`, event.args?.name ?? '?');
    if (event.name === 'process_name') processes.set(event.pid, event.args?.name ?? '?');
  }
  const webUi = new Set([...processes].filter(([, name]) => name.startsWith('WebUI')).map(([pid]) => pid));
  return { threads, processes, webUi };
}

/** The window between the first `from` mark and the first `to` mark after it, per thread, busiest first. */
export function summarizeWindow(trace: { traceEvents: TraceEvent[] }, from: string, to: string): { windowMs: number; threads: ThreadBusy[] } {
  const events = trace.traceEvents;
  const { start, end } = windowOf(events, from, to);
  const { threads: names, processes, webUi } = namesOf(events);
  const overlap = (event: TraceEvent) => Math.max(0, Math.min(end, event.ts + (event.dur ?? 0)) - Math.max(start, event.ts));
  const byThread = new Map<string, { busy: number; cpu: number; tasks: number; inner: Map<string, number> }>();
  for (const event of events) {
    if (event.ph !== 'X' || event.dur === undefined || overlap(event) <= 0) continue;
    const key = `${event.pid}:${event.tid}`;
    const entry = byThread.get(key) ?? { busy: 0, cpu: 0, tasks: 0, inner: new Map() };
    byThread.set(key, entry);
    if (event.cat.includes('toplevel')) {
      entry.busy += overlap(event);
      // The CPU share of the part inside the window, assuming it is spread evenly over the task.
      entry.cpu += event.tdur === undefined || event.dur === 0 ? overlap(event) : (event.tdur * overlap(event)) / event.dur;
      entry.tasks += 1;
    } else {
      const label = labelOf(event);
      entry.inner.set(label, (entry.inner.get(label) ?? 0) + overlap(event));
    }
  }
  const threads = [...byThread.entries()]
    .filter(([key, entry]) => entry.busy > 0 && !webUi.has(Number(key.split(':')[0])))
    .map(([key, entry]) => ({
      thread: `${processes.get(Number(key.split(':')[0])) ?? 'process'} ${key.split(':')[0]} / ${names.get(key) ?? key}`,
      busyMs: entry.busy / 1000,
      cpuMs: entry.cpu / 1000,
      tasks: entry.tasks,
      top: [...entry.inner.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([name, us]) => ({ name, ms: us / 1000 })),
    }))
    .sort((a, b) => b.busyMs - a.busyMs);
  return { windowMs: (end - start) / 1000, threads };
}

export function printWindow(title: string, summary: { windowMs: number; threads: ThreadBusy[] }, limit = 8): void {
  console.log(`${title}: ${summary.windowMs.toFixed(1)} ms`);
  for (const thread of summary.threads.slice(0, limit)) {
    console.log(`  ${thread.busyMs.toFixed(1).padStart(7)} ms busy (${thread.cpuMs.toFixed(1).padStart(6)} ms CPU), ${String(thread.tasks).padStart(3)} tasks  ${thread.thread}`);
    for (const inner of thread.top) if (inner.ms >= 0.5) console.log(`  ${''.padStart(28)}${inner.ms.toFixed(1).padStart(7)} ms  ${inner.name}`);
  }
}

export interface LongTask {
  thread: string;
  atMs: number;
  ms: number;
  /** What ran inside it, longest first (scripts by URL where the trace names one). */
  inside: Array<{ name: string; ms: number }>;
}

/** Top-level tasks of at least `minMs` between two marks (`from` null: the trace's start), on any thread. */
export function longTasksIn(trace: { traceEvents: TraceEvent[] }, from: string | null, to: string, minMs = 50): LongTask[] {
  const events = trace.traceEvents;
  const { start, end } = windowOf(events, from, to);
  const { threads: names, webUi } = namesOf(events);
  // Long tasks in the sense of the Long Tasks API: a page's main thread or its workers.
  const scriptThread = (event: TraceEvent) => !webUi.has(event.pid) && /^(CrRendererMain|DedicatedWorker thread)$/.test(names.get(`${event.pid}:${event.tid}`) ?? '');
  const tasks = events.filter((event) => event.ph === 'X' && event.cat.includes('toplevel') && (event.dur ?? 0) >= minMs * 1000 && event.ts >= start && event.ts < end && scriptThread(event));
  // A task run inside another (a nested message loop) is part of it, not a second long task.
  const outer = tasks.filter((task) => !tasks.some((other) => other !== task && other.pid === task.pid && other.tid === task.tid && other.ts <= task.ts && task.ts + task.dur! <= other.ts + other.dur! && (other.ts < task.ts || other.dur! > task.dur!)));
  return outer.map((task) => {
    const inner = new Map<string, number>();
    for (const event of events) {
      if (event.ph !== 'X' || event.pid !== task.pid || event.tid !== task.tid || event === task) continue;
      if (event.ts < task.ts || event.ts + (event.dur ?? 0) > task.ts + task.dur!) continue;
      const label = labelOf(event);
      inner.set(label, (inner.get(label) ?? 0) + (event.dur ?? 0));
    }
    return {
      thread: `${task.pid} / ${names.get(`${task.pid}:${task.tid}`) ?? task.tid}`,
      atMs: (task.ts - start) / 1000,
      ms: task.dur! / 1000,
      inside: [...inner.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([name, us]) => ({ name, ms: us / 1000 })),
    };
  });
}

export function printLongTasks(title: string, tasks: readonly LongTask[]): void {
  console.log(`${title}: ${tasks.length} task(s) of 50 ms or more`);
  for (const task of tasks) {
    console.log(`  ${task.ms.toFixed(1).padStart(7)} ms at ${task.atMs.toFixed(0)} ms  ${task.thread}`);
    for (const inner of task.inside) if (inner.ms >= 2) console.log(`  ${''.padStart(10)}${inner.ms.toFixed(1).padStart(7)} ms  ${inner.name}`);
  }
}
