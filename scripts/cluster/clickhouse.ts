/**
 * ClickHouse of the local cluster (Debian's clickhouse-server): a minimal config.xml and
 * users.xml written into <cluster>/clickhouse at every start (the ports change), its data in
 * data/, kept between runs; the database kino created when missing.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ENGINE_START_TIMEOUT_MS, ENGINE_STOP_TIMEOUT_MS, type EngineContext, type RunningEngine } from './engine.ts';
import { startProcess, stopLeftover, waitUntilReady } from './processes.ts';

const SCRIPTS = path.resolve(import.meta.dirname, '..');

export interface ClickHousePorts {
  http: number;
  tcp: number;
  interserver: number;
}

export async function startClickHouse({ dir, log }: EngineContext, ports: ClickHousePorts): Promise<RunningEngine> {
  await promisify(execFile)('bash', [path.join(SCRIPTS, 'ensure-clickhouse.sh')]);
  for (const sub of ['data', 'tmp', 'user_files', 'format_schemas', 'log']) await mkdir(path.join(dir, sub), { recursive: true });
  await stopLeftover(path.join(dir, 'clickhouse.pid'), /clickhouse/, 'SIGTERM', log);
  const configFile = path.join(dir, 'config.xml');
  await writeFile(configFile, configXml(dir, ports));
  await writeFile(path.join(dir, 'users.xml'), USERS_XML);
  const child = startProcess({
    name: 'clickhouse',
    command: 'clickhouse-server',
    args: [`--config-file=${configFile}`],
    logFile: path.join(dir, 'clickhouse.log'),
    pidFile: path.join(dir, 'clickhouse.pid'),
    cwd: dir,
  });
  const base = `http://127.0.0.1:${ports.http}`;
  await waitUntilReady(child, 'answering /ping', async () => (await fetch(`${base}/ping`)).ok, ENGINE_START_TIMEOUT_MS);
  const created = await fetch(base, { method: 'POST', body: 'CREATE DATABASE IF NOT EXISTS kino' });
  if (!created.ok) throw new Error(`clickhouse: CREATE DATABASE kino: ${created.status} ${await created.text()}`);
  return {
    url: `${base}/kino`,
    process: child,
    stop: () => child.stop('SIGTERM', ENGINE_STOP_TIMEOUT_MS),
  };
}

function configXml(dir: string, ports: ClickHousePorts): string {
  const at = (sub: string) => `${path.join(dir, sub)}/`;
  return `<?xml version="1.0"?>
<yandex>
  <logger>
    <level>warning</level>
    <log>${path.join(dir, 'log', 'clickhouse-server.log')}</log>
    <errorlog>${path.join(dir, 'log', 'clickhouse-server.err.log')}</errorlog>
    <size>10M</size>
    <count>2</count>
  </logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>${ports.http}</http_port>
  <tcp_port>${ports.tcp}</tcp_port>
  <interserver_http_port>${ports.interserver}</interserver_http_port>
  <interserver_http_host>127.0.0.1</interserver_http_host>
  <path>${at('data')}</path>
  <tmp_path>${at('tmp')}</tmp_path>
  <user_files_path>${at('user_files')}</user_files_path>
  <format_schema_path>${at('format_schemas')}</format_schema_path>
  <users_config>users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <mark_cache_size>268435456</mark_cache_size>
  <uncompressed_cache_size>268435456</uncompressed_cache_size>
  <max_concurrent_queries>100</max_concurrent_queries>
</yandex>
`;
}

// One user, no password, reachable from loopback only (it listens there only anyway).
const USERS_XML = `<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>2000000000</max_memory_usage></default></profiles>
  <users>
    <default>
      <password></password>
      <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
    </default>
  </users>
  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
`;
