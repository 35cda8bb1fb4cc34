import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, expectNoInternals, startTestApp, type TestApp } from './helpers.ts';
import { listen, rawExchange } from './raw-http.ts';

// A real listening server under a burst of malformed traffic: it must answer each with a 4xx
// (or drop it), never a 5xx or a stack trace, and keep serving well-formed requests.
let t: TestApp;
let origin: string;
let port: number;
beforeAll(async () => {
  t = await startTestApp();
  ({ origin, port } = await listen(t.app));
});
afterAll(() => t.close());

const HOST = 'Host: 127.0.0.1\r\n';
const CLOSE = 'Connection: close\r\n';
const json = (method: string, path: string, body: string) =>
  `${method} ${path} HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${CLOSE}\r\n${body}`;

interface RawCase {
  name: string;
  bytes: string | Buffer;
  /** Sent without finishing the request: the server may answer 400 or just close. */
  truncated?: boolean;
}

const RAW_CASES: RawCase[] = [
  { name: 'garbage line', bytes: 'GARBAGE\r\n\r\n' },
  { name: 'binary (TLS hello)', bytes: Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]) },
  { name: 'HTTP/2 preface', bytes: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n' },
  { name: 'unknown method', bytes: `BREW /catalog-api/contents/1 HTTP/1.1\r\n${HOST}${CLOSE}\r\n` },
  { name: 'unknown HTTP version', bytes: `GET / HTTP/9.9\r\n${HOST}${CLOSE}\r\n` },
  { name: '20 kB URL', bytes: `GET /catalog-api/contents/1?q=${'a'.repeat(20_000)} HTTP/1.1\r\n${HOST}${CLOSE}\r\n` },
  { name: '20 kB of headers', bytes: `GET / HTTP/1.1\r\n${HOST}${Array.from({ length: 400 }, (_, i) => `X-H${i}: ${'v'.repeat(50)}\r\n`).join('')}${CLOSE}\r\n` },
  { name: 'NUL in a header value', bytes: `GET ${API}/contents/1 HTTP/1.1\r\n${HOST}X-Session-Context: a\x00b\r\n${CLOSE}\r\n` },
  { name: 'space in a header name', bytes: `GET ${API}/contents/1 HTTP/1.1\r\n${HOST}Bad Header: y\r\n${CLOSE}\r\n` },
  { name: 'non-ASCII bytes in a header', bytes: Buffer.concat([Buffer.from(`GET ${API}/contents/1 HTTP/1.1\r\n${HOST}X-A: `), Buffer.from([0xff, 0xfe, 0x7f]), Buffer.from(`\r\n${CLOSE}\r\n`)]) },
  { name: 'truncated request head', bytes: `GET ${API}/contents/1 HTTP/1.1\r\n${HOST}`, truncated: true },
  { name: 'truncated request line', bytes: `GET ${API}/cont`, truncated: true },
  { name: 'truncated JSON body', bytes: `POST ${API}/contents/1 HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`, truncated: true },
  { name: 'invalid percent-encoding in the path', bytes: `GET ${API}/contents/%zz HTTP/1.1\r\n${HOST}${CLOSE}\r\n` },
  { name: 'encoded CRLF + Set-Cookie in the path', bytes: `GET ${API}/contents/1%0d%0aSet-Cookie:%20a=b HTTP/1.1\r\n${HOST}${CLOSE}\r\n` },
  { name: 'encoded CRLF in a query value', bytes: `GET ${API}/vast.xml?creativeId=c1%0d%0aSet-Cookie:%20a=b HTTP/1.1\r\n${HOST}${CLOSE}\r\n` },
  { name: 'bare CR + Set-Cookie in a header', bytes: `GET ${API}/contents/3/available HTTP/1.1\r\n${HOST}x-viewer-country: DE\rSet-Cookie: a=b\r\n${CLOSE}\r\n` },
  { name: 'LF-only header injection', bytes: `GET ${API}/contents/3/available HTTP/1.1\r\n${HOST}x-viewer-country: DE\nSet-Cookie: a=b\r\n${CLOSE}\r\n` },
  { name: 'Content-Length with Transfer-Encoding (smuggling)', bytes: `POST ${API}/contents/1 HTTP/1.1\r\n${HOST}Content-Length: 4\r\nTransfer-Encoding: chunked\r\n${CLOSE}\r\n0\r\n\r\n` },
  { name: 'two Content-Length headers', bytes: `POST ${API}/contents/1 HTTP/1.1\r\n${HOST}Content-Length: 2\r\nContent-Length: 3\r\n${CLOSE}\r\n{}` },
  { name: 'invalid chunk size', bytes: `POST ${API}/contents/1 HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n${CLOSE}\r\nzz\r\n{}\r\n0\r\n\r\n` },
  { name: 'huge Content-Length', bytes: `POST ${API}/contents/1 HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 99999999999\r\n${CLOSE}\r\n{}`, truncated: true },
  { name: 'invalid JSON body', bytes: json('POST', `${API}/contents/1`, '{"movie_id": 1,') },
  { name: '__proto__ in a JSON body', bytes: json('POST', `${API}/contents/1`, '{"__proto__":{"polluted":true}}') },
  { name: 'constructor.prototype in a JSON body', bytes: json('PUT', `${API}/ads/track`, '{"constructor":{"prototype":{"polluted":true}}}') },
  { name: 'HTTP/1.1 without Host', bytes: `GET ${API}/contents/1 HTTP/1.1\r\n${CLOSE}\r\n` },
  { name: 'bad Range on a segment', bytes: `GET ${API}/media/films/1/v240/seg-000.ts HTTP/1.1\r\n${HOST}Range: bytes=${'9'.repeat(40)}-\r\n${CLOSE}\r\n` },
];

