import type * as dashjs from 'dashjs';
import { PLAYER_ERROR_CODES, PlayerError } from '../../contract/errors/player-error.ts';

export type DashLibrary = Pick<typeof dashjs, 'MediaPlayer'>;

/**
 * dash.js: our own copy, a lazy chunk from our origin, unless the configuration names another
 * build (SPEC.md section 7 had 4.7.4 from a public CDN by default; we load nothing from a CDN
 * unless asked). A library that fails to load is error 4 (SPEC.md section 8).
 */
export async function loadDashLibrary(url: string | undefined): Promise<DashLibrary> {
  if (!url) return import('dashjs');
  const global = window as unknown as { dashjs?: DashLibrary };
  try {
    await loadClassicScript(url);
  } catch {
    throw new PlayerError('engine', PLAYER_ERROR_CODES.RESOURCE, 'fatal', 'Failed to load resource.', { library: 'dash.js', url });
  }
  if (!global.dashjs?.MediaPlayer) {
    throw new PlayerError('engine', PLAYER_ERROR_CODES.RESOURCE, 'fatal', 'DASH library unsupported', { library: 'dash.js', url });
  }
  return global.dashjs;
}

function loadClassicScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${url}`));
    document.head.append(script);
  });
}
