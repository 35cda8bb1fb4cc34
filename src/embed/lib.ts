/**
 * /catalog-api/lib.js: the host SDK as one classic script. It embeds a player in every element
 * with data-kino-player (now, and in elements added later), and offers the SDK as
 * window.KinoPlayer:
 *
 *   <script src="https://player.example/catalog-api/lib.js" async></script>
 *   <div data-kino-player data-movie-id="42"></div>
 *   <script>
 *     addEventListener('kinoplayer:ready', () => {
 *       const player = KinoPlayer.get(document.querySelector('[data-kino-player]'));
 *       player.on('timeupdate', ({ currentTime }) => …);
 *     });
 *   </script>
 *
 * It also defines <kino-player> (kino-player-element.ts). The player's origin is the origin
 * this script came from.
 */
import { optionsFromDataset } from './data-attributes.ts';
import * as sdk from './index.ts';
import { KinoPlayer } from './kino-player.ts';
import { defineKinoPlayerElement } from './kino-player-element.ts';
import { originOf } from './player-frame.ts';

const SELECTOR = '[data-kino-player]';
const script = document.currentScript as HTMLScriptElement | null;
const playerOrigin = (script && originOf(script.src)) ?? location.origin;
const players = new WeakMap<Element, KinoPlayer>();

/** Embeds a player in `element` unless it has one; a malformed element is reported, not fatal. */
function embed(element: Element): void {
  if (players.has(element) || !(element instanceof HTMLElement)) return;
  try {
    players.set(element, new KinoPlayer(element, optionsFromDataset(element.dataset, playerOrigin)));
  } catch (error) {
    console.error('kino-player: cannot embed', element, error);
  }
}

function scan(root: ParentNode): void {
  if (root instanceof Element && root.matches(SELECTOR)) embed(root);
  root.querySelectorAll(SELECTOR).forEach(embed);
}

const api = Object.assign(KinoPlayer, sdk, {
  /**
   * The player of a data-kino-player element, embedded now if the page is still loading (a
   * script right after the element may ask before the document is parsed).
   */
  get: (element: Element | null): KinoPlayer | undefined => {
    if (element?.matches(SELECTOR)) embed(element);
    return element ? players.get(element) : undefined;
  },
  /** Embeds players in new data-kino-player elements under `root` now, instead of on the next mutation. */
  scan: (root: ParentNode = document) => scan(root),
});
declare global {
  interface Window {
    KinoPlayer?: typeof api;
  }
}
window.KinoPlayer = api;
// <kino-player> elements, their frames from this script's origin.
defineKinoPlayerElement(playerOrigin);

function start(): void {
  scan(document);
  // Single-page hosts add players later.
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) scan(node);
  }).observe(document.documentElement, { childList: true, subtree: true });
  window.dispatchEvent(new Event('kinoplayer:ready'));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
