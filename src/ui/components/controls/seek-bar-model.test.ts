import { describe, expect, it } from 'vitest';
import type { ThumbnailCue } from '../../../workers-client/thumbnails-client.ts';
import {
  createScrub, formatTime, keyStep, keyTarget, previewLeft, seekBarView, thumbnailStyle, throttle, timeFromPointer, valueText,
  type Clock,
} from './seek-bar-model.ts';

describe('formatTime', () => {
  it.each<[number, string]>([
    [0, '0:00:00'],
    [5.9, '0:00:05'],
    [65, '0:01:05'],
    [1440, '0:24:00'],
    [3723.4, '1:02:03'],
    [36_000, '10:00:00'],
    [-3, '0:00:00'],
    [Number.NaN, '0:00:00'],
    [Number.POSITIVE_INFINITY, '0:00:00'],
  ])('%s s reads %s', (seconds, text) => expect(formatTime(seconds)).toBe(text));
});

describe('valueText', () => {
  it.each<[number, number, string]>([
    [65, 1440, '0:01:05 из 0:24:00'],
    [0, 5400.5, '0:00:00 из 1:30:00'],
    [12, Number.POSITIVE_INFINITY, '0:00:12'],
    [12, Number.NaN, '0:00:12'],
    [0, 0, '0:00:00'],
  ])('%s of %s reads %s', (current, duration, text) => expect(valueText(current, duration)).toBe(text));
});

describe('seekBarView', () => {
  it.each<[string, number, number, number, { played: number; buffered: number; valueNow: number }]>([
    ['a quarter played, a half buffered', 25, 25, 100, { played: 0.25, buffered: 0.5, valueNow: 25 }],
    ['buffer past the end is capped', 90.7, 30, 100, { played: 0.907, buffered: 1, valueNow: 90 }],
    ['no duration shows nothing played', 40, 5, Number.NaN, { played: 0, buffered: 0, valueNow: 40 }],
    ['live (infinite duration) shows nothing played', 40, 5, Number.POSITIVE_INFINITY, { played: 0, buffered: 0, valueNow: 40 }],
    ['a negative time reads 0', -1, 0, 100, { played: 0, buffered: 0, valueNow: 0 }],
  ])('%s', (_name, time, ahead, duration, expected) => {
    expect(seekBarView(time, ahead, duration)).toMatchObject(expected);
  });
});

describe('timeFromPointer', () => {
  const rect = { left: 100, width: 400 };
  it.each<[string, number, { left: number; width: number }, number, number]>([
    ['left edge', 100, rect, 1000, 0],
    ['middle', 300, rect, 1000, 500],
    ['right edge', 500, rect, 1000, 1000],
    ['left of the bar clamps to 0', 20, rect, 1000, 0],
    ['right of the bar clamps to the duration', 900, rect, 1000, 1000],
    ['no duration', 300, rect, Number.NaN, 0],
    ['live', 300, rect, Number.POSITIVE_INFINITY, 0],
    ['a bar not laid out', 300, { left: 0, width: 0 }, 1000, 0],
  ])('%s', (_name, clientX, bar, duration, time) => expect(timeFromPointer(clientX, bar, duration)).toBe(time));
});

describe('previewLeft (the box stays inside the bar)', () => {
  it.each<[number, number, number, number]>([
    [200, 400, 160, 120],
    [10, 400, 160, 0],
    [395, 400, 160, 240],
    [50, 100, 160, -30],
  ])('pointer %s on a %s px bar, box %s px → left %s', (x, bar, width, left) => expect(previewLeft(x, bar, width)).toBe(left));
});

