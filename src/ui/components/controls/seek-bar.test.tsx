import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { initialPlayerState, type PlayerState } from '../../../core/player-state.ts';
import { createStore } from '../../../core/store.ts';
import { SeekBar } from './seek-bar.tsx';

const render = (patch: Partial<PlayerState>) => {
  const store = createStore({ ...initialPlayerState(), ...patch });
  return renderToStaticMarkup(<SeekBar store={store} onSeek={() => {}} onPrefetch={() => {}} thumbnailAt={() => undefined} active />);
};

/** The opening tag of the slider. */
const slider = (html: string) => /<div [^>]*role="slider"[^>]*>/.exec(html)?.[0] ?? '';
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

describe('SeekBar (SPEC.md section 2, seek bar)', () => {
  it('is a focusable slider named Перемотка with the time as its value', () => {
    const tag = slider(render({ currentTime: 65.8, duration: 1440.4, bufferedAhead: 10 }));
    expect(attribute(tag, 'aria-label')).toBe('Перемотка');
    expect(attribute(tag, 'tabindex')).toBe('0');
    expect(attribute(tag, 'aria-valuemin')).toBe('0');
    expect(attribute(tag, 'aria-valuemax')).toBe('1440');
    expect(attribute(tag, 'aria-valuenow')).toBe('65');
    expect(attribute(tag, 'aria-valuetext')).toBe('0:01:05 из 0:24:00');
    expect(attribute(tag, 'aria-disabled')).toBeUndefined();
  });

  it.each<[string, number]>([
    ['unknown', Number.NaN],
    ['live', Number.POSITIVE_INFINITY],
    ['zero', 0],
  ])('looks and reads disabled when the duration is %s', (_name, duration) => {
    const tag = slider(render({ currentTime: 12, duration }));
    expect(attribute(tag, 'aria-disabled')).toBe('true');
    expect(attribute(tag, 'class')).toContain('seek-bar--disabled');
    expect(attribute(tag, 'aria-valuetext')).toBe('0:00:12');
  });

  it('draws the played and buffered parts of the timeline from the state', () => {
    const html = render({ currentTime: 360, duration: 1440, bufferedAhead: 360 });
    expect(html).toMatch(/class="seek-bar__buffered" style="transform:scaleX\(0\.5\)"/);
    expect(html).toMatch(/class="seek-bar__played" style="transform:scaleX\(0\.25\)"/);
  });

  it('hides the hover preview until the pointer is over the bar', () => {
    expect(render({ duration: 100 })).toMatch(/<div class="seek-bar__preview" aria-hidden="true" hidden="">/);
  });

  it('takes the pointer with a touch-sized hit box and no browser panning', () => {
    const css = readFileSync(new URL('../../styles/seek-bar.css', import.meta.url), 'utf8');
    const rule = /\.seek-bar \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toContain('pointer-events: auto');
    expect(rule).toContain('touch-action: none');
    expect(Number(/height: (\d+)px/.exec(rule)?.[1])).toBeGreaterThanOrEqual(24);
  });
});
