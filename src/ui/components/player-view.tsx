import type { ReactNode, Ref } from 'react';

export interface PlayerViewProps {
  title: string;
  videoRef: Ref<HTMLVideoElement>;
  /** WebVTT files shown as the element's text tracks. */
  subtitles?: ReadonlyArray<{ src: string; label: string; language: string }>;
  children?: ReactNode;
}

/** The video with the content's title over it; the controls bar comes later. */
export function PlayerView({ title, videoRef, subtitles = [], children }: PlayerViewProps) {
  return (
    <div className="player">
      <video className="player__video" ref={videoRef} controls playsInline preload="metadata" crossOrigin="anonymous">
        {subtitles.map((track) => (
          <track key={track.src} kind="subtitles" src={track.src} label={track.label} srcLang={track.language} />
        ))}
      </video>
      <h1 className="player__title">{title}</h1>
      {children}
    </div>
  );
}