describe('thumbnailStyle', () => {
  const sprite: ThumbnailCue = { url: 'https://cdn.example/sprite.jpg', startTime: 10, endTime: 20, width: 160, height: 90, coords: { x: 320, y: 90 } };

  it('shows a sprite tile of the cue size, offset to its coords', () => {
    expect(thumbnailStyle(sprite, 300, 800)).toEqual({
      left: 220,
      width: 160,
      height: 90,
      backgroundImage: 'url("https://cdn.example/sprite.jpg")',
      backgroundPosition: '-320px -90px',
      backgroundSize: 'auto',
    });
  });

  it.each<[number, number]>([
    [20, 0],
    [790, 640],
  ])('pointer at %s px keeps the preview inside an 800 px bar (left %s)', (x, left) => {
    expect(thumbnailStyle(sprite, x, 800).left).toBe(left);
  });

  it('shows a whole image in the default box when the cue has no tile', () => {
    const whole: ThumbnailCue = { url: 'https://cdn.example/t/1.jpg', startTime: 0, endTime: 5 };
    expect(thumbnailStyle(whole, 400, 800)).toMatchObject({ width: 160, height: 90, backgroundPosition: '0px 0px', backgroundSize: 'cover' });
  });

  it('keeps a quote or line break in the url from ending the CSS value', () => {
    const style = thumbnailStyle({ ...sprite, url: 'https://cdn.example/a"b\nc\\d.jpg' }, 0, 800);
    expect(style.backgroundImage).toBe('url("https://cdn.example/a%22b%0Ac\\\\d.jpg")');
  });
});

describe('keyboard (SPEC.md section 9: 5 s, 10 s with Shift)', () => {
  it.each<[string, boolean, ReturnType<typeof keyStep>]>([
    ['ArrowLeft', false, { delta: -5 }],
    ['ArrowRight', false, { delta: 5 }],
    ['ArrowLeft', true, { delta: -10 }],
    ['ArrowRight', true, { delta: 10 }],
    ['PageDown', false, { delta: -10 }],
    ['PageUp', false, { delta: 10 }],
    ['Home', false, { to: 'start' }],
    ['End', false, { to: 'end' }],
    ['ArrowUp', false, undefined],
    ['ArrowDown', false, undefined],
    [' ', false, undefined],
  ])('%s (shift %s) → %j', (key, shift, step) => expect(keyStep(key, shift)).toEqual(step));

  it.each<[string, boolean, number, number, number | undefined]>([
    ['ArrowRight', false, 60, 1440, 65],
    ['ArrowLeft', true, 60, 1440, 50],
    ['ArrowLeft', false, 2, 1440, 0],
    ['ArrowRight', false, 1438, 1440, 1440],
    ['Home', false, 600, 1440, 0],
    ['End', false, 600, 1440, 1440],
    ['ArrowRight', false, 60, Number.POSITIVE_INFINITY, undefined],
    ['End', false, 60, Number.NaN, undefined],
    ['Enter', false, 60, 1440, undefined],
  ])('%s (shift %s) from %s of %s → %s', (key, shift, current, duration, target) => {
    expect(keyTarget(key, shift, current, duration)).toBe(target);
  });
});

function fakeClock() {
  let now = 0;
  const timers: Array<{ at: number; run: () => void; live: boolean }> = [];
  const clock: Clock = {
    now: () => now,
    schedule(run, ms) {
      const timer = { at: now + ms, run, live: true };
      timers.push(timer);
      return () => { timer.live = false; };
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.live && t.at <= now)) {
      timer.live = false;
      timer.run();
    }
  };
  return { clock, advance, now: () => now };
}

