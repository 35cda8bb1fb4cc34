import type { PlayerEvents } from '../../core/events.ts';
import type { ActiveMenu, ActiveMenuStore } from '../../ui/menus/active-menu.ts';

type Popup = 'settings' | 'episodes' | 'variants' | 'subtitles';

/** Which popup each menu is part of: moving between the settings' own pages is not a new popup. */
const POPUP_OF: Record<ActiveMenu, Popup | undefined> = {
  main: 'settings',
  quality: 'settings',
  'playback-rate': 'settings',
  'audio-tracks': 'settings',
  'audio-boost': 'settings',
  subs: 'subtitles',
  seasons: 'episodes',
  episodes: 'episodes',
  'variants-episode': 'variants',
  none: undefined,
};

/** Reports each popup the viewer opens (analytics' popup_open) as a 'ui' player event. */
export function reportMenus(menus: ActiveMenuStore, events: Pick<PlayerEvents, 'emit'>): () => void {
  let open = POPUP_OF[menus.getState().menu];
  return menus.subscribe(() => {
    const now = POPUP_OF[menus.getState().menu];
    if (now && now !== open) events.emit('ui', { action: 'popup_open', popup: now });
    open = now;
  });
}
