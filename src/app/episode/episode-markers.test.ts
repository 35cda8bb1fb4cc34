import { describe, expect, it } from 'vitest';
import { createMarkerTracker, markersOf } from './episode-markers.ts';

const markers = { intro: { start: 3, end: 11 }, creditsStart: 19 };

describe('markersOf', () => {
  it('takes the catalogue fields, absent or null as none', () => {
    expect(markersOf({ intro: { start: 0, end: 8 }, creditsStart: 19 })).toEqual({ intro: { start: 0, end: 8 }, creditsStart: 19 });
    expect(markersOf({ intro: null, creditsStart: null })).toEqual({ intro: undefined, creditsStart: undefined });
    expect(markersOf({})).toEqual({ intro: undefined, creditsStart: undefined });
    expect(markersOf({ intro: { start: 5, end: 5 } }).intro).toBeUndefined();
  });
});

describe('the intro', () => {
  it('offers its end while the playhead is inside [start, end)', () => {
    const tracker = createMarkerTracker(markers);
    expect(tracker.at(2.9, true, false).skipTo).toBeUndefined();
    expect(tracker.at(3, true, false).skipTo).toBe(11);
    expect(tracker.at(10.9, true, false).skipTo).toBe(11);
    expect(tracker.at(11, true, false).skipTo).toBeUndefined();
  });

  it('is skipped without a click when playing enters it from before, once per view', () => {
    const tracker = createMarkerTracker(markers);
    expect(tracker.at(0.2, true, true).autoSkip).toBe(false);
    expect(tracker.at(3.1, true, true).autoSkip).toBe(true);
    tracker.seeking(11);
    expect(tracker.at(11, true, true).autoSkip).toBe(false);
    // Back before it and played into it again: the viewer chose to see it.
    tracker.seeking(1);
    expect(tracker.at(3.2, true, true)).toEqual({ skipTo: 11, autoSkip: false, creditsReached: false });
  });

  it('is skipped when playback starts at its start', () => {
    const tracker = createMarkerTracker({ intro: { start: 0, end: 8 }, creditsStart: undefined });
    expect(tracker.at(0.3, true, true).autoSkip).toBe(true);
  });

  it('is never skipped by itself after a seek into it, nor for a load that resumes inside it', () => {
    const seeked = createMarkerTracker(markers);
    seeked.at(15, true, true);
    seeked.seeking(5);
    expect(seeked.at(5, true, true)).toEqual({ skipTo: 11, autoSkip: false, creditsReached: false });
    expect(seeked.at(6, true, true).autoSkip).toBe(false);
    // A seek to its very start is a jump into it too.
    seeked.seeking(3);
    expect(seeked.at(3.5, true, true).autoSkip).toBe(false);

    const resumed = createMarkerTracker(markers);
    expect(resumed.at(6, true, true).autoSkip).toBe(false);
  });

  it('is skipped after a seek to before it, then playing into it', () => {
    const tracker = createMarkerTracker(markers);
    tracker.at(15, true, true);
    tracker.seeking(1);
    expect(tracker.at(1, true, true).autoSkip).toBe(false);
    expect(tracker.at(3.05, true, true).autoSkip).toBe(true);
  });

  it('waits for playing, and for the choice', () => {
    const tracker = createMarkerTracker(markers);
    tracker.at(0, false, true);
    expect(tracker.at(3.2, false, true).autoSkip).toBe(false);
    expect(tracker.at(3.4, true, false).autoSkip).toBe(false);
    expect(tracker.at(3.6, true, true).autoSkip).toBe(true);
  });

  it('a new source decides afresh from its first report', () => {
    const tracker = createMarkerTracker(markers);
    tracker.at(2.5, true, false);
    tracker.restart();
    expect(tracker.at(5, true, true).autoSkip).toBe(false);
  });

  it('an episode without an intro offers nothing', () => {
    const tracker = createMarkerTracker({ intro: undefined, creditsStart: undefined });
    expect(tracker.at(0, true, true)).toEqual({ skipTo: undefined, autoSkip: false, creditsReached: false });
  });
});

describe('the credits', () => {
  it('are reached once, when playing gets to their start', () => {
    const tracker = createMarkerTracker(markers);
    expect(tracker.at(18.9, true, false).creditsReached).toBe(false);
    expect(tracker.at(19, true, false).creditsReached).toBe(true);
    expect(tracker.at(19.5, true, false).creditsReached).toBe(false);
    tracker.seeking(10);
    tracker.at(10, true, false);
    expect(tracker.at(20, true, false).creditsReached).toBe(false);
  });

  it('are left by a seek back before their start, not by one within them or before they were reached', () => {
    const tracker = createMarkerTracker(markers);
    expect(tracker.seeking(5)).toBe(false);
    tracker.at(19.2, true, false);
    expect(tracker.seeking(21)).toBe(false);
    expect(tracker.seeking(12)).toBe(true);
  });

  it('are not reached while paused there (a seek in a paused film)', () => {
    const tracker = createMarkerTracker(markers);
    tracker.seeking(20);
    expect(tracker.at(20, false, false).creditsReached).toBe(false);
    expect(tracker.at(20.2, true, false).creditsReached).toBe(true);
  });

  it('without a marker are never reached', () => {
    const tracker = createMarkerTracker({ intro: undefined, creditsStart: undefined });
    expect(tracker.at(1e6, true, false).creditsReached).toBe(false);
  });
});
