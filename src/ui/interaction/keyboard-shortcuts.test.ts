import { describe, expect, it } from 'vitest';
import { actionForKey, nextRate, type KeyInput, type KeyTarget, type PlayerAction } from './keyboard-shortcuts.ts';

const DIV: KeyTarget = { tagName: 'DIV', role: null };

/** A plain key press on the player (a div), no modifiers. */
function press(key: string, extra: Partial<KeyInput> = {}): KeyInput {
  return { key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, target: DIV, ...extra };
}

describe('actionForKey: the keyboard map', () => {
  it.each<[string, KeyInput, PlayerAction]>([
    ['Space', press(' ', { code: 'Space' }), { type: 'toggle-play' }],
    ['k', press('k'), { type: 'toggle-play' }],
    ['K with Caps Lock', press('K'), { type: 'toggle-play' }],
    ['←', press('ArrowLeft'), { type: 'seek-by', seconds: -5 }],
    ['→', press('ArrowRight'), { type: 'seek-by', seconds: 5 }],
    ['Shift+←', press('ArrowLeft', { shiftKey: true }), { type: 'seek-by', seconds: -10 }],
    ['Shift+→', press('ArrowRight', { shiftKey: true }), { type: 'seek-by', seconds: 10 }],
    ['j', press('j'), { type: 'seek-by', seconds: -10 }],
    ['l', press('l'), { type: 'seek-by', seconds: 10 }],
    ['↑', press('ArrowUp'), { type: 'volume-by', delta: 0.05 }],
    ['↓', press('ArrowDown'), { type: 'volume-by', delta: -0.05 }],
    ['Shift+↑', press('ArrowUp', { shiftKey: true }), { type: 'volume-by', delta: 0.1 }],
    ['Shift+↓', press('ArrowDown', { shiftKey: true }), { type: 'volume-by', delta: -0.1 }],
    ['m', press('m'), { type: 'toggle-mute' }],
    ['M with Caps Lock', press('M'), { type: 'toggle-mute' }],
    ['f', press('f'), { type: 'toggle-fullscreen' }],
    ['i', press('i'), { type: 'toggle-pip' }],
    ['c', press('c'), { type: 'toggle-subtitles' }],
    ['>', press('>', { shiftKey: true }), { type: 'rate-step', direction: 1 }],
    ['<', press('<', { shiftKey: true }), { type: 'rate-step', direction: -1 }],
    ['Shift+. reported as "."', press('.', { shiftKey: true }), { type: 'rate-step', direction: 1 }],
    ['Shift+, reported as ","', press(',', { shiftKey: true }), { type: 'rate-step', direction: -1 }],
    ['Shift+. on the Russian layout (Ю)', press('Ю', { shiftKey: true, code: 'Period' }), { type: 'rate-step', direction: 1 }],
    ['Shift+, on the Russian layout (Б)', press('Б', { shiftKey: true, code: 'Comma' }), { type: 'rate-step', direction: -1 }],
    ['0', press('0'), { type: 'seek-to-fraction', fraction: 0 }],
    ['5', press('5'), { type: 'seek-to-fraction', fraction: 0.5 }],
    ['9 on the numpad', press('9', { code: 'Numpad9' }), { type: 'seek-to-fraction', fraction: 0.9 }],
    ['Home', press('Home'), { type: 'seek-to-start' }],
    ['End', press('End'), { type: 'seek-to-end' }],
    ['Shift+N', press('N', { shiftKey: true }), { type: 'next-episode' }],
    ['Shift+N with Caps Lock', press('n', { shiftKey: true }), { type: 'next-episode' }],
    ['k on the Russian layout (л)', press('л', { code: 'KeyK' }), { type: 'toggle-play' }],
    ['Shift+N on the Russian layout (Т)', press('Т', { code: 'KeyN', shiftKey: true }), { type: 'next-episode' }],
    ['no focused element', press('m', { target: null }), { type: 'toggle-mute' }],
  ])('%s', (_name, input, action) => {
    expect(actionForKey(input)).toEqual(action);
  });

  it.each<[string, KeyInput]>([
    ['n without Shift', press('n')],
    ['N from Caps Lock without Shift', press('N')],
    ['. without Shift', press('.', { code: 'Period' })],
    [', without Shift', press(',', { code: 'Comma' })],
    ['Enter', press('Enter')],
    ['Escape', press('Escape')],
    ['an unmapped letter', press('q')],
    ['a non-Latin letter on an unmapped key', press('й', { code: 'KeyQ' })],
  ])('%s does nothing', (_name, input) => {
    expect(actionForKey(input)).toBeUndefined();
  });
});

