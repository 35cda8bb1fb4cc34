import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEach, startServerProcess, type ServerProcess } from './server-process.ts';

// Behind a load balancer (npm run cluster), a server told to stop first says it is not ready
// and goes on serving for DRAIN_GRACE_MS, so the balancer's health checks take it out before
// its listener closes: no request is sent to a server that no longer accepts.
const { cleanups, dataDir } = cleanUpAfterEach();
// Real server processes on a busy two-core machine: honest work beyond the suite's 30 s.
vi.setConfig({ testTimeout: 120_000 });

async function started(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(await dataDir(), env);
  cleanups.push(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

/** Polls until the server's /readyz answers `status` (a state reached, not a time waited). */
async function readinessBecomes(origin: string, status: number): Promise<Response> {
  for (;;) {
    const response = await fetch(`${origin}/readyz`);
    if (response.status === status) return response;
    await delay(20);
  }
}

describe('SIGTERM with DRAIN_GRACE_MS', () => {
  it('answers /readyz 503 "closing" at once, serves every other route through the grace, then drains and exits 0', async () => {
    const graceMs = 4_000;
    const server = await started({ DRAIN_GRACE_MS: String(graceMs), SHUTDOWN_TIMEOUT_MS: '10000' });
    expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const notReady = await readinessBecomes(server.origin, 503);
    expect(await notReady.json()).toMatchObject({ status: 'closing' });
    // Still within the grace: new connections are taken and answered, health says alive.
    expect(Date.now() - signalled).toBeLessThan(graceMs);
    const [alive, catalogue] = await Promise.all([fetch(`${server.origin}/healthz`), fetch(`${server.origin}/catalog-api/contents/2`)]);
    expect(alive.status).toBe(200);
    expect(catalogue.status).toBe(200);
    expect(Date.now() - signalled).toBeLessThan(graceMs);

    const exit = await server.exited;
    expect(exit.code, exit.output).toBe(0);
    // The listener closed only after the grace.
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(graceMs);
    expect(exit.output).toMatch(/SIGTERM: not ready; serving 4000 ms more so the load balancer takes this server out/);
    expect(exit.output).toMatch(/SIGTERM: all requests finished in \d+ ms; database closed/);
  });

  it('without it (npm start) the listener closes at once, as before', async () => {
    const server = await started({});
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit.code, exit.output).toBe(0);
    expect(exit.output).not.toMatch(/serving \d+ ms more/);
    expect(Date.now() - signalled).toBeLessThan(4_000);
  });
});
