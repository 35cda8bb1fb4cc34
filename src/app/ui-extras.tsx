/**
 * The UI extras' chunk: what is drawn only on use or later — the settings menu, the pickers'
 * lists, the next-episode card, the share popup and the engine statistics line. Loaded on first
 * use or once the film's buffer is safe, whichever comes first (player-screen.tsx), so the
 * controls' first paint never waits for it.
 */
export { SettingsMenu } from '../ui/components/controls/settings-menu.tsx';
export { PickerList } from '../ui/components/picker-list.tsx';
export { NextEpisodeCard } from '../ui/components/next-episode-card.tsx';
export { EngineDebugPanel } from '../ui/components/engine-debug-panel.tsx';
export { SharePanel } from './share-panel.tsx';
