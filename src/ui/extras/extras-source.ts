import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import type { SettingsMenu } from '../components/controls/settings-menu.tsx';
import type { NextEpisodeCard } from '../components/next-episode-card.tsx';
import type { PickerList } from '../components/picker-list.tsx';

/**
 * What the controls draw only on use — the settings menu, the pickers' lists, the next-episode
 * card — loaded as their own chunk (src/app/ui-extras.tsx), so the controls' first paint never
 * waits for them.
 */
export interface UiExtras {
  SettingsMenu: typeof SettingsMenu;
  PickerList: typeof PickerList;
  NextEpisodeCard: typeof NextEpisodeCard;
}

/** The extras' module once loaded; `load` asks for it (again after a failure), and is idempotent. */
export interface ExtrasSource<T> {
  get(): T | undefined;
  subscribe(listener: () => void): () => void;
  load(): void;
}

export function createExtrasSource<T>(importExtras: () => Promise<T>): ExtrasSource<T> {
  let loaded: T | undefined;
  let loading = false;
  const listeners = new Set<() => void>();
  return {
    get: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      if (loaded !== undefined || loading) return;
      loading = true;
      importExtras().then((module) => {
        loaded = module;
        for (const listener of [...listeners]) listener();
      }, (error: unknown) => {
        // A phone's link drops requests: the next use asks again.
        loading = false;
        console.warn('the UI extras did not load', error);
      });
    },
  };
}

/** Where the controls find the extras; the player screen provides it. */
export const ExtrasContext = createContext<ExtrasSource<UiExtras> | undefined>(undefined);

/** The extras, once loaded; asks for them while `due` (a menu opened, a card to show). */
export function useExtras(due: boolean): UiExtras | undefined {
  const source = useContext(ExtrasContext);
  useEffect(() => {
    if (due) source?.load();
  }, [due, source]);
  return useLoaded(source);
}

/**
 * The source's module once loaded. Its arrival re-renders in a transition, which React slices
 * between frames: a store hook would re-render the whole screen in one task the moment the
 * chunk arrives, most often while the film plays.
 */
export function useLoaded<T>(source: ExtrasSource<T> | undefined): T | undefined {
  const [loaded, setLoaded] = useState(() => source?.get());
  useEffect(() => {
    if (!source) return;
    const update = () => startTransition(() => setLoaded(source.get()));
    // Loaded between this render and its effect: no notification is left to come.
    if (source.get() !== loaded) update();
    return source.subscribe(update);
  }, [source, loaded]);
  return loaded;
}
