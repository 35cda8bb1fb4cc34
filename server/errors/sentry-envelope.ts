/**
 * Sentry's envelope format (develop.sentry.dev/sdk/data-model/envelopes): a JSON header line,
 * then items, each a JSON header line and a payload — `length` bytes when the header gives a
 * length (replay recordings are binary), else up to the next newline.
 */

export interface EnvelopeItem {
  header: Record<string, unknown> & { type: string };
  payload: Buffer;
}

export interface Envelope {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

export class EnvelopeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvelopeError';
  }
}

const NEWLINE = 0x0a;

/** Parses an envelope; throws EnvelopeError saying what is wrong with it. */
export function parseEnvelope(body: Buffer): Envelope {
  let offset = 0;
  const line = (): Buffer => {
    const end = body.indexOf(NEWLINE, offset);
    const slice = body.subarray(offset, end === -1 ? body.length : end);
    offset = end === -1 ? body.length : end + 1;
    return slice;
  };
  const header = jsonObject(line(), 'envelope header');
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const headerLine = line();
    // A trailing newline after the last payload is allowed.
    if (headerLine.length === 0 && offset >= body.length) break;
    const itemHeader = jsonObject(headerLine, `item ${items.length} header`);
    if (typeof itemHeader.type !== 'string' || itemHeader.type === '') throw new EnvelopeError(`item ${items.length} has no type`);
    const { length } = itemHeader;
    let payload: Buffer;
    if (length === undefined) {
      payload = line();
    } else {
      if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || offset + length > body.length) {
        throw new EnvelopeError(`item ${items.length} has a bad length`);
      }
      payload = body.subarray(offset, offset + length);
      offset += length;
      if (body[offset] === NEWLINE) offset += 1;
    }
    items.push({ header: { ...itemHeader, type: itemHeader.type }, payload });
  }
  return { header, items };
}

function jsonObject(text: Buffer, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text.toString('utf8'));
  } catch {
    throw new EnvelopeError(`${what} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new EnvelopeError(`${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

/** A DSN's parts: who it belongs to, and the one Sentry host an envelope for it may go to. */
export interface Dsn {
  /** The DSN as written, without its trailing slash. */
  text: string;
  /** scheme://host[:port], the Sentry host. */
  origin: string;
  publicKey: string;
  projectId: string;
  /** Where Sentry takes envelopes for this project: {origin}{path}/api/{project}/envelope/. */
  envelopeUrl: string;
}

/** Parses `scheme://public_key@host[:port]/[path/]project_id`; undefined when it is not one. */
export function parseDsn(text: string): Dsn | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const match = /^(.*)\/(\d+)\/?$/.exec(url.pathname);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.username || url.password || !match || url.search || url.hash) return undefined;
  const path = match[1] ?? '';
  const projectId = match[2] ?? '';
  return {
    text: `${url.protocol}//${url.username}@${url.host}${path}/${projectId}`,
    origin: url.origin,
    publicKey: url.username,
    projectId,
    envelopeUrl: `${url.origin}${path}/api/${projectId}/envelope/`,
  };
}
