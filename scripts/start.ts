/** `npm start`: build the widget if it is stale, then run the reference server. */
import { randomBytes } from 'node:crypto';
import { loadServerConfig } from '../server/config.ts';
import { exitOnSignals, startServer } from '../server/main.ts';
import { buildWidgetIfStale } from './widget-build.ts';

try {
  await buildWidgetIfStale();
  // The analytics dashboard needs a token; a fresh clone has none, so this run makes one up
  // (and prints it) rather than leave the dashboard shut. A configured ADMIN_TOKEN is never printed.
  const generatedToken = process.env.ADMIN_TOKEN ? undefined : randomBytes(24).toString('base64url');
  if (generatedToken) process.env.ADMIN_TOKEN = generatedToken;
  const config = loadServerConfig();
  const starting = startServer(config);
  exitOnSignals(starting, config.shutdownTimeoutMs);
  const server = await starting;
  console.log(`analytics dashboard: ${server.url}/admin/analytics`);
  if (generatedToken) console.log(`  ADMIN_TOKEN for this run (set ADMIN_TOKEN to keep one): ${generatedToken}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
