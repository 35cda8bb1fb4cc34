import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

/**
 * C0 controls and DEL. No parameter of ours is meant to hold one, PostgreSQL's text refuses
 * NUL outright (a 500 where a 400 belongs), and CR/LF in a value echoed into a header or a log
 * line is an injection. Header values may carry a tab (RFC 9110 §5.5); nothing else below space.
 */
const TAB = 0x09;
type Allowance = 'none' | 'tab';

function hasControlCharacter(text: string, allowed: Allowance): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 || code === 0x7f) && !(allowed === 'tab' && code === TAB)) return true;
  }
  return false;
}

/**
 * Refuses, with a 400 naming the parameter, any request whose path parameters, query values or
 * header values hold a control character, before any route sees it: no route can forget.
 * Node's HTTP parser already refuses most of them in headers; this also covers what it lets
 * through and what arrives percent-encoded in the path and the query.
 */
export function refuseControlCharacters(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const found = controlCharacterIn(request);
    if (found) throw new HttpError(400, `${found} must not contain control characters`);
  });
}

function controlCharacterIn(request: FastifyRequest): string | undefined {
  for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
    if (hasControl(value, 'none')) return name === '*' ? 'the path' : `path parameter ${name}`;
  }
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (hasControlCharacter(name, 'none') || hasControl(value, 'none')) return `query parameter ${JSON.stringify(name.slice(0, 40))}`;
  }
  for (const [name, value] of Object.entries(request.headers)) {
    if (hasControl(value, 'tab')) return `header ${name}`;
  }
  return undefined;
}

/** Strings, and the arrays a repeated query key or header becomes. */
function hasControl(value: unknown, allowed: Allowance): boolean {
  if (typeof value === 'string') return hasControlCharacter(value, allowed);
  if (Array.isArray(value)) return value.some((item) => hasControl(item, allowed));
  return false;
}
