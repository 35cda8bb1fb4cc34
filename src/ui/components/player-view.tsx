import type { Ref } from 'react';

export interface PlayerViewProps {
  title: string;
  videoRef: Ref<HTMLVideoElement>;
}

/** The video with the content's title over it; the controls bar comes later. */
export function PlayerView({ title, videoRef }: PlayerViewProps) {
  return (
    <div className="player">
      <video className="player__video" ref={videoRef} controls playsInline preload="metadata" crossOrigin="anonymous" />
      <h1 className="player__title">{title}</h1>
    </div>
  );
}
