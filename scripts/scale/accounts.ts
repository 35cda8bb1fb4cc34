import { z } from 'zod';
import { bearer, expectJson } from './http.ts';

const AUTH = '/authenticator';
const sessionSchema = z.object({ accessToken: z.string(), user: z.object({ id: z.number().int() }) });
const outboxSchema = z.object({ messages: z.array(z.object({ kind: z.string(), text: z.string() })) });

export interface Viewer {
  userId: number;
  email: string;
  token: string;
}

/** The administrator's access token: blocking an account takes an administrator's session. */
export async function adminLogin(base: string, email: string, password: string): Promise<string> {
  return sessionSchema.parse(await expectJson('POST', `${base}${AUTH}/authentication`, { json: { email, password } })).accessToken;
}

/** The signup code mailed to `email`, read from the outbox (written just after the answer). */
async function signupCode(base: string, adminToken: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { messages } = outboxSchema.parse(await expectJson('GET', `${base}/admin/outbox?to=${encodeURIComponent(email)}`, { headers: bearer(adminToken) }));
    const code = messages.filter((message) => message.kind === 'signup-code').map((message) => /\b(\d{6})\b/.exec(message.text)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no signup code was mailed to ${email}`);
}

/** A new active viewer through the service's own signup: the code from the outbox, then the session. */
export async function newViewer(base: string, adminToken: string, email: string): Promise<Viewer> {
  const password = 'scale-test-password-1';
  await expectJson('POST', `${base}${AUTH}/signup`, { json: { email, password } });
  const code = await signupCode(base, adminToken, email);
  const session = sessionSchema.parse(await expectJson('POST', `${base}${AUTH}/signup/complete`, { json: { email, code } }));
  return { userId: session.user.id, email, token: session.accessToken };
}

/** `count` viewers, a few at a time (each costs a password hash on the server). */
export async function newViewers(base: string, adminToken: string, count: number, run: string): Promise<Viewer[]> {
  const viewers: Viewer[] = [];
  for (let first = 0; first < count; first += 4) {
    const group = Array.from({ length: Math.min(4, count - first) }, (_, index) => newViewer(base, adminToken, `scale-${run}-${first + index}@scale.example`));
    viewers.push(...(await Promise.all(group)));
  }
  return viewers;
}

/** Blocks the account: its sessions end on every server. */
export async function blockViewer(base: string, adminAccessToken: string, userId: number): Promise<void> {
  await expectJson('POST', `${base}${AUTH}/administration/block-user/${userId}`, { headers: bearer(adminAccessToken) });
}