const BAD_IDS = ['abc', '1.5', '-1', '0', '1e3', '99999999999', '', '%00', `${'9'.repeat(150)}`];
const BAD_RANGES = ['bytes=abc', 'bytes=5-1', 'items=0-1', 'bytes=-0', `bytes=${'9'.repeat(30)}-`, 'bytes=0-1,5-6', 'bytes=0-0,'.repeat(500), 'bytes=--1'];

interface FetchCase {
  name: string;
  path: string;
  init?: RequestInit;
}

const FETCH_CASES: FetchCase[] = [
  ...BAD_IDS.flatMap((id) => [
    { name: `content ${id}`, path: `${API}/contents/${id}` },
    { name: `seasons ${id}`, path: `${API}/contents/${id}/seasons` },
    { name: `available ${id}`, path: `${API}/contents/${id}/available?domain=x` },
    { name: `episodes ${id}`, path: `${API}/episodes?content-id=${id}` },
  ]),
  { name: 'huge domain', path: `${API}/contents/1/available?domain=${'x'.repeat(12_000)}` },
  { name: 'thousands of query parameters', path: `${API}/episodes?content-id=2&${'a=1&'.repeat(3000)}` },
  { name: 'repeated content-id 1000 times', path: `${API}/episodes?${'content-id=1&'.repeat(1000)}` },
  { name: 'nested query keys', path: `${API}/episodes?content-id[a][b][c]=1` },
  ...['POST', 'PUT', 'PATCH', 'DELETE'].flatMap((method) =>
    [`${API}/contents/1`, `${API}/ads/track`, '/embed'].map((path) => ({
      name: `${method} ${path} invalid JSON`,
      path,
      init: { method, headers: { 'content-type': 'application/json' }, body: '{"a": [1, 2' },
    })),
  ),
  { name: 'JSON body of 2 MB', path: `${API}/contents/1`, init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: `"${'x'.repeat(2_000_000)}"` } },
  { name: 'unknown content type', path: `${API}/contents/1`, init: { method: 'POST', headers: { 'content-type': 'application/x-weird' }, body: 'x' } },
  ...BAD_RANGES.map((range) => ({ name: `Range ${range.slice(0, 20)}`, path: `${API}/media/films/1/v240/seg-000.ts`, init: { headers: { range } } })),
  { name: 'tracking unknown event', path: `${API}/ads/track?creativeId=c1&event=${'x'.repeat(5000)}` },
  { name: 'tracking code not a number', path: `${API}/ads/track?creativeId=c1&event=error&code=${encodeURIComponent('1; DROP TABLE ad_tracking_events')}` },
  { name: 'vast unknown creative', path: `${API}/vast.xml?creativeId=${encodeURIComponent("'; SELECT pg_sleep(10); --")}` },
  { name: 'tracking events after huge', path: `${API}/ads/tracking-events?after=${'9'.repeat(50)}` },
  { name: 'preflight for an odd header', path: `${API}/contents/1`, init: { method: 'OPTIONS', headers: { origin: 'https://x.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-evil' } } },
  { name: 'country header garbage', path: `${API}/contents/3/available`, init: { headers: { 'x-viewer-country': '\u00ff\u00fe'.repeat(100) } } },
  { name: 'traversal', path: `${API}/media/..%2f..%2fpackage.json` },
];

