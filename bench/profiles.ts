/**
 * Network and CPU profiles. The network side is shaped below the browser by bench/throttle-proxy.ts
 * (one link shared by every origin of a run), so the page, its iframe and their workers all get
 * the same round trip and bandwidth; the CPU side is DevTools' CPU throttling of the page, and
 * for phone-1core also the whole browser pinned to one core, which slows workers too.
 */
import type { BenchProfile } from './report/results.ts';
import type { LinkProfile } from './throttle-proxy.ts';

export interface Profile extends BenchProfile {
  link: LinkProfile;
  /**
   * CPUs the whole browser is pinned to (taskset -c), so its workers and GPU/network processes
   * share them with the page. Such a profile gets a browser launch of its own.
   */
  cpus?: string;
  /** At most this many runs, whatever --runs says: one run keeps the full bench within its time. */
  maxRuns?: number;
}

const UNSHAPED: LinkProfile = { rttMs: 0, downBps: Number.POSITIVE_INFINITY, upBps: Number.POSITIVE_INFINITY };

export const PROFILES: readonly Profile[] = [
  { id: 'fast', label: 'fast (no throttling)', rttMs: 0, downKbps: null, cpuSlowdown: 1, link: UNSHAPED },
  {
    id: 'mobile-4g', label: 'mobile-4g (CPU 4× slower, 150 ms, 4 Mbit/s)', rttMs: 150, downKbps: 4000, cpuSlowdown: 4,
    link: { rttMs: 150, downBps: 4_000_000, upBps: 1_000_000 },
  },
  {
    id: 'mobile-3g', label: 'mobile-3g (CPU 6× slower, 300 ms, 1.6 Mbit/s)', rttMs: 300, downKbps: 1600, cpuSlowdown: 6,
    link: { rttMs: 300, downBps: 1_600_000, upBps: 750_000 },
  },
  {
    // The 4G phone again, with a browser that has one core for everything: its workers (ours,
    // hls.js's transmuxer) compete with the page as on a cheap phone, which throttling alone misses.
    id: 'phone-1core', label: 'phone-1core (browser on 1 core, page CPU 4× slower, 150 ms, 4 Mbit/s)', rttMs: 150, downKbps: 4000, cpuSlowdown: 4,
    link: { rttMs: 150, downBps: 4_000_000, upBps: 1_000_000 }, cpus: '0', maxRuns: 1,
  },
];

export function profileById(id: string): Profile {
  const profile = PROFILES.find((candidate) => candidate.id === id);
  if (!profile) throw new Error(`unknown profile "${id}"; known: ${PROFILES.map((p) => p.id).join(', ')}`);
  return profile;
}
