import { ABR_DEFAULTS, type AbrConfig } from '../abr/abr-controller.ts';

// What one playback session aims for: how far it buffers, how it reacts to failures and seeks.

/** Seconds buffered ahead of the playhead: enough to ride out a slow segment, small enough for a phone's memory. */
export const FORWARD_GOAL_SECONDS = 30;
/** An audio track change replaces the audio from this far ahead of the playhead. */
export const AUDIO_SWITCH_LEAD_SECONDS = 1;
/** Segments of one level that may fail in a row before the engine drops to a lower one. */
export const FAILURES_BEFORE_DOWNSWITCH = 1;
/**
 * After a seek the viewer is staring at a still picture: the target's segment should download
 * within a quarter of a second, even at a lower level for a segment or two (ABR climbs back as the
 * buffer grows). Measured on a 150 ms, 4 Mbit/s link: at 720p the frame at the target came after
 * 0.7 s, most of it spent downloading the frames from the keyframe up to the target.
 */
export const SEEK_ABR: AbrConfig = { ...ABR_DEFAULTS, firstSegmentTargetSeconds: 0.25 };
/** Segment length assumed before any media playlist is read (the start level is chosen first). */
export const ASSUMED_SEGMENT_SECONDS = 4;
/** A seek hint is followed only with this much buffered ahead of the playhead: playback comes first. */
export const PREFETCH_MIN_AHEAD_SECONDS = 8;
