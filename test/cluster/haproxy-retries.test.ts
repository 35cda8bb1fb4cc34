import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHaproxy, type RunningBalancer } from '../../scripts/cluster/haproxy.ts';
import { freePorts } from '../../scripts/cluster/processes.ts';

// The cluster's HAProxy configuration in front of stand-in servers, to see which requests it
// sends again: a request a server may have acted on (it closed the connection without an answer)
// is retried elsewhere only when its method is safe; a connection refused is retried for all.
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface StandIn {
  received: string[];
}

/** Answers /readyz 200 (so HAProxy counts it UP); every other request it either answers or drops unanswered. */
async function standIn(port: number, behaviour: 'answers' | 'drops'): Promise<StandIn> {
  const received: string[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    if (request.url === '/readyz') return void response.end('{"status":"ready"}');
    received.push(request.method ?? '?');
    request.resume();
    request.once('end', () => (behaviour === 'answers' ? response.end('ok') : request.socket.destroy()));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  server.on('connection', (socket) => cleanups.push(async () => socket.destroy()));
  return { received };
}

async function balancerBefore(ports: number[]): Promise<RunningBalancer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kino-haproxy-'));
  const [front = 0] = await freePorts(1);
  const balancer = await startHaproxy({ dir, log: () => undefined }, front, ports);
  cleanups.push(() => rm(dir, { recursive: true, force: true }), () => balancer.stop());
  return balancer;
}

async function untilUp(balancer: RunningBalancer, ports: number[]): Promise<void> {
  while (!(await balancer.state()).filter((server) => ports.includes(server.port)).every((server) => server.status === 'UP')) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the cluster HAProxy: retries', () => {
  it('a server that drops requests unanswered: GETs are answered by the other, a POST is never sent twice', async () => {
    const [dropping = 0, answering = 0] = await freePorts(2);
    const dropper = await standIn(dropping, 'drops');
    const answerer = await standIn(answering, 'answers');
    const balancer = await balancerBefore([dropping, answering]);
    await untilUp(balancer, [dropping, answering]);

    const gets = await Promise.all(Array.from({ length: 6 }, () => fetch(balancer.url).then((response) => response.status)));
    expect(gets).toEqual([200, 200, 200, 200, 200, 200]);
    expect(dropper.received.filter((method) => method === 'GET').length).toBeGreaterThan(0);

    // A POST the dropper took fails: a 502, or (on a kept-alive client connection) the connection
    // closed without an answer, as the server did, which tells the client nothing was answered.
    const posts: string[] = [];
    for (let i = 0; i < 6; i++) posts.push(await fetch(balancer.url, { method: 'POST', body: 'x' }).then((response) => (response.ok ? 'answered' : `failed ${response.status}`), () => 'failed'));
    const postsAt = (stand: StandIn) => stand.received.filter((method) => method === 'POST').length;
    // Each POST reached exactly one server: never run twice.
    expect(postsAt(dropper) + postsAt(answerer)).toBe(6);
    expect(posts.filter((outcome) => outcome.startsWith('failed'))).toHaveLength(postsAt(dropper));
    expect(postsAt(dropper)).toBeGreaterThan(0);
  });

  it('a server that is gone (connection refused): a POST is retried on the other, since none was sent', async () => {
    const [gone = 0, answering = 0] = await freePorts(2);
    const answerer = await standIn(answering, 'answers');
    const balancer = await balancerBefore([gone, answering]);
    // Right away, before the health checks have taken the gone one out.
    const posts: number[] = [];
    for (let i = 0; i < 4; i++) posts.push((await fetch(balancer.url, { method: 'POST', body: 'x' })).status);
    expect(posts).toEqual([200, 200, 200, 200]);
    expect(answerer.received).toEqual(['POST', 'POST', 'POST', 'POST']);
  });
});
