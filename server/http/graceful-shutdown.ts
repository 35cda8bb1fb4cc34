import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Time kept back from the deadline for closing the database after the connections: the embedded
 * one writes a checkpoint as it closes.
 */
const CLOSE_RESERVE_MS = 1_000;

export interface ShutdownOptions {
  app: FastifyInstance;
  /** Closes what outlives the listener: the database, then its lock. */
  closeResources: () => Promise<void>;
  /** The whole shutdown's deadline. */
  timeoutMs: number;
  /** Where the lines saying what happened go. */
  log: (line: string) => void;
  /** Told first: from then on /readyz answers 503. */
  closing?: ClosingState;
  /** Milliseconds still served after that, before the listener closes (DRAIN_GRACE_MS); within timeoutMs. */
  graceMs?: number;
}

/** Whether the server has been told to stop; /readyz reads it (server/http/health-routes.ts). */
export interface ClosingState {
  readonly started: boolean;
  start(): void;
}

export function closingState(): ClosingState {
  let started = false;
  return {
    get started() {
      return started;
    },
    start() {
      started = true;
    },
  };
}

/** What the listener has open: sockets and requests not yet answered. */
export interface OpenWork {
  connections(): number;
  requests(): number;
  /** From now on, a connection whose response is done is closed rather than kept alive. */
  endKeepAlive(): void;
}

export function trackOpenWork(server: Server): OpenWork {
  const sockets = new Set<Socket>();
  const responses = new Set<ServerResponse>();
  let ending = false;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (_request, response: ServerResponse) => {
    responses.add(response);
    response.once('close', () => responses.delete(response));
    // Without this a finished keep-alive connection would idle until keepAliveTimeout.
    response.once('finish', () => {
      if (ending) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    connections: () => sockets.size,
    requests: () => responses.size,
    endKeepAlive() {
      ending = true;
      server.closeIdleConnections();
    },
  };
}

/**
 * Says it is not ready and, for the grace, goes on serving (a load balancer checking /readyz
 * takes the server out meanwhile, so nothing is sent to a closed listener); then stops
 * accepting, lets the requests in flight finish, then cuts whatever is still open (a
 * client that stalled mid-request never finishes by itself), closes the database and returns
 * within the deadline. The process exits after it; the caller keeps a hard deadline as well.
 */
export async function drainAndClose(reason: string, work: OpenWork, options: ShutdownOptions): Promise<void> {
  const started = Date.now();
  const { app, log, graceMs = 0 } = options;
  options.closing?.start();
  if (graceMs > 0) {
    log(`${reason}: not ready; serving ${graceMs} ms more so the load balancer takes this server out`);
    await delay(graceMs);
  }
  const timeoutMs = options.timeoutMs - graceMs;
  log(`${reason}: shutting down within ${timeoutMs} ms: no new connections; ${work.requests()} requests in flight, ${work.connections()} connections open`);
  const closing = app.close();
  work.endKeepAlive();
  const cutAfterMs = Math.max(timeoutMs - CLOSE_RESERVE_MS, Math.floor(timeoutMs / 2));
  let timer: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    closing.then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), cutAfterMs);
    }),
  ]);
  clearTimeout(timer);
  let outcome = `all requests finished in ${Date.now() - started} ms`;
  if (!drained) {
    outcome = `cut ${work.connections()} connections still open after ${cutAfterMs} ms (${work.requests()} requests unanswered)`;
    app.server.closeAllConnections();
    await closing;
  }
  await options.closeResources();
  log(`${reason}: ${outcome}; database closed; stopped after ${Date.now() - started} ms`);
}
