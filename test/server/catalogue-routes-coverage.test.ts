import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, REPO_ROOT, startTestApp, type TestApp } from './helpers.ts';

// Every /catalog-api route of SPEC.md section 7 is served and has a test: test files name the
// routes they cover in a coversCatalogue(…) call, read here from their text.

const SPEC_FILE = process.env.SPEC_MD ?? path.resolve(REPO_ROOT, '../shared/spec/SPEC.md');
const TEST_DIR = path.join(REPO_ROOT, 'test/server');
const METHODS = 'GET|PUT|POST|PATCH|DELETE|HEAD';

/**
 * The routes of the spec's catalogue section. Its lines share methods across paths
 * ('GET /voice-authors, /tags, …', 'GET, PUT, DELETE /v2/…', 'POST and DELETE /…') and abbreviate
 * a sibling ('POST .../vote' after '/v2/contents/{contentId}/reviews/{reviewId}').
 */
export function specCatalogueRoutes(markdown: string): string[] {
  const section = /### Catalogue service \(base path \/catalog-api\)\n([\s\S]*?)\n###/.exec(markdown)?.[1] ?? '';
  const routes: string[] = [];
  for (const line of section.split('\n').filter((text) => text.startsWith('- '))) {
    let methods: string[] = [];
    let previousPath = '';
    const tokens = line.matchAll(new RegExp(`((?:${METHODS})(?:(?:, | and )(?:${METHODS}))*)(?= )|(\\.\\.\\.)?(\\/[^\\s,;()]+)`, 'g'));
    for (const [, methodList, abbreviated, rawPath] of tokens) {
      if (methodList) {
        methods = methodList.split(/, | and /);
        continue;
      }
      if (!rawPath) continue;
      const routePath = abbreviated ? `${previousPath}${rawPath}` : rawPath;
      previousPath = routePath;
      for (const method of methods) routes.push(`${method} ${routePath}`);
    }
  }
  return routes;
}

function coveredRoutes(): Map<string, string[]> {
  const covered = new Map<string, string[]>();
  for (const file of readdirSync(TEST_DIR).filter((name) => name.endsWith('.test.ts'))) {
    const text = readFileSync(path.join(TEST_DIR, file), 'utf8');
    for (const call of text.matchAll(/coversCatalogue\(([^)]*)\)/g)) {
      for (const route of (call[1] ?? '').matchAll(/'([A-Z]+ \/[^']*)'/g)) {
        const name = route[1] ?? '';
        covered.set(name, [...(covered.get(name) ?? []), file]);
      }
    }
  }
  return covered;
}

/** '/contents/{id}' → '/catalog-api/contents/:id'; '/sitemap{n}.xml' as the server registers it. */
function fastifyUrl(specPath: string): string {
  return `${API}${specPath.replace(/\{(\w+)\}/g, ':$1')}`;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the /catalog-api routes of SPEC.md section 7', () => {
  it('reads the spec\'s list as written', () => {
    const routes = specCatalogueRoutes([
      '### Catalogue service (base path /catalog-api)',
      '- GET and HEAD /proxy/{a}/{b}/index.mp4',
      '- Reviews: GET, PUT, DELETE /v2/contents/{contentId}/reviews/{reviewId}; POST .../vote; POST /v2/contents/{id}/reviews',
      '- Episodes: POST /episodes/fresh, GET /episodes (query content-id)',
      '- GET /voice-authors, /tags/{id}, /sitemap{n}.xml',
      '###',
    ].join('\n'));
    expect(routes).toEqual([
      'GET /proxy/{a}/{b}/index.mp4', 'HEAD /proxy/{a}/{b}/index.mp4',
      'GET /v2/contents/{contentId}/reviews/{reviewId}', 'PUT /v2/contents/{contentId}/reviews/{reviewId}', 'DELETE /v2/contents/{contentId}/reviews/{reviewId}',
      'POST /v2/contents/{contentId}/reviews/{reviewId}/vote', 'POST /v2/contents/{id}/reviews',
      'POST /episodes/fresh', 'GET /episodes',
      'GET /voice-authors', 'GET /tags/{id}', 'GET /sitemap{n}.xml',
    ]);
  });

  it.skipIf(!existsSync(SPEC_FILE))('each is served and named by a test file', () => {
    const routes = specCatalogueRoutes(readFileSync(SPEC_FILE, 'utf8'));
    expect(routes.length).toBeGreaterThanOrEqual(75);
    const covered = coveredRoutes();
    expect(routes.filter((route) => !covered.has(route)), 'routes of the spec that no test file names').toEqual([]);
    const unserved = routes.filter((route) => {
      const [method = '', url = ''] = route.split(' ');
      return !t.app.hasRoute({ method: method as 'GET', url: fastifyUrl(url) });
    });
    expect(unserved, 'routes of the spec the server does not serve').toEqual([]);
  });

  it('every catalogue route a test file names is one the spec lists', () => {
    const spec = existsSync(SPEC_FILE) ? new Set(specCatalogueRoutes(readFileSync(SPEC_FILE, 'utf8'))) : undefined;
    const covered = [...coveredRoutes().keys()];
    expect(covered.length).toBeGreaterThan(0);
    if (spec) expect(covered.filter((route) => !spec.has(route)), 'named routes the spec does not have (misspelt?)').toEqual([]);
  });
});
