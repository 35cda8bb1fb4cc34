import { describe, expect, it } from 'vitest';
import type { AudioTrack, Quality } from '../../../core/player-state.ts';
import {
  AUDIO_GAINS,
  dataSaverRow,
  RATES,
  audioGainChoices,
  audioTrackChoices,
  mainRows,
  menuKeyAction,
  nextFocusIndex,
  qualityChoices,
  qualityOptions,
  qualitySummary,
  rateChoices,
  rateLabel,
  textTrackChoices,
  type MainRowsInput,
} from './settings-model.ts';

const quality = (index: number, height: number, bitrate: number): Quality =>
  ({ id: `q${index}`, width: (height * 16) / 9, height, bitrate, codec: 'avc1', index, selected: false });
const track = (index: number, label: string, language = 'ru'): AudioTrack =>
  ({ id: `a${index}`, label, language, kind: 'main', mimeType: 'audio/mp4', codec: 'mp4a', index });

// Engine order is arbitrary: lowest first here, and two renditions share 720p.
const QUALITIES = [quality(0, 360, 800_000), quality(1, 720, 2_500_000), quality(2, 1080, 5_000_000), quality(3, 720, 3_100_000)];

const base: MainRowsInput = {
  qualities: QUALITIES, qualityIndex: 1, qualityChoice: 'auto', rate: 1,
  audioTracks: [track(0, 'Дубляж')], audioTrackIndex: 0,
  textTracks: [], activeTextTrackId: undefined, audioGain: undefined, compact: false, extras: [],
};
const rowNames = (input: Partial<MainRowsInput>) => mainRows({ ...base, ...input }).map((row) => row.label);

describe('settings constants (SPEC.md section 9)', () => {
  it('offers the eight rates and eight gains', () => {
    expect(RATES).toEqual([0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]);
    expect(AUDIO_GAINS).toEqual([1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4]);
  });
});

describe('rateLabel', () => {
  it.each([
    [1, 'Обычная'], [0.25, '0,25'], [0.5, '0,5'], [0.75, '0,75'], [1.25, '1,25'], [1.5, '1,5'], [2, '2'], [1.1 + 0.4, '1,5'], [1.3, '1,3'],
  ])('%s → %s', (rate, label) => expect(rateLabel(rate)).toBe(label));
});

describe('qualityOptions', () => {
  it('sorts by height descending, equal heights by bitrate, keeping all of them', () => {
    expect(qualityOptions(QUALITIES)).toEqual([
      { index: 2, label: '1080p', detail: '5,00 Мбит/с' },
      { index: 3, label: '720p', detail: '3,10 Мбит/с' },
      { index: 1, label: '720p', detail: '2,50 Мбит/с' },
      { index: 0, label: '360p', detail: '0,80 Мбит/с' },
    ]);
  });
});

describe('qualitySummary', () => {
  it.each<[string, number, number | 'auto', string]>([
    ['auto, playing 720p', 1, 'auto', 'Авто (720p)'],
    ['auto, nothing playing yet', -1, 'auto', 'Авто'],
    ['chosen 1080p', 2, 2, '1080p'],
    ['chosen 360p while 720p still plays out its segment', 1, 0, '360p'],
    ['chosen, engine index unknown', 1, 9, 'Авто (720p)'],
  ])('%s', (_name, index, choice, text) => expect(qualitySummary(QUALITIES, index, choice)).toBe(text));
});

describe('mainRows', () => {
  it.each<[string, Partial<MainRowsInput>, string[]]>([
    ['desktop, one audio track', {}, ['Качество', 'Скорость']],
    ['desktop, two audio tracks', { audioTracks: [track(0, 'Дубляж'), track(1, 'Оригинал', 'en')] }, ['Качество', 'Скорость', 'Аудио']],
    ['boost supported', { audioGain: 1.5 }, ['Качество', 'Скорость', 'Усиление звука']],
    ['desktop ignores subtitles and extras', { textTracks: [{ id: 's', label: 'Русские', language: 'ru' }], extras: [{ id: 'pip', label: 'PiP', onSelect() {} }] }, ['Качество', 'Скорость']],
    ['compact adds Субтитры and extras', { compact: true, textTracks: [{ id: 's', label: 'Русские', language: 'ru' }], extras: [{ id: 'share', label: 'Поделиться', onSelect() {} }] }, ['Качество', 'Скорость', 'Субтитры', 'Поделиться']],
    ['compact without subtitles', { compact: true, extras: [{ id: 'share', label: 'Поделиться', onSelect() {} }] }, ['Качество', 'Скорость', 'Поделиться']],
  ])('%s', (_name, input, names) => expect(rowNames(input)).toEqual(names));

  it('shows each row’s current value', () => {
    const rows = mainRows({
      ...base, qualityChoice: 2, qualityIndex: 1, rate: 1.25, audioGain: 2, compact: true,
      audioTracks: [track(0, 'Дубляж'), track(1, '', 'en')], audioTrackIndex: 1,
      textTracks: [{ id: 's1', label: 'Русские', language: 'ru' }], activeTextTrackId: 's1',
    });
    expect(rows.map((row) => (row.kind === 'submenu' ? row.value : ''))).toEqual(['1080p', '1,25', 'en', '200 %', 'Русские']);
    expect(mainRows({ ...base, compact: true, textTracks: [{ id: 's1', label: 'Русские', language: 'ru' }] }).at(-1)).toMatchObject({ view: 'subs', value: 'Выкл.' });
  });

  it('calls the extra’s own action', () => {
    let shared = 0;
    const row = mainRows({ ...base, compact: true, extras: [{ id: 'share', label: 'Поделиться', onSelect: () => void shared++ }] }).at(-1);
    if (row?.kind !== 'action') throw new Error('expected the extra');
    row.onSelect();
    expect(shared).toBe(1);
  });
});