/** Well-formed requests sent in the middle of the burst; they must be served normally. */
const GOOD_CASES: FetchCase[] = [
  { name: 'content 1', path: `${API}/contents/1` },
  { name: 'episodes of 2', path: `${API}/episodes?content-id=2` },
  { name: 'ad list', path: `${API}/ad-list.json` },
];

interface Outcome {
  name: string;
  status: number | undefined;
  headers: string;
  body: string;
  truncated?: boolean;
}

async function viaFetch({ name, path, init }: FetchCase): Promise<Outcome> {
  const response = await fetch(`${origin}${path}`, init);
  const headers = [...response.headers].map(([key, value]) => `${key}: ${value}`).join('\r\n');
  return { name, status: response.status, headers, body: await response.text() };
}

async function viaSocket({ name, bytes, truncated }: RawCase): Promise<Outcome> {
  const response = await rawExchange(port, bytes, { halfClose: truncated ?? false });
  return { name, status: response.status, headers: response.headers, body: response.body, truncated };
}

describe('a burst of ~300 malformed requests', () => {
  let outcomes: Outcome[] = [];
  let good: Outcome[] = [];

  beforeAll(async () => {
    const rounds = [0, 1, 2, 3];
    const bad = rounds.flatMap(() => [...RAW_CASES.map(viaSocket), ...FETCH_CASES.map(viaFetch)]);
    const served = rounds.flatMap(() => GOOD_CASES.map(viaFetch));
    [outcomes, good] = await Promise.all([Promise.all(bad), Promise.all(served)]);
  });

  it('was a burst of at least 300 requests', () => {
    expect(outcomes.length).toBeGreaterThanOrEqual(300);
  });

  it('got no 5xx answer', () => {
    const failures = outcomes.filter((outcome) => outcome.status !== undefined && outcome.status >= 500);
    expect(failures.map((outcome) => `${outcome.name}: ${outcome.status}`)).toEqual([]);
  });

  it('got an answer to every complete request', () => {
    const silent = outcomes.filter((outcome) => outcome.status === undefined && !outcome.truncated);
    expect(silent.map((outcome) => outcome.name)).toEqual([]);
  });

  it('rejected every raw malformed request with a 4xx', () => {
    const raw = new Set(RAW_CASES.map((c) => c.name));
    const accepted = outcomes.filter((o) => raw.has(o.name) && o.status !== undefined && (o.status < 400 || o.status >= 500));
    expect(accepted.map((o) => `${o.name}: ${o.status}`)).toEqual([]);
  });

  it('leaked no stack trace or server path in any error', () => {
    for (const outcome of outcomes) if (outcome.status === undefined || outcome.status >= 400) expectNoInternals(outcome.body);
  });

  it('let no injected header through', () => {
    const injected = outcomes.filter((outcome) => /(^|\r\n)set-cookie:/i.test(outcome.headers));
    expect(injected.map((outcome) => outcome.name)).toEqual([]);
  });

  it('kept serving well-formed requests during the burst', () => {
    expect(good.map((outcome) => outcome.status)).toEqual(good.map(() => 200));
  });

  it('still answers GET /catalog-api/contents/1 with 200 afterwards', async () => {
    const response = await fetch(`${origin}${API}/contents/1`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: number }).id).toBe(1);
  });

  it('still serves byte ranges afterwards', async () => {
    const response = await fetch(`${origin}${API}/media/films/1/v240/seg-000.ts`, { headers: { range: 'bytes=0-99' } });
    expect(response.status).toBe(206);
    expect((await response.arrayBuffer()).byteLength).toBe(100);
  });

  it('let no JSON body pollute Object.prototype', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
