import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { billingSignature } from '../../server/auth/billing-signature.ts';
import { apiErrorSchema } from '../../src/contract/schemas/schema.ts';
import { ADMIN_TOKEN, FIRST_ADMIN, login, newViewer, startAuthApp } from './auth-helpers.ts';
import { answerProblems, DocumentSchemas } from './conformance/answer-check.ts';
import { injectOptions, invalidCalls, validCalls, type Call, type Operation } from './conformance/operation-requests.ts';

/**
 * The server against its own /openapi.json: for every operation, calls generated from the
 * document's schemas (fitting ones and ones with one part wrong) are sent, and every answer must
 * have a documented status, the documented content type and a body that fits the documented
 * schema; no call may get a 5xx, a fitting call is never refused as bad input, and a wrong one
 * always is. Operations behind a session are called without credentials, with a viewer's, and
 * with an administrator's, obtained through the real routes.
 *
 * Bounded and repeatable: a fixed seed (CONFORMANCE_SEED to change it; a failure prints the one
 * it ran with) and CONFORMANCE_RUNS calls of each kind per operation.
 */
const SEED = Number(process.env.CONFORMANCE_SEED ?? 20_260_601);
const RUNS = Number(process.env.CONFORMANCE_RUNS ?? 8);
const ANONYMOUS_RUNS = Math.max(1, Math.ceil(RUNS / 3));
const BILLING_SECRET = 'conformance-billing-secret-0123456789';

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}

// A built host SDK, so /catalog-api/lib.js answers as in production rather than 503 (not built).
const sdkDir = await mkdtemp(path.join(tmpdir(), 'conformance-sdk-'));
await writeFile(path.join(sdkDir, 'lib.js'), '(()=>{window.KinoPlayer={};})();\n');
const t = await startAuthApp({ billingWebhookSecret: BILLING_SECRET }, { sdkDir });
afterAll(async () => {
  await t.close();
  await rm(sdkDir, { recursive: true, force: true });
});
const document = JSON.parse((await t.app.inject('/openapi.json')).body) as Document;
const schemas = new DocumentSchemas(document);
const viewer = (await newViewer(t)).session.accessToken;
const administrator = (await login(t, FIRST_ADMIN.email, FIRST_ADMIN.password)).accessToken;
let requestsSent = 0;

interface Target {
  method: string;
  path: string;
  operation: Operation;
}
/** Blocking a user could block the callers' own accounts: it runs last. */
const runsLast = (target: Target) => (target.path.includes('block-user') ? 1 : 0);
const targets: Target[] = Object.entries(document.paths)
  .flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ method, path, operation })))
  .sort((a, b) => runsLast(a) - runsLast(b));

