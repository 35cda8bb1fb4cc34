/**
 * A stand-in for HTMLVideoElement in Node: the properties and events the core reads, with
 * time ranges settable by the test.
 */
export class FakeTimeRanges {
  private readonly ranges: Array<[number, number]>;

  constructor(ranges: Array<[number, number]> = []) {
    this.ranges = ranges;
  }

  get length(): number {
    return this.ranges.length;
  }

  start(index: number): number {
    return this.at(index)[0];
  }

  end(index: number): number {
    return this.at(index)[1];
  }

  private at(index: number): [number, number] {
    const range = this.ranges[index];
    if (!range) throw new RangeError(`no range ${index}`);
    return range;
  }
}

export class FakeVideo extends EventTarget {
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  ended = false;
  seeking = false;
  volume = 1;
  muted = false;
  playbackRate = 1;
  autoplay = false;
  preload = "";
  loop = false;
  buffered = new FakeTimeRanges();
  seekable = new FakeTimeRanges();

  playCalls = 0;

  async play(): Promise<void> {
    this.playCalls += 1;
    this.paused = false;
    this.dispatchEvent(new Event('play'));
  }

  pause(): void {
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }

  canPlayType(): string {
    return '';
  }

  asElement(): HTMLVideoElement {
    return this as unknown as HTMLVideoElement;
  }
}
