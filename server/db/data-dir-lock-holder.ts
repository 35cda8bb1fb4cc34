import { readFileSync, readlinkSync } from 'node:fs';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';

/** Who holds a data directory's lock: what a refused server prints, and what tells a dead holder on this machine. */
export interface LockHolder {
  host: string;
  /** The pid in the holder's own PID namespace. */
  pid: number;
  /** ISO time the holder took the lock. */
  startedAt: string;
  /** This boot of this kernel, and the holder's PID namespace: a pid means something only where both match. */
  bootId: string;
  pidNamespace: string;
}

function readOrEmpty(read: () => string): string {
  try {
    return read().trim();
  } catch {
    return ''; // not Linux, or /proc hidden: no fast path, the lease alone decides
  }
}

export function thisProcess(): LockHolder {
  return {
    host: hostname(),
    pid: process.pid,
    startedAt: new Date().toISOString(),
    bootId: readOrEmpty(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
    pidNamespace: readOrEmpty(() => readlinkSync('/proc/self/ns/pid')),
  };
}

/** The holder's pid can be checked from here: same host, same boot, same PID namespace. */
export function sharesOurPids(holder: LockHolder): boolean {
  const us = thisProcess();
  return us.bootId !== '' && us.pidNamespace !== '' && holder.host === us.host && holder.bootId === us.bootId && holder.pidNamespace === us.pidNamespace;
}

/** Signal 0 checks without signalling: ESRCH means no such process, EPERM one we may not signal. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function describeHolder(holder: LockHolder | undefined): string {
  return holder ? `pid ${holder.pid} on ${holder.host}, started ${holder.startedAt}` : 'a server whose details could not be read';
}

export async function readHolder(file: string): Promise<LockHolder | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return isHolder(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function isHolder(value: unknown): value is LockHolder {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.pid === 'number' && ['host', 'startedAt', 'bootId', 'pidNamespace'].every((key) => typeof record[key] === 'string');
}

/** Written whole or not at all (a reader never sees half of it). */
export async function writeHolder(file: string, holder: LockHolder): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(holder)}\n`, { mode: 0o640 });
  await rename(temporary, file);
}

export async function removeHolder(file: string): Promise<void> {
  await unlink(file).catch(() => undefined);
}
