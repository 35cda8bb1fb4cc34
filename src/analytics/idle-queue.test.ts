import { describe, expect, it } from 'vitest';
import { createIdleQueue } from './idle-queue.ts';

function queueWithLog() {
  const idle: Array<() => void> = [];
  const handled: string[][] = [];
  const queue = createIdleQueue<string>((items) => handled.push(items), (run) => idle.push(run));
  const runIdle = () => idle.splice(0).forEach((run) => run());
  return { queue, handled, idle, runIdle };
}

describe('work put off until the page is idle', () => {
  it('handles what came in one go, in order, once the page is idle', () => {
    const { queue, handled, idle, runIdle } = queueWithLog();
    queue.add(['seeking']);
    queue.add(['waiting', 'seeked']);
    expect(handled).toEqual([]);
    expect(idle).toHaveLength(1);
    runIdle();
    expect(handled).toEqual([['seeking', 'waiting', 'seeked']]);
  });

  it('handles everything waiting at once when asked (the page is going away)', () => {
    const { queue, handled, runIdle } = queueWithLog();
    queue.add(['seeking', 'seeked']);
    queue.flush();
    expect(handled).toEqual([['seeking', 'seeked']]);
    runIdle();
    expect(handled).toHaveLength(1);
  });

  it('keeps what comes after a flush for the next idle moment', () => {
    const { queue, handled, runIdle } = queueWithLog();
    queue.add(['play']);
    queue.flush();
    queue.add(['pause']);
    runIdle();
    expect(handled).toEqual([['play'], ['pause']]);
  });

  it('asks for nothing when nothing came', () => {
    const { queue, handled, idle } = queueWithLog();
    queue.add([]);
    queue.flush();
    expect(idle).toEqual([]);
    expect(handled).toEqual([]);
  });
});
