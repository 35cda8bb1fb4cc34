import { describe, expect, it } from 'vitest';
import { holdEarlyTap } from './start-button.ts';

describe('a tap on the play button before the player exists', () => {
  it('is kept, so playback can start for it', () => {
    const button = new EventTarget();
    const hold = holdEarlyTap(button);
    button.dispatchEvent(new Event('click'));
    expect(hold.taken()).toBe(true);
  });

  it('is not invented when nobody tapped, and later taps are left to the player', () => {
    const button = new EventTarget();
    const hold = holdEarlyTap(button);
    expect(hold.taken()).toBe(false);
    button.dispatchEvent(new Event('click'));
    expect(hold.taken()).toBe(false);
  });

  it('holds nothing when the document has no play button', () => {
    expect(holdEarlyTap(null).taken()).toBe(false);
  });
});