/** A stable seed per operation: one operation's run does not depend on which others ran first. */
function seedOf(operationId: string): number {
  let hash = SEED | 0;
  for (const char of operationId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

type Caller = 'anonymous' | 'viewer' | 'administrator';
const schemeNames = (operation: Operation) => new Set((operation.security ?? []).flatMap((requirement) => Object.keys(requirement)));

/** Whom the operation is for: the caller whose calls must be served (a signed call stands as a viewer's). */
function entitled(operation: Operation): Caller {
  const schemes = schemeNames(operation);
  if (schemes.has('billingSignature')) return 'viewer';
  if (!schemes.has('bearerAuth')) return 'anonymous';
  return operation['x-admin'] ? 'administrator' : 'viewer';
}

/** `{}` among the requirements: the session is optional (it only adds to what is answered). */
const sessionOptional = (operation: Operation) => (operation.security ?? []).some((requirement) => Object.keys(requirement).length === 0);

function credentials(operation: Operation, caller: Caller, call: Call): Record<string, string> {
  if (schemeNames(operation).has('billingSignature') && caller !== 'anonymous') {
    const body = call.body ? JSON.stringify(call.body.value) : '';
    return { 'x-billing-signature': billingSignature(BILLING_SECRET, body, Math.floor(Date.now() / 1000)) };
  }
  if (caller === 'viewer') return { authorization: `Bearer ${viewer}` };
  if (caller === 'administrator') return { authorization: `Bearer ${administrator}` };
  return {};
}

async function send(target: Target, call: Call, caller: Caller): Promise<{ request: InjectOptions; response: LightMyRequestResponse }> {
  const request = injectOptions(target.method, target.path, call, credentials(target.operation, caller, call));
  requestsSent += 1;
  return { request, response: await t.app.inject(request) };
}

function report(request: InjectOptions, response: LightMyRequestResponse, problems: string[]): string {
  const body = typeof request.payload === 'string' ? ` body ${request.payload.slice(0, 300)}` : '';
  return `${problems.join('; ')}\n  sent ${request.method} ${request.url}${body} (accept ${String(request.headers?.accept)})\n  got ${response.statusCode} ${String(response.headers['content-type'])}: ${response.body.slice(0, 300)}`;
}

async function check(target: Target, call: Call, caller: Caller, expectation: (status: number) => string | undefined): Promise<void> {
  const { request, response } = await send(target, call, caller);
  const problems = answerProblems(target.operation, response, schemas);
  const unexpected = expectation(response.statusCode);
  if (unexpected) problems.push(unexpected);
  if (problems.length > 0) throw new Error(report(request, response, problems));
}

const assertOptions = (operationId: string, numRuns: number) => ({ seed: seedOf(operationId), numRuns, endOnFailure: true });

describe(`every operation of /openapi.json answers as documented (seed ${SEED}, ${RUNS} calls of each kind)`, () => {
  it('has operations to check', () => {
    expect(targets.length).toBeGreaterThan(100);
  });

  for (const target of targets) {
    const { method, path, operation } = target;
    it(`${method.toUpperCase()} ${path}`, { timeout: 120_000 }, async () => {
      const who = entitled(operation);
      const valid = validCalls(operation, schemas.resolve);
      // Unless the document says a well-formed call may be refused (a wrong current password).
      const mayRefuse = Boolean(operation['x-refuses-well-formed']);
      await fc.assert(fc.asyncProperty(valid, (call) => check(target, call, who, (status) =>
        (status === 400 && !mayRefuse ? 'a call that fits the document was refused as bad input' : undefined))), assertOptions(operation.operationId, RUNS));

      const invalid = invalidCalls(operation, schemas.resolve, schemas.fits);
      if (invalid) {
        // A signature covers the body: a call without a body is unsigned, refused before it is read.
        // A body made too large (too many items) may meet the body limit first.
        const refusals = [400, 413, 414, ...(schemeNames(operation).has('billingSignature') ? [401] : [])];
        await fc.assert(fc.asyncProperty(invalid, (call) => check(target, call, who, (status) =>
          (refusals.includes(status) ? undefined : `a call with a wrong part answered ${status}, not 400`))), assertOptions(`${operation.operationId}-invalid`, RUNS));
      }

      // Callers short of the operation's rights: documented answers, never a success.
      const lesser: Caller[] = who === 'administrator' ? ['anonymous', 'viewer'] : who === 'viewer' ? ['anonymous'] : [];
      for (const caller of lesser) {
        // A viewer's operation needs the session unless the document says it is optional.
        const mustBeRefused = who === 'administrator' || !sessionOptional(operation);
        await fc.assert(fc.asyncProperty(valid, (call) => check(target, call, caller, (status) =>
          (mustBeRefused && status < 300 ? `${caller} was served (${status})` : undefined))), assertOptions(`${operation.operationId}-${caller}`, ANONYMOUS_RUNS));
      }
    });
  }

  it('reports its figures', () => {
    console.info(`openapi conformance: ${targets.length} operations, ${requestsSent} requests, seed ${SEED}`);
    expect(requestsSent).toBeGreaterThan(targets.length);
  });
});

/** Whether a concrete path is one of a template's addresses (`{name}` one segment, a final `{path}` the rest). */
function templateMatches(template: string, url: string): boolean {
  const pattern = template.split(/(\{\w+\})/).map((part, index, parts) => {
    if (!/^\{\w+\}$/.test(part)) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return part === '{path}' && index === parts.length - 2 ? '.+' : '[^/]+';
  }).join('');
  return new RegExp(`^${pattern}$`).test(url);
}

/** Methods a client may try; OPTIONS is the CORS preflight's, answered for any address. */
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

describe('a documented address with a method it does not have', () => {
  for (const [path, operations] of Object.entries(document.paths)) {
    // Any other address is the site's not-found page: no method has it.
    if (path === '/{path}') continue;
    const missing = METHODS.filter((method) => !operations[method]);
    if (missing.length === 0) continue;
    it(`${path}: 405 with Allow for ${missing.join(', ').toUpperCase()}`, async () => {
      const [method, operation] = Object.entries(operations)[0]!;
      const call = fc.sample(validCalls(operation, schemas.resolve), { numRuns: 1, seed: seedOf(path) })[0]!;
      const { url } = injectOptions(method, path, { ...call, query: {} }, {});
      // Every operation whose address this is: /contents/favorites is also /contents/{id}.
      const allowed = new Set(Object.entries(document.paths)
        .filter(([other]) => other === path || (other !== '/{path}' && templateMatches(other, String(url))))
        .flatMap(([, its]) => Object.keys(its).map((each) => each.toUpperCase())));
      if (allowed.has('GET')) allowed.add('HEAD');
      for (const wrong of missing) {
        // /contents/favorites is also /contents/{id}: a GET there is that operation's call.
        const elsewhere = Object.entries(document.paths).some(([other, its]) => other !== path && other !== '/{path}' && its[wrong] && templateMatches(other, String(url)));
        if (elsewhere) continue;
        const response = await t.app.inject({ method: wrong.toUpperCase() as 'GET', url: String(url), headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
        expect(response.statusCode, `${wrong.toUpperCase()} ${String(url)}: ${response.body.slice(0, 200)}`).toBe(405);
        expect(new Set(String(response.headers.allow).split(/,\s*/))).toEqual(allowed);
        expect(apiErrorSchema.parse(JSON.parse(response.body)).statusCode).toBe(405);
      }
    });
  }
});
