import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended parameter set (Password Storage Cheat Sheet):
 * 19 MiB of memory, 2 passes, 1 lane. Hashing runs on libuv's thread pool, not the event loop.
 */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A stored hash that is not argon2 (or is damaged) verifies nothing rather than throwing. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification and answers false: a login for an address with no
 * account must take as long as one with a wrong password, or the timing tells which exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('a password no account has, hashed once per process');
  await verifyPassword(await dummyHash, password);
  return false;
}
