import '../ui/styles/player.css';
import { createRoot } from 'react-dom/client';
import { createCatalogueClient } from '../api/catalogue-client.ts';
import { PAGE_GLOBAL, readWidgetConfig } from '../config/read-widget-config.ts';
import type { WidgetConfig } from '../config/widget-config.ts';
import { prewarmPlayback } from '../core/player-core.ts';
import { MessageCard } from '../ui/components/message-card.tsx';
import { ru } from '../ui/i18n/ru.ts';
import { MinimalPlayer } from './minimal-player.tsx';

/** The iframe entry: reads the configuration, then renders the player or the reason it cannot. */
function boot(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('the embed document has no #root element');
  const view = createRoot(root);
  let config: WidgetConfig;
  try {
    config = readWidgetConfig(root, window[PAGE_GLOBAL], window.location.search);
  } catch (error) {
    console.error(error);
    view.render(<MessageCard text={ru.genericError('config')} />);
    return;
  }
  if (config.movieId === undefined) {
    view.render(<MessageCard text={ru.missingMovieId} />);
    return;
  }
  if (config.engine === undefined || config.engine === 'mse') prewarmPlayback();
  const client = createCatalogueClient({
    baseUrl: config.apiBaseUrl,
    pageUrl: window.location.href,
    cookie: () => document.cookie,
  });
  view.render(<MinimalPlayer client={client} movieId={config.movieId} engine={config.engine} dashLibraryUrl={config.dashLibraryUrl} />);
}

boot();
