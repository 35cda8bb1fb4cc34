import type { Method } from './ledger.ts';

/** A call that takes longer is a failure: a stuck connection must not hold a client for the run. */
const CALL_TIMEOUT_MS = 15_000;

export interface Answer {
  /** 0 when no answer came. */
  status: number;
  text: string;
  /** HAProxy's X-Served-By: the server that answered (server0, server1…); absent without HAProxy or an answer. */
  servedBy?: string;
  /** Set when no answer came: the connection error's code, or the timeout. */
  error?: string;
}

/** The code of the socket error under fetch's "fetch failed" (ECONNRESET, UND_ERR_SOCKET…). */
function errorCode(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
    const cause: unknown = error.cause;
    if (cause instanceof Error) {
      const code = (cause as Error & { code?: unknown }).code;
      return typeof code === 'string' ? code : cause.message;
    }
    return error.message;
  }
  return String(error);
}

/**
 * One call with Node's fetch (keep-alive connections, reused between calls of one process). The
 * body is read whole: a call is over when its last byte came, as for a browser.
 */
export async function call(method: Method, url: string, options: { json?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const servedBy = response.headers.get('x-served-by') ?? undefined;
    return { status: response.status, text: await response.text(), ...(servedBy ? { servedBy } : {}) };
  } catch (error) {
    return { status: 0, text: '', error: errorCode(error) };
  }
}

/** The answer's JSON, or an error naming the call when it is not a 2xx. */
export async function expectJson(method: Method, url: string, options: { json?: unknown; headers?: Record<string, string> } = {}): Promise<unknown> {
  const answer = await call(method, url, options);
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${method} ${url}: ${answer.error ?? `HTTP ${answer.status}`} ${answer.text.slice(0, 300)}`);
  }
  return answer.text === '' ? undefined : (JSON.parse(answer.text) as unknown);
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });
