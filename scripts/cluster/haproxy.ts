/**
 * HAProxy in front of the local cluster's servers: haproxy.cfg generated into <cluster>/haproxy,
 * a stats socket there for the balancer's view of the servers.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { ENGINE_START_TIMEOUT_MS, ENGINE_STOP_TIMEOUT_MS, type EngineContext, type RunningEngine } from './engine.ts';
import { runToEnd, startProcess, stopLeftover, waitUntilReady } from './processes.ts';

const SCRIPTS = path.resolve(import.meta.dirname, '..');
const BACKEND = 'servers';

export interface RunningBalancer extends RunningEngine {
  /** HAProxy's view of each server: UP, DOWN, (for a moment) "UP 1/2"…, MAINT. */
  state(): Promise<{ port: number; status: string }[]>;
}

export async function startHaproxy({ dir, log }: EngineContext, frontendPort: number, serverPorts: number[]): Promise<RunningBalancer> {
  await promisify(execFile)('bash', [path.join(SCRIPTS, 'ensure-haproxy.sh')]);
  await mkdir(dir, { recursive: true });
  await stopLeftover(path.join(dir, 'haproxy.pid'), /haproxy/, 'SIGTERM', log);
  const socket = path.join(dir, 'admin.sock');
  const configFile = path.join(dir, 'haproxy.cfg');
  await writeFile(configFile, haproxyConfig(frontendPort, serverPorts, socket));
  // A configuration HAProxy refuses fails here with its reasons rather than as an early exit.
  await runToEnd('haproxy', ['-c', '-q', '-f', configFile]);
  const child = startProcess({
    name: 'haproxy',
    command: 'haproxy',
    args: ['-db', '-f', configFile],
    logFile: path.join(dir, 'haproxy.log'),
    pidFile: path.join(dir, 'haproxy.pid'),
  });
  const state = async () => {
    const rows = parseStat(await statsCommand(socket, 'show stat'));
    return serverPorts.map((port, index) => ({ port, status: rows.get(serverName(index)) ?? 'unknown' }));
  };
  await waitUntilReady(child, 'answering on its stats socket', () => state().then(() => true), ENGINE_START_TIMEOUT_MS);
  return {
    url: `http://127.0.0.1:${frontendPort}`,
    process: child,
    state,
    // SIGUSR1 would wait for every client's connection to end; the servers have drained by then.
    stop: () => child.stop('SIGTERM', ENGINE_STOP_TIMEOUT_MS),
  };
}

const serverName = (index: number) => `server${index}`;

/**
 * - roundrobin rather than leastconn: requests here are short and alike (catalogue reads, media
 *   ranges), so turns spread them evenly, and a restarted server gets its share at once instead
 *   of the whole backlog leastconn would send to the emptiest one.
 * - Health: GET /readyz every second; 2 failures take a server out, 1 success puts it back. A
 *   server told to stop answers 503 there at once and goes on serving for a grace
 *   (DRAIN_GRACE_MS) longer than those 2 checks, so no request is sent to a closed listener.
 * - Retries: a connection refused (a server that died) is retried on another server for every
 *   request: nothing was sent. A server that closed the connection without an answer, or did not
 *   answer in time, may have done the work: HAProxy 2.6 would send the request again whatever its
 *   method, so only safe methods (GET, HEAD, OPTIONS) keep those retries; a POST is never replayed.
 * - X-Forwarded-For: HAProxy replaces whatever a client sent with the address it saw, and the
 *   servers believe it from loopback only (TRUSTED_PROXIES), so limits count by the real client
 *   rather than by HAProxy's address.
 */
export function haproxyConfig(frontendPort: number, serverPorts: number[], statsSocket: string): string {
  const servers = serverPorts.map((port, index) => `  server ${serverName(index)} 127.0.0.1:${port} check inter 1s fall 2 rise 1`);
  return `global
  maxconn 4096
  stats socket ${statsSocket} mode 600 level admin
  log stderr format short local0 notice

defaults
  mode http
  log global
  option httplog
  option dontlognull
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 30s
  timeout http-keep-alive 10s
  timeout queue 10s

frontend front
  bind 127.0.0.1:${frontendPort}
  # HAProxy is the edge here: an X-Forwarded-For a client wrote is dropped, so the one the
  # servers believe holds only the address HAProxy saw.
  http-request del-header X-Forwarded-For
  option forwardfor
  default_backend ${BACKEND}

backend ${BACKEND}
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  retries 2
  retry-on conn-failure empty-response response-timeout
  http-request disable-l7-retry unless { method GET HEAD OPTIONS }
  option redispatch 1
  # Which server answered: for the operator's curl -i and the cluster's tests.
  http-response set-header X-Served-By %[srv_name]
${servers.join('\n')}
`;
}

async function statsCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let answer = '';
    socket.setTimeout(2_000, () => socket.destroy(new Error('stats socket: no answer')));
    socket.on('connect', () => socket.write(`${command}\n`));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('end', () => resolve(answer));
  });
}

/** `show stat` CSV: server name → status, for the servers' backend. */
function parseStat(csv: string): Map<string, string> {
  const [header = '', ...lines] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const [px, sv, status] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
  if (px === undefined || sv === undefined || status === undefined || status < 0) throw new Error(`stats socket: unexpected answer: ${header}`);
  const result = new Map<string, string>();
  for (const line of lines) {
    const cells = line.split(',');
    if (cells[px] === BACKEND && cells[sv] !== 'BACKEND') result.set(cells[sv] ?? '', cells[status] ?? '');
  }
  return result;
}
