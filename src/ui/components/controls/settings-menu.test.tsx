import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AudioTrack, Quality } from '../../../core/player-state.ts';
import { SettingsMenu, type SettingsMenuProps } from './settings-menu.tsx';

const quality = (index: number, height: number, bitrate: number): Quality =>
  ({ id: `q${index}`, width: 0, height, bitrate, codec: 'avc1', index, selected: false });
const track = (index: number, label: string): AudioTrack =>
  ({ id: `a${index}`, label, language: 'ru', kind: 'main', mimeType: 'audio/mp4', codec: 'mp4a', index });
const noop = () => {};

const props: SettingsMenuProps = {
  view: 'main', onNavigate: noop, onChosen: noop, onClose: noop,
  qualities: [quality(0, 480, 1_200_000), quality(1, 1080, 5_000_000)], qualityIndex: 0, qualityChoice: 'auto', onSelectQuality: noop,
  rate: 1, onSelectRate: noop,
  audioTracks: [track(0, 'Дубляж')], audioTrackIndex: 0, onSelectAudioTrack: noop,
  textTracks: [{ id: 'ru', label: 'Русские', language: 'ru' }], activeTextTrackId: undefined, onSelectTextTrack: noop,
  audioGain: undefined, onSelectAudioGain: noop,
  compact: false, extras: [{ id: 'share', label: 'Поделиться', onSelect: noop }],
};

const render = (overrides: Partial<SettingsMenuProps> = {}) => renderToStaticMarkup(<SettingsMenu {...props} {...overrides} />);

/** Every element with the role, as its opening tag and its text (tags stripped). */
function items(html: string, role: 'menuitem' | 'menuitemradio' | 'menuitemcheckbox') {
  const pattern = new RegExp(`<button ([^>]*role="${role}"[^>]*)>(.*?)</button>`, 'g');
  return [...html.matchAll(pattern)].map(([, attributes = '', inner = '']) => ({ attributes, text: inner.replace(/<[^>]+>/g, '') }));
}
const texts = (html: string, role: 'menuitem' | 'menuitemradio') => items(html, role).map((item) => item.text);
const checkedTexts = (html: string) => items(html, 'menuitemradio').filter((item) => item.attributes.includes('aria-checked="true"')).map((item) => item.text);

describe('SettingsMenu main panel (SPEC.md section 2)', () => {
  it('is a menu named Настройки with Качество and Скорость showing their values', () => {
    const html = render();
    expect(html).toContain('role="menu" aria-label="Настройки"');
    expect(texts(html, 'menuitem')).toEqual(['Качество Авто (480p)›', 'Скорость Обычная›']);
    for (const item of items(html, 'menuitem')) expect(item.attributes).toContain('aria-haspopup="menu"');
  });

  it('shows a chosen quality and rate as such', () => {
    expect(texts(render({ qualityChoice: 1, qualityIndex: 1, rate: 1.5 }), 'menuitem')).toEqual(['Качество 1080p›', 'Скорость 1,5›']);
  });

  it('hides Аудио with one track and shows the current one with two', () => {
    expect(render()).not.toContain('Аудио');
    const html = render({ audioTracks: [track(0, 'Дубляж'), track(1, 'Оригинал')], audioTrackIndex: 1 });
    expect(texts(html, 'menuitem')).toContain('Аудио Оригинал›');
  });

  it('shows Усиление звука only where the boost is supported', () => {
    expect(render()).not.toContain('Усиление звука');
    expect(texts(render({ audioGain: 1.5 }), 'menuitem')).toContain('Усиление звука 150 %›');
  });

  it('on mobile adds Субтитры (Выкл.) and the extras, which open no submenu', () => {
    const html = render({ compact: true });
    expect(texts(html, 'menuitem')).toEqual(['Качество Авто (480p)›', 'Скорость Обычная›', 'Субтитры Выкл.›', 'Поделиться']);
    expect(items(html, 'menuitem').at(-1)?.attributes).not.toContain('aria-haspopup');
    expect(texts(render({ compact: true, activeTextTrackId: 'ru' }), 'menuitem')).toContain('Субтитры Русские›');
  });

  it("offers 'Всегда пропускать заставку' as a checkbox item saying whether it is on, at every size", () => {
    const always = (on: boolean) => ({ switches: [{ id: 'always-skip-intro', label: 'Всегда пропускать заставку', on, onToggle: noop }] });
    for (const compact of [false, true]) {
      const off = items(render({ ...always(false), compact }), 'menuitemcheckbox');
      expect(off.map((item) => item.text)).toEqual(['Всегда пропускать заставку Выкл.']);
      expect(off[0]?.attributes).toContain('aria-checked="false"');
    }
    expect(items(render(always(true)), 'menuitemcheckbox')[0]?.attributes).toContain('aria-checked="true"');
    expect(render()).not.toContain('menuitemcheckbox');
  });
});

describe('SettingsMenu submenus', () => {
  it('each starts with Назад and the panel title, and names its list by it', () => {
    const html = render({ view: 'playback-rate' });
    expect(html).toMatch(/<button type="button" class="settings-menu__back" aria-label="Назад"><span aria-hidden="true">‹<\/span><\/button><span class="settings-menu__title">Скорость<\/span>/);
    expect(html).toContain('role="menu" aria-label="Скорость"');
    expect(html).not.toContain('aria-label="Настройки"');
  });

  it('rate: eight rates with Обычная checked at 1', () => {
    const html = render({ view: 'playback-rate' });
    expect(texts(html, 'menuitemradio')).toEqual(['0,25', '0,5', '0,75', '✓Обычная', '1,25', '1,5', '1,75', '2']);
    expect(checkedTexts(html)).toEqual(['✓Обычная']);
  });

  it('quality: Авто first, then highest first with the bitrate', () => {
    const html = render({ view: 'quality', qualityChoice: 0, qualityIndex: 0 });
    expect(texts(html, 'menuitemradio')).toEqual(['Авто', '1080p 5,00 Мбит/с', '✓480p 1,20 Мбит/с']);
    expect(checkedTexts(render({ view: 'quality' }))).toEqual(['✓Авто']);
  });

  it('audio tracks, subtitles and boost list their choices with the current one checked', () => {
    const audio = render({ view: 'audio-tracks', audioTracks: [track(0, 'Дубляж'), track(1, 'Оригинал')], audioTrackIndex: 1 });
    expect(texts(audio, 'menuitemradio')).toEqual(['Дубляж', '✓Оригинал']);
    expect(texts(render({ view: 'subs' }), 'menuitemradio')).toEqual(['✓Выкл.', 'Русские']);
    const boost = render({ view: 'audio-boost', audioGain: 1 });
    expect(texts(boost, 'menuitemradio')).toHaveLength(8);
    expect(checkedTexts(boost)).toEqual(['✓100 %']);
  });
});

describe('settings-menu.css', () => {
  const css = readFileSync(new URL('../../styles/settings-menu.css', import.meta.url), 'utf8');

  it('hangs above the control bar, catches the pointer and scrolls within the player', () => {
    expect(render()).toMatch(/^<div class="settings-menu">/);
    expect(css).toMatch(/\.settings-menu \{[^}]*position: absolute; right: 8px; bottom: calc\(100% \+ 8px\)/);
    expect(css).toMatch(/\.settings-menu \{[^}]*pointer-events: auto/);
    expect(css).toMatch(/\.settings-menu__list \{[^}]*overflow-y: auto/);
  });

  it('gives touch screens 40 px rows', () => {
    expect(css).toMatch(/@media \(pointer: coarse\) \{\s*\.settings-menu__row \{ min-height: 40px; \}/);
  });
});
