import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResumePrompt } from './resume-prompt.tsx';

const render = (timeLabel = '1:02:03') =>
  renderToStaticMarkup(<ResumePrompt timeLabel={timeLabel} onContinue={() => {}} onStartOver={() => {}} />);

/** The button texts in document order. */
const buttons = (html: string) => [...html.matchAll(/<button type="button"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

describe('ResumePrompt (SPEC.md section 2, resume window)', () => {
  it('is a non-modal dialog named by the text Вы остановились на H:MM:SS', () => {
    const html = render();
    const dialog = /<div [^>]*role="dialog"[^>]*>/.exec(html)?.[0] ?? '';
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(dialog)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(dialog).not.toContain('aria-modal');
    expect(html).toMatch(new RegExp(`<p id="${labelledBy}"[^>]*>Вы остановились на 1:02:03</p>`));
  });

  it('shows the given time as is', () => {
    expect(render('0:00:07')).toContain('>Вы остановились на 0:00:07</p>');
  });

  it('offers Продолжить просмотр (primary) then Начать сначала as real buttons inside the dialog', () => {
    const html = render();
    const dialogStart = html.indexOf('role="dialog"');
    expect(dialogStart).toBeGreaterThan(-1);
    expect(buttons(html.slice(dialogStart))).toEqual(['Продолжить просмотр', 'Начать сначала']);
    expect(html).toMatch(/<button type="button" class="[^"]*resume-prompt__button--primary[^"]*">Продолжить просмотр<\/button>/);
    expect(html).not.toMatch(/--primary[^"]*">Начать сначала/);
  });

  it('catches the pointer over the player (the UI layer above it does not)', () => {
    const css = readFileSync(new URL('../styles/resume-prompt.css', import.meta.url), 'utf8');
    expect(render()).toMatch(/^<div class="resume-prompt">/);
    expect(/\.resume-prompt \{[^}]*pointer-events: auto/.test(css)).toBe(true);
  });
});
