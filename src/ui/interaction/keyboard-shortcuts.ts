/**
 * The player's keyboard shortcuts as a pure mapping from a key press to a request, so the React
 * layer only forwards keydown events and dispatches the result (steps from SPEC.md section 9).
 */
import { PLAYBACK_RATES } from '../../core/playback-rules.ts';

export type PlayerAction =
  | { type: 'toggle-play' }
  | { type: 'seek-by'; seconds: number }
  | { type: 'seek-to-fraction'; fraction: number }
  | { type: 'seek-to-start' }
  | { type: 'seek-to-end' }
  | { type: 'volume-by'; delta: number }
  | { type: 'toggle-mute' }
  | { type: 'toggle-fullscreen' }
  | { type: 'toggle-pip' }
  | { type: 'toggle-subtitles' }
  | { type: 'rate-step'; direction: 1 | -1 }
  | { type: 'next-episode' };

/** The parts of the focused element that decide who owns a key. */
export interface KeyTarget {
  tagName?: string;
  isContentEditable?: boolean;
  role?: string | null;
  type?: string;
}

/** The parts of a KeyboardEvent the mapping reads. */
export interface KeyInput {
  key: string;
  code?: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat?: boolean;
  target: KeyTarget | null;
}

/** Playback rates offered (SPEC.md section 9); 1 is 'Обычная'. */
export const RATES = PLAYBACK_RATES;
/** Arrow-key seek, 5 s or 10 s with Shift (SPEC.md section 9). */
export const KEY_SEEK_SECONDS = 5;
/** j / l seek, the widget's skip step (SPEC.md section 9). */
export const SKIP_SECONDS = 10;
/** Arrow-key volume step, 0.05 or 0.1 with Shift (SPEC.md section 9). */
export const VOLUME_KEY_STEP = 0.05;

// Input types that take no typed text; every other input type (text, search, date, …) does.
const NON_TEXT_INPUTS = new Set(['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file', 'image']);
const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox']);
// Elements that Space activates, so Space is theirs while they have focus.
const SPACE_ROLES = new Set(['button', 'checkbox', 'radio', 'switch', 'tab', 'option', 'menuitem', 'menuitemradio', 'menuitemcheckbox']);
const SPACE_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);
// Elements that move with arrows / Home / End: sliders, and menus (picker-list.tsx moves focus with them).
const ARROW_ROLES = new Set(['slider', 'menuitem', 'menuitemradio', 'menuitemcheckbox']);
const ARROW_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);
// Toggles must not flicker while a key is held; steps may repeat.
const REPEATABLE = new Set<PlayerAction['type']>(['seek-by', 'volume-by', 'rate-step']);

const tag = (target: KeyTarget) => (target.tagName ?? '').toLowerCase();
const inputType = (target: KeyTarget) => (target.type ?? 'text').toLowerCase();

function isTyping(target: KeyTarget): boolean {
  if (target.isContentEditable) return true;
  if (target.role && TEXT_ROLES.has(target.role)) return true;
  const name = tag(target);
  if (name === 'textarea' || name === 'select') return true;
  return name === 'input' && !NON_TEXT_INPUTS.has(inputType(target));
}

/** Whether the focused element handles this key itself. */
function ownsKey(target: KeyTarget, key: string): boolean {
  if (isTyping(target)) return true;
  const role = target.role ?? undefined;
  const isInput = tag(target) === 'input';
  if (ARROW_KEYS.has(key)) return (role !== undefined && ARROW_ROLES.has(role)) || (isInput && inputType(target) === 'range');
  if (key === ' ') {
    return (role !== undefined && SPACE_ROLES.has(role)) || tag(target) === 'button' || (isInput && SPACE_INPUTS.has(inputType(target)));
  }
  return false;
}

/**
 * The Latin letter of the key, case-insensitive (Caps Lock). On other layouts (Russian ЙЦУКЕН) the
 * physical key decides, so 'л' on the K key still toggles play.
 */