describe('throttle', () => {
  it('calls at once, then at most once per interval with the latest value', () => {
    const { clock, advance } = fakeClock();
    const calls: number[] = [];
    const throttled = throttle((value: number) => calls.push(value), 100, clock);
    throttled.push(1);
    advance(30);
    throttled.push(2);
    advance(30);
    throttled.push(3);
    expect(calls).toEqual([1]);
    advance(40);
    expect(calls).toEqual([1, 3]);
    advance(150);
    throttled.push(4);
    expect(calls).toEqual([1, 3, 4]);
  });

  it('fire calls at once and drops the waiting value', () => {
    const { clock, advance } = fakeClock();
    const calls: number[] = [];
    const throttled = throttle((value: number) => calls.push(value), 100, clock);
    throttled.push(1);
    throttled.push(2);
    throttled.fire(3);
    advance(500);
    expect(calls).toEqual([1, 3]);
  });

  it('drops a waiting value on cancel', () => {
    const { clock, advance } = fakeClock();
    const calls: number[] = [];
    const throttled = throttle((value: number) => calls.push(value), 100, clock);
    throttled.push(1);
    throttled.push(2);
    throttled.cancel();
    advance(500);
    expect(calls).toEqual([1]);
  });
});

describe('createScrub (SPEC.md section 9: drag throttle 20 ms, seeking throttle 100 ms)', () => {
  function setUp() {
    const { clock, advance, now } = fakeClock();
    const drawn: number[] = [];
    const seeks: number[] = [];
    const log: Array<{ kind: 'draw' | 'seek'; at: number; time: number }> = [];
    const scrub = createScrub<{ time: number }>(
      {
        draw(at) {
          drawn.push(at.time);
          log.push({ kind: 'draw', at: now(), time: at.time });
        },
        seek(time) {
          seeks.push(time);
          log.push({ kind: 'seek', at: now(), time });
        },
      },
      clock,
    );
    const gaps = (kind: 'draw' | 'seek') => {
      const times = log.filter((entry) => entry.kind === kind).map((entry) => entry.at);
      return times.slice(1).map((at, index) => at - (times[index] ?? 0));
    };
    return { scrub, advance, drawn, seeks, gaps };
  }

  it('draws and requests the pressed position at once', () => {
    const { scrub, drawn, seeks } = setUp();
    scrub.start({ time: 42 });
    expect(drawn).toEqual([42]);
    expect(seeks).toEqual([42]);
    expect(scrub.at).toEqual({ time: 42 });
  });

  it('while dragging, draws at most every 20 ms and seeks at most every 100 ms, ending on the latest position', () => {
    const { scrub, advance, drawn, seeks, gaps } = setUp();
    scrub.start({ time: 0 });
    for (let step = 1; step <= 30; step += 1) {
      advance(5);
      scrub.move({ time: step });
    }
    expect(drawn.length).toBeGreaterThanOrEqual(7);
    expect(seeks.length).toBeGreaterThanOrEqual(2);
    advance(100);
    expect(Math.min(...gaps('draw'))).toBeGreaterThanOrEqual(20);
    expect(Math.min(...gaps('seek'))).toBeGreaterThanOrEqual(100);
    expect(drawn.at(-1)).toBe(30);
    expect(seeks.at(-1)).toBe(30);
    expect(seeks.length).toBeLessThanOrEqual(3);
  });

  it('always requests the released position, and nothing after it', () => {
    const { scrub, advance, drawn, seeks } = setUp();
    scrub.start({ time: 5 });
    advance(30);
    scrub.move({ time: 7 });
    scrub.end({ time: 8 });
    advance(500);
    expect(seeks).toEqual([5, 8]);
    expect(drawn.at(-1)).toBe(8);
    expect(scrub.at).toBeUndefined();
  });

  it('a cancelled drag ends where it last was', () => {
    const { scrub, seeks } = setUp();
    scrub.start({ time: 5 });
    scrub.move({ time: 9 });
    scrub.end();
    expect(seeks).toEqual([5, 9]);
  });

  it('ignores moves and releases without a press, and disposing sends nothing more', () => {
    const { scrub, advance, seeks } = setUp();
    scrub.move({ time: 3 });
    scrub.end({ time: 3 });
    expect(seeks).toEqual([]);
    scrub.start({ time: 1 });
    scrub.move({ time: 2 });
    scrub.dispose();
    advance(500);
    expect(seeks).toEqual([1]);
  });
});
