/** Why an ad should be playing or not (SPEC.md section 3, play state). */
export interface AdPlayState {
  /** What was last asked: play, pause, or nothing yet. */
  type: 'play' | 'pause' | 'none';
  /** The player is at least 51 % in view. */
  isVisible: boolean;
  /** The last request came from the viewer's own click. */
  isClick: boolean;
  isDocumentHidden: boolean;
  isPIP: boolean;
}

/** The share of the player that must be in view for an ad to play by itself (SPEC.md section 9). */
export const AD_VISIBILITY_THRESHOLD = 0.51;

/**
 * SPEC.md section 4: a hidden document never plays; a viewer's click is obeyed; otherwise the ad
 * plays only while in view and asked to play.
 */
export function adShouldPlay(state: AdPlayState): boolean {
  if (state.isDocumentHidden) return false;
  if (state.isClick) return state.type === 'play';
  return state.isVisible && state.type === 'play';
}