function letterOf(input: KeyInput): string | undefined {
  if (/^[a-z]$/i.test(input.key)) return input.key.toLowerCase();
  if (input.key.length !== 1) return undefined;
  const physical = /^Key([A-Z])$/.exec(input.code ?? '');
  return physical?.[1]?.toLowerCase();
}

function rateDirection(input: KeyInput): 1 | -1 | undefined {
  if (input.key === '>' || (input.shiftKey && input.key === '.')) return 1;
  if (input.key === '<' || (input.shiftKey && input.key === ',')) return -1;
  // Layouts where Shift+. is another character (Russian: 'Ю' / 'Б'): the physical key decides.
  if (input.shiftKey && input.code === 'Period') return 1;
  if (input.shiftKey && input.code === 'Comma') return -1;
  return undefined;
}

function mapKey(input: KeyInput): PlayerAction | undefined {
  const shift = input.shiftKey;
  switch (input.key) {
    case ' ':
      return { type: 'toggle-play' };
    case 'ArrowLeft':
      return { type: 'seek-by', seconds: -(shift ? 2 : 1) * KEY_SEEK_SECONDS };
    case 'ArrowRight':
      return { type: 'seek-by', seconds: (shift ? 2 : 1) * KEY_SEEK_SECONDS };
    case 'ArrowUp':
      return { type: 'volume-by', delta: (shift ? 2 : 1) * VOLUME_KEY_STEP };
    case 'ArrowDown':
      return { type: 'volume-by', delta: -(shift ? 2 : 1) * VOLUME_KEY_STEP };
    case 'Home':
      return { type: 'seek-to-start' };
    case 'End':
      return { type: 'seek-to-end' };
  }
  // Digits from the top row or the numpad; AZERTY needs Shift for them, so Shift is allowed.
  if (/^[0-9]$/.test(input.key)) return { type: 'seek-to-fraction', fraction: Number(input.key) / 10 };
  const direction = rateDirection(input);
  if (direction) return { type: 'rate-step', direction };
  switch (letterOf(input)) {
    case 'k':
      return { type: 'toggle-play' };
    case 'j':
      return { type: 'seek-by', seconds: -SKIP_SECONDS };
    case 'l':
      return { type: 'seek-by', seconds: SKIP_SECONDS };
    case 'm':
      return { type: 'toggle-mute' };
    case 'f':
      return { type: 'toggle-fullscreen' };
    case 'i':
      return { type: 'toggle-pip' };
    case 'c':
      return { type: 'toggle-subtitles' };
    case 'n':
      return shift ? { type: 'next-episode' } : undefined;
  }
  return undefined;
}

/**
 * The request a key press makes, or undefined when the key is not the player's: a modifier other
 * than Shift is held (browser shortcuts), the focus is in a text field, or the focused control
 * uses the key itself (arrows/Home/End on a slider or menu item, Space on a button). Held keys
 * repeat only seeks, volume and rate steps.
 */
export function actionForKey(input: KeyInput): PlayerAction | undefined {
  if (input.ctrlKey || input.metaKey || input.altKey) return undefined;
  if (input.target && ownsKey(input.target, input.key)) return undefined;
  const action = mapKey(input);
  if (action && input.repeat && !REPEATABLE.has(action.type)) return undefined;
  return action;
}

// Tolerance for rates that arrive as 1.2500000001 from the media element.
const EPSILON = 1e-6;

/**
 * The next rate along RATES in the given direction, clamped to 0.25..2. A rate between two steps
 * moves to the neighbouring step; a non-finite rate counts as 1.
 */
export function nextRate(rate: number, direction: 1 | -1): number {
  const current = Number.isFinite(rate) ? rate : 1;
  const first = RATES[0];
  const last = RATES[RATES.length - 1] ?? first;
  if (direction === 1) return RATES.find((step) => step > current + EPSILON) ?? last;
  return [...RATES].reverse().find((step) => step < current - EPSILON) ?? first;
}
