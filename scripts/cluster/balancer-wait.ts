/** Waiting for HAProxy to send traffic to servers that have just become ready. */
import { setTimeout as delay } from 'node:timers/promises';
import type { RunningBalancer } from './haproxy.ts';

/** Health checks run every second: a ready server is UP within a few. */
const BALANCED_TIMEOUT_MS = 15_000;

export async function waitUntilBalanced(balancer: RunningBalancer, ports: number[]): Promise<void> {
  const deadline = Date.now() + BALANCED_TIMEOUT_MS;
  for (;;) {
    const state = await balancer.state();
    const notUp = state.filter((server) => ports.includes(server.port) && server.status !== 'UP');
    if (notUp.length === 0) return;
    if (Date.now() > deadline) throw new Error(`HAProxy does not report every server UP after ${BALANCED_TIMEOUT_MS} ms: ${notUp.map((server) => `${server.port} ${server.status}`).join(', ')}`);
    await delay(200);
  }
}