describe('submenu choices', () => {
  const checked = <T,>(choices: { label: string; checked: boolean; value: T }[]) => choices.filter((choice) => choice.checked).map((choice) => choice.label);

  it('quality: Авто first and checked in auto; a chosen rendition by its engine index', () => {
    expect(qualityChoices(QUALITIES, 'auto').map((choice) => choice.value)).toEqual(['auto', 2, 3, 1, 0]);
    expect(checked(qualityChoices(QUALITIES, 'auto'))).toEqual(['Авто']);
    const manual = qualityChoices(QUALITIES, 3);
    expect(manual.filter((choice) => choice.checked).map((choice) => [choice.label, choice.detail])).toEqual([['720p', '3,10 Мбит/с']]);
  });

  it.each([[1, ['Обычная']], [1.5, ['1,5']], [1.3, []]])('rate %s checks %j', (rate, names) => {
    expect(rateChoices(rate)).toHaveLength(8);
    expect(checked(rateChoices(rate))).toEqual(names);
  });

  it('audio tracks: label, else language; value is the engine index', () => {
    const choices = audioTrackChoices([track(4, 'Дубляж'), track(7, '', 'en')], 7);
    expect(choices.map((choice) => [choice.value, choice.label, choice.checked])).toEqual([[4, 'Дубляж', false], [7, 'en', true]]);
  });

  it.each([[undefined, ['Выкл.']], ['en', ['English']], ['gone', ['Выкл.']]])('subtitles with %s active check %j', (active, names) => {
    const choices = textTrackChoices([{ id: 'ru', label: 'Русские', language: 'ru' }, { id: 'en', label: 'English', language: 'en' }], active);
    expect(choices.map((choice) => choice.label)).toEqual(['Выкл.', 'Русские', 'English']);
    expect(checked(choices)).toEqual(names);
  });

  it('audio boost: percentages, the current gain checked', () => {
    expect(audioGainChoices(2.5).map((choice) => choice.label)).toEqual(['100 %', '125 %', '150 %', '175 %', '200 %', '250 %', '300 %', '400 %']);
    expect(checked(audioGainChoices(2.5))).toEqual(['250 %']);
  });
});

describe('nextFocusIndex', () => {
  it.each([
    [0, 'ArrowDown', 3, 1], [2, 'ArrowDown', 3, 0], [0, 'ArrowUp', 3, 2], [1, 'ArrowUp', 3, 0],
    [-1, 'ArrowDown', 3, 0], [-1, 'ArrowUp', 3, 2], [1, 'Home', 3, 0], [1, 'End', 3, 2],
    [1, 'Tab', 3, undefined], [0, 'ArrowDown', 0, undefined],
  ])('from %s, %s among %s → %s', (current, key, count, next) => expect(nextFocusIndex(current, key, count)).toBe(next));
});

describe('menuKeyAction', () => {
  it.each([
    ['main', 'Escape', undefined, { type: 'close' }],
    ['quality', 'Escape', undefined, { type: 'navigate', view: 'main' }],
    ['quality', 'ArrowLeft', undefined, { type: 'navigate', view: 'main' }],
    ['main', 'ArrowLeft', undefined, undefined],
    ['main', 'ArrowRight', 'playback-rate', { type: 'navigate', view: 'playback-rate' }],
    ['main', 'ArrowRight', undefined, undefined],
    ['subs', 'End', undefined, { type: 'focus', index: 3 }],
    ['main', 'k', undefined, undefined],
  ] as const)('%s: %s (row opens %s) → %j', (view, key, submenu, action) => {
    expect(menuKeyAction(view, key, 0, 4, submenu)).toEqual(action);
  });
});

describe('dataSaverRow', () => {
  const row = (input: Partial<Parameters<typeof dataSaverRow>[0]>) => dataSaverRow({ on: false, reason: 'network', savedBytes: 0, toggle: () => {}, ...input });

  it('says why when the saver turned itself on, and nothing when the viewer chose', () => {
    expect(row({ on: true, reason: 'save-data' })).toMatchObject({ kind: 'switch', label: 'Экономия трафика', on: true, note: 'Включено: браузер просит экономить трафик', locked: false });
    expect(row({ on: true, reason: 'network' })).toMatchObject({ note: 'Включено: медленная сеть' });
    expect(row({ on: true, reason: 'viewer' })).toMatchObject({ note: undefined });
    expect(row({ on: false, reason: 'network' })).toMatchObject({ on: false, note: undefined });
  });

  it('is locked when the site decides, and adds what it saved', () => {
    expect(row({ on: true, reason: 'host', savedBytes: 12_400_000 })).toMatchObject({ locked: true, note: 'Задано сайтом · Сэкономлено 12 МБ' });
    expect(row({ on: true, reason: 'viewer', savedBytes: 3_440_000 })).toMatchObject({ note: 'Сэкономлено 3,4 МБ' });
  });
});
