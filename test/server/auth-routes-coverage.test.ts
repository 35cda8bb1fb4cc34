import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, type TestApp } from './helpers.ts';
import { AUTH, startAuthApp } from './auth-helpers.ts';

// Every /authenticator route of SPEC.md section 7 is served and has a test: the auth test files
// name the routes they cover in a covers(…) call, read here from their text.

const SPEC_FILE = process.env.SPEC_MD ?? path.resolve(REPO_ROOT, '../shared/spec/SPEC.md');
const TEST_DIR = path.join(REPO_ROOT, 'test/server');

/** "- POST /signup and POST /signup/complete (body)" → ['POST /signup', 'POST /signup/complete']. */
function specRoutes(markdown: string): string[] {
  const section = /### Authentication service \(base path \/authenticator\)\n([\s\S]*?)\n###/.exec(markdown)?.[1] ?? '';
  return [...section.matchAll(/\b(GET|PUT|POST|PATCH|DELETE) (\/[^\s(]+)/g)].map((match) => `${match[1]} ${match[2]}`);
}

function coveredRoutes(): Set<string> {
  const covered = new Set<string>();
  for (const file of readdirSync(TEST_DIR).filter((name) => /^auth-.*\.test\.ts$/.test(name))) {
    const text = readFileSync(path.join(TEST_DIR, file), 'utf8');
    for (const call of text.matchAll(/covers\(([^)]*)\)/g)) {
      for (const route of (call[1] ?? '').matchAll(/'([A-Z]+ \/[^']*)'/g)) covered.add(route[1] ?? '');
    }
  }
  return covered;
}

let t: TestApp;
beforeAll(async () => {
  t = await startAuthApp();
});
afterAll(() => t.close());

describe('the /authenticator routes of SPEC.md section 7', () => {
  it.skipIf(!existsSync(SPEC_FILE))('each is served and named by a test file', () => {
    const routes = specRoutes(readFileSync(SPEC_FILE, 'utf8'));
    expect(routes.length).toBeGreaterThanOrEqual(14);
    const covered = coveredRoutes();
    expect(routes.filter((route) => !covered.has(route)), 'routes of the spec with no test').toEqual([]);
    for (const route of routes) {
      const [method = '', url = ''] = route.split(' ');
      expect(t.app.hasRoute({ method: method as 'GET', url: `${AUTH}${url.replace(/\{(\w+)\}/g, ':$1')}` }), `${route} is served`).toBe(true);
    }
  });

  it('every route a test file names is one the server serves', () => {
    const covered = [...coveredRoutes()];
    expect(covered.length).toBeGreaterThanOrEqual(14);
    for (const route of covered) {
      const [method = '', url = ''] = route.split(' ');
      expect(t.app.hasRoute({ method: method as 'GET', url: `${AUTH}${url.replace(/\{(\w+)\}/g, ':$1')}` }), `${route} is served`).toBe(true);
    }
  });
});
