/** `npm start`: build the widget if it is stale, then run the reference server. */
import { startServer } from '../server/main.ts';
import { buildWidgetIfStale } from './widget-build.ts';

try {
  await buildWidgetIfStale();
  const server = await startServer();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void server.close().then(() => process.exit(0)));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
