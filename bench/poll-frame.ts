import type { Frame } from 'playwright';

/**
 * Waits until `expression` (page-side JavaScript, as text) is truthy in the frame, asking every
 * 50 ms, and resolves with its value; rejects after `timeoutMs`. Playwright's waitForFunction
 * would do the same through its injected script, which the frame compiles the first time it is
 * used: 60–80 ms on the page's main thread at 4× CPU, a long task in the middle of the player's
 * start-up that the bench would count as the player's own. A plain evaluation compiles nothing
 * of that size.
 */
export async function pollFrame<T>(frame: Frame, expression: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = (await frame.evaluate(expression)) as T;
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${expression.slice(0, 80)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