describe('actionForKey leaves browser shortcuts alone', () => {
  it.each<[string, Partial<KeyInput>]>([
    ['Ctrl', { ctrlKey: true }],
    ['Meta', { metaKey: true }],
    ['Alt', { altKey: true }],
  ])('%s held: no action for any key', (_name, modifier) => {
    for (const key of [' ', 'k', 'f', 'ArrowLeft', 'ArrowUp', '1', 'Home', '>']) {
      expect(actionForKey(press(key, modifier))).toBeUndefined();
    }
  });
});

describe('actionForKey never acts while the viewer types', () => {
  it.each<[string, KeyTarget]>([
    ['input without a type', { tagName: 'INPUT' }],
    ...['text', 'search', 'email', 'number', 'password', 'url', 'tel', 'date'].map((type): [string, KeyTarget] => [`input type ${type}`, { tagName: 'INPUT', type }]),
    ['textarea', { tagName: 'TEXTAREA' }],
    ['select', { tagName: 'SELECT' }],
    ['contentEditable', { tagName: 'DIV', isContentEditable: true }],
    ['role textbox', { tagName: 'DIV', role: 'textbox' }],
  ])('%s', (_name, target) => {
    for (const key of [' ', 'k', 'f', 'm', 'ArrowLeft', '5', 'Home', '>']) {
      expect(actionForKey(press(key, { target }))).toBeUndefined();
    }
  });

  it('a checkbox (the share popup’s time-code box) is not a text field', () => {
    expect(actionForKey(press('m', { target: { tagName: 'INPUT', type: 'checkbox' } }))).toEqual({ type: 'toggle-mute' });
  });
});

describe('actionForKey leaves focused controls their own keys', () => {
  const slider: KeyTarget = { tagName: 'DIV', role: 'slider' };
  const range: KeyTarget = { tagName: 'INPUT', type: 'range' };
  const button: KeyTarget = { tagName: 'BUTTON' };
  const menuItem: KeyTarget = { tagName: 'LI', role: 'menuitemradio' };

  it.each([
    ['role slider', slider],
    ['input type range', range],
    ['a menu item', menuItem],
  ])('%s keeps arrows, Home and End', (_name, target) => {
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']) {
      expect(actionForKey(press(key, { target }))).toBeUndefined();
    }
  });

  it.each([
    ['role slider', slider],
    ['input type range', range],
  ])('%s still passes Space and letters to the player', (_name, target) => {
    expect(actionForKey(press(' ', { target }))).toEqual({ type: 'toggle-play' });
    expect(actionForKey(press('m', { target }))).toEqual({ type: 'toggle-mute' });
  });

  it.each<[string, KeyTarget]>([
    ['button element', button],
    ['role button', { tagName: 'DIV', role: 'button' }],
    ['menu item', menuItem],
    ['input type checkbox', { tagName: 'INPUT', type: 'checkbox' }],
  ])('%s keeps Space, but k still toggles play', (_name, target) => {
    expect(actionForKey(press(' ', { target }))).toBeUndefined();
    expect(actionForKey(press('k', { target }))).toEqual({ type: 'toggle-play' });
  });

  it('a button passes arrows to the player', () => {
    expect(actionForKey(press('ArrowRight', { target: button }))).toEqual({ type: 'seek-by', seconds: 5 });
  });
});

describe('actionForKey with a held key (repeat)', () => {
  it.each<[string, KeyInput, PlayerAction | undefined]>([
    ['Space does not flicker play', press(' ', { repeat: true }), undefined],
    ['f does not flicker fullscreen', press('f', { repeat: true }), undefined],
    ['m does not flicker mute', press('m', { repeat: true }), undefined],
    ['a digit seeks once', press('3', { repeat: true }), undefined],
    ['→ keeps seeking', press('ArrowRight', { repeat: true }), { type: 'seek-by', seconds: 5 }],
    ['↑ keeps raising the volume', press('ArrowUp', { repeat: true }), { type: 'volume-by', delta: 0.05 }],
    ['> keeps speeding up', press('>', { repeat: true, shiftKey: true }), { type: 'rate-step', direction: 1 }],
  ])('%s', (_name, input, action) => {
    expect(actionForKey(input)).toEqual(action);
  });
});

describe('nextRate along 0.25..2 (SPEC.md section 9)', () => {
  it.each<[number, 1 | -1, number]>([
    [1, 1, 1.25],
    [1, -1, 0.75],
    [0.25, 1, 0.5],
    [1.75, 1, 2],
    [2, 1, 2],
    [0.25, -1, 0.25],
    [0.5, -1, 0.25],
    [1.1, 1, 1.25],
    [1.1, -1, 1],
    [1.2500000001, 1, 1.5],
    [1.2499999999, -1, 1],
    [3, 1, 2],
    [3, -1, 2],
    [0.1, 1, 0.25],
    [0.1, -1, 0.25],
    [Number.NaN, 1, 1.25],
  ])('%d, %d → %d', (rate, direction, next) => {
    expect(nextRate(rate, direction)).toBe(next);
  });
});
