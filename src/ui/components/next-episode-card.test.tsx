import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NextEpisodeCard, type NextEpisodeCardProps } from './next-episode-card.tsx';

const props: NextEpisodeCardProps = {
  order: 4,
  title: 'Возвращение',
  description: 'Герои возвращаются домой и узнают, что всё изменилось.',
  posterUrl: 'https://kino.example/posters/s2e4.jpg',
  onWatch: () => {},
  placement: 'ended',
};

const render = (overrides: Partial<NextEpisodeCardProps> = {}) => renderToStaticMarkup(<NextEpisodeCard {...props} {...overrides} />);

/** The opening tag of the element with the given role, and the text of the element it names. */
function labelled(html: string, role: string) {
  const tag = new RegExp(`<div [^>]*role="${role}"[^>]*>`).exec(html)?.[0] ?? '';
  const id = /aria-labelledby="([^"]+)"/.exec(tag)?.[1] ?? 'none';
  const name = new RegExp(`<(\\w+) id="${id}"[^>]*>([^<]*)</\\1>`).exec(html)?.[2];
  return { tag, name };
}

describe('NextEpisodeCard (SPEC.md section 2, next-episode card)', () => {
  it('shows Следующий эпизод, Эпизод N, the title and the description', () => {
    const html = render();
    expect(html).toMatch(/<h2 [^>]*>Следующий эпизод<\/h2>/);
    expect(html).toContain('>Эпизод 4</p>');
    expect(html).toContain('>Возвращение</p>');
    expect(html).toContain('>Герои возвращаются домой и узнают, что всё изменилось.</p>');
    expect(render({ order: 12 })).toContain('>Эпизод 12</p>');
  });

  it('has one button, Смотреть', () => {
    expect([...render().matchAll(/<button type="button"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1])).toEqual(['Смотреть']);
  });

  it('at the end of an episode, counts down and offers Отмена', () => {
    const html = render({ secondsLeft: 4, onDismiss: () => {} });
    expect(html).toContain('>Начнётся через 4 с</p>');
    expect([...html.matchAll(/<button type="button"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1])).toEqual(['Смотреть', 'Отмена']);
    expect(render()).not.toContain('Начнётся');
  });

  it('shows the poster as a decorative image when given', () => {
    const html = render();
    expect(html).toMatch(/<img class="next-episode-card__poster" src="https:\/\/kino.example\/posters\/s2e4.jpg" alt=""\/>/);
    expect(html).not.toContain('next-episode-card__placeholder');
  });

  it('shows a placeholder without a poster', () => {
    const html = render({ posterUrl: undefined });
    expect(html).not.toContain('<img');
    expect(html).toMatch(/<div class="next-episode-card__placeholder" aria-hidden="true"><svg /);
  });

  it('at the end of an episode: a dialog over the player, named Следующий эпизод', () => {
    const html = render();
    expect(html).toContain('<div class="next-episode-card next-episode-card--ended">');
    const { tag, name } = labelled(html, 'dialog');
    expect(tag).toBeTruthy();
    expect(name).toBe('Следующий эпизод');
    expect(html).not.toContain('role="group"');
  });

  it('as a preview: a group, named Следующий эпизод, with no backdrop', () => {
    const html = render({ placement: 'preview' });
    expect(html).toContain('<div class="next-episode-card next-episode-card--preview">');
    const { tag, name } = labelled(html, 'group');
    expect(tag).toBeTruthy();
    expect(name).toBe('Следующий эпизод');
    expect(html).not.toContain('role="dialog"');
  });

  it('catches the pointer, clamps the description to 3 lines, and in a low frame keeps the countdown and buttons while the text gives way', () => {
    const css = readFileSync(new URL('../styles/next-episode-card.css', import.meta.url), 'utf8');
    expect(css).toMatch(/\.next-episode-card \{[^}]*pointer-events: auto/);
    expect(css).toMatch(/\.next-episode-card__description \{[^}]*-webkit-line-clamp: 3/);
    // The ended panel never scrolls: what does not fit is the text's, never the buttons'.
    expect(css).toMatch(/\.next-episode-card__panel--ended \{[^}]*overflow: hidden/);
    expect(css).toMatch(/\.next-episode-card__countdown, \.next-episode-card__actions \{ flex: none; \}/);
    expect(css).toMatch(/\.next-episode-card__text \{[^}]*min-height: 0; overflow: hidden/);
    expect(css).toMatch(/@media \(max-height: 300px\) \{[^@]*\.next-episode-card__description \{ display: none; \}/);
    expect(css).toMatch(/@media \(max-height: 190px\) \{[^@]*\.next-episode-card__media \{ display: none; \}/);
  });
});
