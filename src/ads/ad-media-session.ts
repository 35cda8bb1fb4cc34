/** The media session's title while an ad plays (SPEC.md section 9). */
export const AD_MEDIA_SESSION_TITLE = 'Объявление';

/** Shows 'Объявление' in the system's media controls; returns how to put the film's back. */
export function mediaSessionTitle(): () => void {
  const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
  if (!session || typeof MediaMetadata === 'undefined') return () => undefined;
  const previous = session.metadata;
  session.metadata = new MediaMetadata({ title: AD_MEDIA_SESSION_TITLE });
  return () => {
    if (session.metadata?.title === AD_MEDIA_SESSION_TITLE) session.metadata = previous;
  };
}
