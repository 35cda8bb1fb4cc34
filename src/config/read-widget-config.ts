import { mergeConfig } from './merge-config.ts';
import type { WidgetConfig } from './widget-config.ts';

/** The page global a host may set before the widget boots (SPEC.md section 1). */
export const PAGE_GLOBAL = '__KINO_PLAYER_CONFIG__';

declare global {
  interface Window {
    [PAGE_GLOBAL]?: Record<string, unknown>;
  }
}

/**
 * The configuration from the root element's data attributes, then the page global, then the
 * query (SPEC.md sections 1, 2): later sources win where they say something.
 */
export function readWidgetConfig(root: HTMLElement, pageGlobal: Record<string, unknown> | undefined, search: string): WidgetConfig {
  return mergeConfig(fromDataset(root.dataset), pageGlobal ?? {}, fromQuery(new URLSearchParams(search)));
}

function fromDataset(data: DOMStringMap): Record<string, unknown> {
  return {
    apiBaseUrl: data.apiBaseUrl,
    adListUrl: data.adListUrl,
    fullscreenMode: data.fullscreenMode,
    errorProject: data.errorProject,
    langOrder: data.langOrder ? splitList(data.langOrder) : undefined,
    dashLibraryUrl: data.dashLibraryUrl || undefined,
  };
}

function fromQuery(query: URLSearchParams): Record<string, unknown> {
  const langOrder = query.getAll('lang_order').flatMap(splitList);
  return {
    movieId: parseMovieId(query.get('movie_id')),
    engine: query.get('engine') ?? undefined,
    langOrder: langOrder.length > 0 ? langOrder : undefined,
  };
}

/** movie_id must be an integer (SPEC.md section 5); anything else counts as not given. */
export function parseMovieId(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

function splitList(value: string): string[] {
  return value.split(',').map((item) => item.trim()).filter(Boolean);
}
