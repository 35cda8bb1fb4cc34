import { createStore, type Store } from '../../core/store.ts';

/** SPEC.md section 4: one active menu at a time. */
export type ActiveMenu =
  | 'main'
  | 'quality'
  | 'playback-rate'
  | 'audio-tracks'
  | 'subs'
  | 'audio-boost'
  | 'seasons'
  | 'episodes'
  | 'variants-episode'
  | 'none';

export type ActiveMenuStore = Store<{ menu: ActiveMenu }>;

export function createActiveMenu(): ActiveMenuStore {
  return createStore<{ menu: ActiveMenu }>({ menu: 'none' });
}

/** The attribute marking a menu and its button: a pointer down anywhere else closes the menu. */
export const MENU_ROOT_ATTRIBUTE = 'data-menu-root';

/** Pointer downs that closed a menu (see closedAMenu). */
const closingPointerDowns = new WeakSet<Event>();

/**
 * Whether this pointer down closed a menu. A click that closes a menu only closes the menu: the
 * video under it must not also toggle play (or a tap the controls).
 */
export function closedAMenu(event: Event): boolean {
  return closingPointerDowns.has(event);
}

/**
 * Closes the open menu on a pointer down outside every menu root (SPEC.md section 2: clicking
 * outside closes the menu). Returns the listener's remover.
 */
export function closeMenusOnOutsidePointer(doc: Document, menus: ActiveMenuStore): () => void {
  const onPointerDown = (event: PointerEvent) => {
    if (menus.getState().menu === 'none') return;
    const target = event.target as Element | null;
    if (target?.closest?.(`[${MENU_ROOT_ATTRIBUTE}]`)) return;
    closingPointerDowns.add(event);
    menus.update({ menu: 'none' });
  };
  doc.addEventListener('pointerdown', onPointerDown, true);
  return () => doc.removeEventListener('pointerdown', onPointerDown, true);
}
