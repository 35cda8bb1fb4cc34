/** A playable source (SPEC.md section 3, player media objects). */
export interface MediaSourceDescriptor {
  src: string;
  type: 'hls' | 'dash' | 'progressive';
}

/** A source attached to a <video>; destroy() is idempotent and detaches everything. */
export interface AttachedSource {
  destroy(): void;
}

export interface AttachOptions {
  /** A fatal playback failure the element cannot recover from. */
  onFatalError(message: string): void;
}
