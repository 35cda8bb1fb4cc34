import { expect } from 'vitest';
import { API } from './helpers.ts';

/** Calls of a real server process (server-process.ts) as a client makes them, over HTTP. */

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A new viewer through the signup and its mailed code, read from the outbox with the admin token. */
export async function signUp(origin: string, adminToken: string, email: string, password: string): Promise<void> {
  expect((await fetch(`${origin}/authenticator/signup`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email, password }) })).status).toBe(202);
  let code: string | undefined;
  while (!code) {
    const outbox = await fetch(`${origin}/admin/outbox?to=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${adminToken}` } });
    const { messages } = (await outbox.json()) as { messages: Array<{ kind: string; text: string }> };
    code = /\b(\d{6})\b/.exec(messages.find((message) => message.kind === 'signup-code')?.text ?? '')?.[1];
  }
  const completed = await fetch(`${origin}/authenticator/signup/complete`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email, code }) });
  expect(completed.status).toBe(200);
}

/** The bearer header of a fresh login. */
export async function login(origin: string, email: string, password: string): Promise<Record<string, string>> {
  const response = await fetch(`${origin}/authenticator/authentication`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email, password }) });
  expect(response.status).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

export async function addFavourite(origin: string, viewer: Record<string, string>, id: number): Promise<void> {
  expect((await fetch(`${origin}${API}/contents/favorites/${id}`, { method: 'POST', headers: viewer })).status).toBe(200);
}

export async function removeFavourite(origin: string, viewer: Record<string, string>, id: number): Promise<void> {
  expect((await fetch(`${origin}${API}/contents/favorites/${id}`, { method: 'DELETE', headers: viewer })).status).toBe(200);
}

/** The viewer's favourites, newest first. */
export async function favourites(origin: string, viewer: Record<string, string>): Promise<number[]> {
  const response = await fetch(`${origin}${API}/contents/favorites`, { method: 'POST', headers: viewer });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: Array<{ id: number }> }).items.map((item) => item.id);
}

/** What a client reads of the catalogue: a content, a listing page, a search, by status and body. */
export async function catalogueAnswers(origin: string): Promise<Record<string, unknown>> {
  const read = async (path: string, body?: object) => {
    const response = await fetch(`${origin}${API}${path}`, body ? { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) } : {});
    return { status: response.status, body: await response.json() };
  };
  return {
    content: await read('/contents/1'),
    series: await read('/contents/3'),
    generated: await read('/contents/1300'),
    listing: await read('/v2/contents', { page: 2, pageSize: 24 }),
    search: await read('/v2/contents/search', { query: 'плёнка' }),
  };
}
