/** The part of the Prioritized Task Scheduling API used here (Chromium 129+, Firefox 142+). */
interface YieldingScheduler {
  yield?(): Promise<void>;
}

/**
 * Ends the current task and resumes in a new one, so that the browser can draw a frame and
 * handle input between two parts of a long piece of work (on a slow phone one task of 50 ms or
 * more is a frame the viewer sees dropped or a tap that waits). `scheduler.yield()` where the
 * browser has it: the continuation then runs before tasks queued meanwhile; else a timer.
 */
export function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: YieldingScheduler };
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `run` once the page is idle, within `timeoutMs` at the latest: work that must not sit on
 * the path of what the viewer waits for (a seek's frame, the first frame). Where there is no
 * requestIdleCallback (Safari), in the next task (setTimeout reads the options as no delay).
 */
export const whenPageIdle = (run: () => void, timeoutMs = 500): unknown => (globalThis.requestIdleCallback ?? setTimeout)(run, { timeout: timeoutMs });
