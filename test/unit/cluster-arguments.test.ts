import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseClusterArguments } from '../../scripts/cluster.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

describe('npm run cluster: its arguments', () => {
  it('2 servers by default; --servers N and --servers=N from 1 to 16', () => {
    expect(parseClusterArguments([])).toEqual({ servers: 2 });
    expect(parseClusterArguments(['--servers', '1'])).toEqual({ servers: 1 });
    expect(parseClusterArguments(['--servers=16'])).toEqual({ servers: 16 });
  });

  it.each([
    [['--servers', '0'], /--servers: must be a whole number from 1 to 16, not "0"/],
    [['--servers', '17'], /--servers: must be a whole number from 1 to 16, not "17"/],
    [['--servers', 'two'], /--servers: must be a whole number from 1 to 16, not "two"/],
    [['--servers=1.5'], /--servers: must be a whole number from 1 to 16, not "1.5"/],
    [['--servers'], /--servers needs a number/],
    [['--workers', '3'], /unknown argument: --workers/],
  ])('%j is refused, saying why and how to call it', (args, message) => {
    expect(() => parseClusterArguments(args)).toThrow(message);
    expect(() => parseClusterArguments(args)).toThrow(/usage: npm run cluster \[-- --servers N\]/);
  });

  it('the command exits 2 on a bad argument, prints nothing to stdout and starts nothing', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kino-cluster-args-'));
    try {
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/cluster.ts', '--servers', '99'], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: dataDir },
      });
      const failure = await run.then(() => undefined, (error: unknown) => error as { code: number; stdout: string; stderr: string });
      expect(failure?.code).toBe(2);
      expect(failure?.stdout).toBe('');
      expect(failure?.stderr).toMatch(/--servers: must be a whole number from 1 to 16, not "99"/);
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
