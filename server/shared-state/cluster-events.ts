import { z } from 'zod';

/**
 * What one server process tells every other process of the deployment at once (Redis pub/sub):
 * state each keeps in its own memory that must change everywhere together.
 */
export const clusterEventSchema = z.discriminatedUnion('type', [
  /** The operator (or a write) emptied one of the caches of /catalog-api/caches. */
  z.strictObject({ type: z.literal('cache-cleared'), name: z.string().min(1).max(64) }),
  /** Sessions were ended (logout, block, password change, token reuse): refuse them now. */
  z.strictObject({ type: z.literal('sessions-ended'), sessionIds: z.array(z.string().min(1).max(200)).max(100_000) }),
]);

export type ClusterEvent = z.infer<typeof clusterEventSchema>;

/** On the wire: the event and the process that sent it, which ignores its own. */
const envelopeSchema = z.strictObject({ from: z.string().min(1).max(64), event: clusterEventSchema });

export function encodeClusterEvent(from: string, event: ClusterEvent): string {
  return JSON.stringify({ from, event });
}

/** The event in a message, or undefined for anything else (another version's event, noise). */
export function decodeClusterEvent(message: string): { from: string; event: ClusterEvent } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return undefined;
  }
  const result = envelopeSchema.safeParse(parsed);
  return result.success ? result.data : undefined;
}
