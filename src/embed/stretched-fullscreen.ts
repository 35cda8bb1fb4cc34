/**
 * Stretched fullscreen (SPEC.md section 4): iPhone has no element fullscreen, so the player asks
 * its host page to stretch the frame over the whole viewport (enterFullScreen) and to put it
 * back (exitFullScreen). The frame's own style is saved and restored exactly.
 */
export interface StretchedFullscreen {
  readonly active: boolean;
  enter(): void;
  exit(): void;
}

const STRETCHED_STYLE: Readonly<Record<string, string>> = {
  position: 'fixed',
  inset: '0',
  width: '100vw',
  height: '100dvh',
  'max-width': 'none',
  'max-height': 'none',
  'aspect-ratio': 'auto',
  margin: '0',
  'z-index': '2147483647',
};

export function stretchedFullscreen(frame: HTMLElement): StretchedFullscreen {
  let saved: { style: string | null; overflow: string } | undefined;
  const root = frame.ownerDocument.documentElement;
  return {
    get active() {
      return saved !== undefined;
    },
    enter() {
      if (saved) return;
      saved = { style: frame.getAttribute('style'), overflow: root.style.overflow };
      for (const [name, value] of Object.entries(STRETCHED_STYLE)) frame.style.setProperty(name, value, 'important');
      // The page behind must not scroll under the viewer's fingers.
      root.style.overflow = 'hidden';
    },
    exit() {
      if (!saved) return;
      if (saved.style === null) frame.removeAttribute('style');
      else frame.setAttribute('style', saved.style);
      root.style.overflow = saved.overflow;
      saved = undefined;
    },
  };
}
