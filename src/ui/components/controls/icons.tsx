/**
 * The controls' glyphs, drawn inline (24 × 24, currentColor): no icon font or sprite request on
 * the way to a usable player. Decorative only; the buttons carry the accessible names.
 */
const PATHS = {
  play: 'M8 5.5v13l10.5-6.5z',
  pause: 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z',
  back10: 'M12 5V2L7 6l5 4V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8zm-1.1 11H9.9v-4.3l-1.3.4v-.9l2.2-.8h.1zm5.1-1.8c0 .6-.1 1.1-.4 1.4-.3.4-.7.5-1.2.5s-.9-.2-1.2-.5c-.3-.3-.4-.8-.4-1.4v-.8c0-.6.1-1.1.4-1.4.3-.4.7-.5 1.2-.5s.9.2 1.2.5c.3.3.4.8.4 1.4zm-1-.9c0-.4 0-.6-.2-.8a.5.5 0 0 0-.4-.3.5.5 0 0 0-.4.3c-.1.2-.2.4-.2.8v1c0 .4.1.6.2.8.1.2.2.3.4.3s.3-.1.4-.3c.1-.2.2-.4.2-.8z',
  forward10: 'M12 5V2l5 4-5 4V7a6 6 0 1 0 6 6h2a8 8 0 1 1-8-8zm-1.1 11H9.9v-4.3l-1.3.4v-.9l2.2-.8h.1zm5.1-1.8c0 .6-.1 1.1-.4 1.4-.3.4-.7.5-1.2.5s-.9-.2-1.2-.5c-.3-.3-.4-.8-.4-1.4v-.8c0-.6.1-1.1.4-1.4.3-.4.7-.5 1.2-.5s.9.2 1.2.5c.3.3.4.8.4 1.4zm-1-.9c0-.4 0-.6-.2-.8a.5.5 0 0 0-.4-.3.5.5 0 0 0-.4.3c-.1.2-.2.4-.2.8v1c0 .4.1.6.2.8.1.2.2.3.4.3s.3-.1.4-.3c.1-.2.2-.4.2-.8z',
  /** back10's arrow around an empty circle: from the start again. */
  replay: 'M12 5V2L7 6l5 4V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z',
  next: 'M6 6l8.5 6L6 18zM16 6h2v12h-2z',
  volume: 'M4 9v6h4l5 5V4L8 9zm12.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z',
  muted: 'M16.5 12A4.5 4.5 0 0 0 14 8v2.2l2.5 2.5zM19 12a7 7 0 0 1-.6 2.8l1.5 1.5A9 9 0 0 0 14 3.2v2.1A7 7 0 0 1 19 12zM4.3 3 3 4.3 7.7 9H4v6h4l5 5v-6.7l4.3 4.3a7 7 0 0 1-3.3 1.8v2.1a9 9 0 0 0 4.7-2.4l2 2 1.3-1.3-9-9zM13 4l-2.1 2.1L13 8.2z',
  settings: 'M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.3 7.3 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.3 7.3 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.2 1.6 2 3.5 2.5-1a7.3 7.3 0 0 0 1.7 1L11 21h4l.4-2.9a7.3 7.3 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z',
  subtitles: 'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm2 8v2h7v-2zm9 0v2h3v-2zM6 10v2h3v-2zm5 0v2h7v-2z',
  pip: 'M19 7h-8v6h8zm2-4H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm0 16H3V5h18z',
  fullscreen: 'M7 14H5v5h5v-2H7zm-2-4h2V7h3V5H5zm12 7h-3v2h5v-5h-2zM14 5v2h3v3h2V5z',
  exitFullscreen: 'M5 16h3v3h2v-5H5zm3-8H5v2h5V5H8zm6 11h2v-3h3v-2h-5zm2-11V5h-2v5h5V8z',
  airplay: 'M6 22h12l-6-6zM21 3H3a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4v-2H3V5h18v12h-4v2h4a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2z',
  cast: 'M1 18v3h3a3 3 0 0 0-3-3zm0-4v2a5 5 0 0 1 5 5h2a7 7 0 0 0-7-7zm0-4v2a9 9 0 0 1 9 9h2C12 14.9 7.1 10 1 10zm20-7H3a2 2 0 0 0-2 2v3h2V5h18v14h-7v2h7a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2z',
  close: 'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
