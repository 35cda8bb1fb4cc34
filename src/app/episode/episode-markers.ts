import type { Episode } from '../../contract/schemas/schema.ts';

/** An episode's intro and where its credits start, in seconds from its start (the catalogue's markers). */
export interface EpisodeMarkers {
  intro: { start: number; end: number } | undefined;
  creditsStart: number | undefined;
}

/** The markers the catalogue gave the episode; a malformed intro (end not after start) counts as none. */
export function markersOf(episode: Pick<Episode, 'intro' | 'creditsStart'>): EpisodeMarkers {
  const intro = episode.intro && episode.intro.end > episode.intro.start ? episode.intro : undefined;
  return { intro, creditsStart: episode.creditsStart ?? undefined };
}

/** What the playhead's place means, at one report. */
export interface MarkerStep {
  /** Inside the intro: where 'Пропустить заставку' jumps (its end); undefined outside it. */
  skipTo: number | undefined;
  /** Jump to the intro's end now, without a click (the viewer's 'Всегда пропускать'). */
  autoSkip: boolean;
  /** The credits began at this report (once per episode view). */
  creditsReached: boolean;
}

export interface MarkerTracker {
  /**
   * A seek to `target` began: the playhead gets there by a jump, not by playing.
   * @returns true when it leaves credits already reached (their card goes; they stay reached:
   * once per view, and at the episode's end its card shows as always).
   */
  seeking(target: number): boolean;
  /** A new source is on the element (a voice-over, a reload): its first report says where playing starts. */
  restart(): void;
  /** The playhead is at `time`; `playing`: frames move; `alwaysSkip`: the viewer's saved choice. */
  at(time: number, playing: boolean, alwaysSkip: boolean): MarkerStep;
}

/**
 * A load's first report lands a few frames after where it started: an intro that starts at 0 is
 * still entered "from its start" when the first report says 0.3.
 */
export const START_SLACK_S = 0.5;

/**
 * One episode view's intro and credits. The intro is skipped without a click only when playing
 * enters it — from before its start, or starting at its start — and once per view: a viewer who
 * seeks into the intro wants to see it, and one who went back to it after a skip does too. The
 * credits are reached once per view, by playing into them or by a jump while playing.
 */
export function createMarkerTracker(markers: EpisodeMarkers): MarkerTracker {
  const { intro, creditsStart } = markers;
  /** Whether the playhead's run of playing began before the intro; undefined until the run's first report. */
  let fromBefore: boolean | undefined;
  let skipped = false;
  let credits = false;
  return {
    seeking(target) {
      fromBefore = intro !== undefined && target < intro.start;
      return credits && creditsStart !== undefined && target < creditsStart;
    },
    restart() {
      fromBefore = undefined;
    },
    at(time, playing, alwaysSkip) {
      fromBefore ??= intro !== undefined && time <= intro.start + START_SLACK_S;
      const inside = intro !== undefined && time >= intro.start && time < intro.end;
      const autoSkip = inside && playing && alwaysSkip && fromBefore && !skipped;
      if (autoSkip) skipped = true;
      const creditsReached = creditsStart !== undefined && !credits && playing && time >= creditsStart;
      if (creditsReached) credits = true;
      return { skipTo: inside ? intro.end : undefined, autoSkip, creditsReached };
    },
  };
}
