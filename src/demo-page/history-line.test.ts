import { describe, expect, it } from 'vitest';
import { clock, historyLine } from './history-line.ts';

describe('the account panel\'s history lines', () => {
  it('writes the time the viewer stopped at as h:mm:ss', () => {
    expect(clock(0)).toBe('0:00:00');
    expect(clock(3725.8)).toBe('1:02:05');
  });

  it('names the season and episode of a series, not of a film, and leaves out a time never saved', () => {
    const episode = { order: 3, season: { order: 2 } };
    expect(historyLine({ content: { title: 'Сериал', hasMultipleEpisodes: true }, lastEpisode: episode, time: 725 })).toBe('Сериал · 2 сезон, 3 серия · остановились на 0:12:05');
    expect(historyLine({ content: { title: 'Фильм', hasMultipleEpisodes: false }, lastEpisode: episode, time: 61 })).toBe('Фильм · остановились на 0:01:01');
    expect(historyLine({ content: { title: 'Фильм' }, lastEpisode: null, time: null })).toBe('Фильм');
  });
});
