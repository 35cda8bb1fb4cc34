import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';

/** What one rotation handed out: given again, unchanged, for the same spent token inside the grace. */
export const successorSchema = z.strictObject({
  refreshToken: z.string(),
  refreshExpiresAt: z.number(),
  accessToken: z.string(),
  accessExpiresAt: z.number(),
});
export type Successor = z.infer<typeof successorSchema>;

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The key comes from the spent refresh token itself (256 random bits), which the table never
 * holds (only its hash): whoever reads the table cannot open a successor; whoever presents the
 * spent token could have rotated it anyway.
 */
function keyOf(spentToken: string): Buffer {
  return Buffer.from(hkdfSync('sha256', spentToken, '', 'kino refresh-token successor', 32));
}

export function sealSuccessor(spentToken: string, successor: Successor): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(spentToken), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(successor), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The successor, or undefined when the seal is missing or does not open with this token. */
export function openSuccessor(spentToken: string, sealedText: string | null): Successor | undefined {
  if (!sealedText) return undefined;
  const bytes = Buffer.from(sealedText, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(spentToken), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    const parsed = successorSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
