// The parts of mux.js (no types of its own) that the engine uses.
declare module 'mux.js/lib/mp4/probe.js' {
  export function timescale(init: Uint8Array): Record<number, number>;
  export function startTime(timescales: Record<number, number>, fragment: Uint8Array): number;
  export function compositionStartTime(timescales: Record<number, number>, fragment: Uint8Array): number;
}

declare module 'mux.js/lib/partial/transmuxer.js' {
  export interface PartialOutput {
    type: 'video' | 'audio';
    data: { track: { initSegment: Uint8Array }; boxes: Uint8Array };
  }
  export default class PartialTransmuxer {
    constructor(options?: { keepOriginalTimestamps?: boolean; baseMediaDecodeTime?: number });
    on(event: 'data', listener: (output: PartialOutput) => void): void;
    on(event: 'videoTimingInfo' | 'audioTimingInfo', listener: (info: { start: number }) => void): void;
    push(bytes: Uint8Array): void;
    partialFlush(): void;
    flush(): void;
    reset(): void;
  }
}

declare module 'mux.js/lib/mp4/find-box.js' {
  /** The payloads (after each 8-byte header) of the boxes at `path`, as views on `data`. */
  export default function findBox(data: Uint8Array, path: readonly string[]): Uint8Array[];
}
