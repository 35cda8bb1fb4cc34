/** Runs `run` when the page is idle, within half a second; where there is no requestIdleCallback (Safari), in the next task (setTimeout reads the options as no delay). */
export const whenPageIdle = (run: () => void): unknown => (globalThis.requestIdleCallback ?? setTimeout)(run, { timeout: 500 });
