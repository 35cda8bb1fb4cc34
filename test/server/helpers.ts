import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../../server/app.ts';
import { loadServerConfig, type ServerConfig, type WidgetAttributes } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { apiErrorSchema, type ApiError } from '../../src/contract/schemas/schema.ts';
import { openTestDatabase } from './test-database.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MEDIA_DIR = fileURLToPath(new URL('../../server/media/', import.meta.url));
export const WIDGET_FIXTURE_DIR = fileURLToPath(new URL('./fixtures/widget/', import.meta.url));
export const SITE_FIXTURE_DIR = fileURLToPath(new URL('./fixtures/site/', import.meta.url));
export const DEMO_PAGE_FIXTURE_DIR = fileURLToPath(new URL('./fixtures/demo-page/', import.meta.url));
export const DASHBOARD_FIXTURE_DIR = fileURLToPath(new URL('./fixtures/analytics-dashboard/', import.meta.url));
export const API = '/catalog-api';
export const CONTENT_IDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

export interface ConfigOverrides extends Partial<Omit<ServerConfig, 'widget'>> {
  widget?: Partial<WidgetAttributes>;
}

/** The default configuration, with the test widget fixture and the real demo media. */
export function testConfig(overrides: ConfigOverrides = {}): ServerConfig {
  const base = loadServerConfig({});
  const { widget, ...rest } = overrides;
  return {
    ...base,
    widgetDir: WIDGET_FIXTURE_DIR,
    siteDir: SITE_FIXTURE_DIR,
    demoPageDir: DEMO_PAGE_FIXTURE_DIR,
    analyticsDashboardDir: DASHBOARD_FIXTURE_DIR,
    mediaDir: MEDIA_DIR,
    // The suites fire beacons as fast as they like; rate-limits.test.ts sets a limit to see the 429.
    trackingRateLimit: 0,
    abuseRateLimit: 0,
    searchRateLimit: 0,
    ...rest,
    widget: { ...base.widget, ...widget },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: ServerConfig;
  close(): Promise<void>;
}

/** A migrated, seeded database and the app on top of it; close() shuts both. */
export async function startTestApp(overrides: ConfigOverrides = {}, shared?: Database): Promise<TestApp> {
  const db = shared ?? (await openTestDatabase());
  const config = testConfig(overrides);
  const app = await buildApp({ config, db });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      if (!shared) await db.close();
    },
  };
}

/** The response body as JSON, after checking it was sent as JSON. */
export function jsonOf(response: LightMyRequestResponse): unknown {
  expect(response.headers['content-type'], `content type of ${response.statusCode} response`).toMatch(/^application\/json\b/);
  return JSON.parse(response.body) as unknown;
}

/** Status, JSON and shape in one step; the parsed value is typed by the schema. */
export function expectJson<S extends z.ZodType>(response: LightMyRequestResponse, status: number, schema: S): z.infer<S> {
  expect(response.statusCode, response.body.slice(0, 500)).toBe(status);
  return schema.parse(jsonOf(response));
}

/** An error answer: the status, the documented error shape, and no internals. */
export function expectApiError(response: LightMyRequestResponse, status: number): ApiError {
  const error = expectJson(response, status, apiErrorSchema);
  expect(error.statusCode).toBe(status);
  expectNoInternals(response.body);
  return error;
}

const STACK_LINE = /^\s*at\s+\S/m;
const INTERNAL_PATH = /\/work\/|\/node_modules\/|\.ts:\d|\.js:\d|file:\/\//;

/** No stack trace and no server file path in anything sent to a client. */
export function expectNoInternals(body: string): void {
  expect(body, 'response leaks a stack trace').not.toMatch(STACK_LINE);
  expect(body, 'response leaks a server path').not.toMatch(INTERNAL_PATH);
}

/** Path and query of an absolute URL the server handed out, for app.inject. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

