import type { ReactNode, Ref } from 'react';

export interface PlayerViewProps {
  title: string;
  videoRef: Ref<HTMLVideoElement>;
  children?: ReactNode;
}

/** The video with the content's title over it; the controls bar comes later. */
export function PlayerView({ title, videoRef, children }: PlayerViewProps) {
  return (
    <div className="player">
      <video className="player__video" ref={videoRef} controls playsInline preload="metadata" crossOrigin="anonymous" />
      <h1 className="player__title">{title}</h1>
      {children}
    </div>
  );
}
