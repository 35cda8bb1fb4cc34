import { describe, expect, it } from 'vitest';
import { createAirPlay } from './airplay.ts';

/** Safari's video as far as AirPlay goes; the test plays the system and fires its events. */
class FakeVideo extends EventTarget {
  webkitCurrentPlaybackTargetIsWireless = false;
  pickers = 0;
  listened: string[] = [];
  webkitShowPlaybackTargetPicker(): void {
    this.pickers += 1;
  }
  override addEventListener(...args: Parameters<EventTarget['addEventListener']>): void {
    this.listened.push(args[0]);
    super.addEventListener(...args);
  }
}

const SAFARI = { WebKitPlaybackTargetAvailabilityEvent: class {} };

function availability(value: 'available' | 'not-available'): Event {
  return Object.assign(new Event('webkitplaybacktargetavailabilitychanged'), { availability: value });
}

function wirelessChanged(video: FakeVideo, wireless: boolean) {
  video.webkitCurrentPlaybackTargetIsWireless = wireless;
  video.dispatchEvent(new Event('webkitcurrentplaybacktargetiswirelesschanged'));
}

describe('createAirPlay', () => {
  it('shows the button while a target is available and follows the connection', () => {
    const video = new FakeVideo();
    const airplay = createAirPlay({ video, win: SAFARI });
    expect(airplay.store.getState()).toEqual({ available: false, state: 'disconnected' });

    video.dispatchEvent(availability('available'));
    expect(airplay.store.getState().available).toBe(true);

    airplay.showPicker();
    expect(video.pickers).toBe(1);
    expect(airplay.store.getState().state).toBe('disconnected');
    wirelessChanged(video, true);
    expect(airplay.store.getState().state).toBe('connected');
    wirelessChanged(video, false);
    expect(airplay.store.getState().state).toBe('disconnected');

    video.dispatchEvent(availability('not-available'));
    expect(airplay.store.getState().available).toBe(false);
  });

  it('starts connected when the video already plays on a target', () => {
    const video = new FakeVideo();
    video.webkitCurrentPlaybackTargetIsWireless = true;
    expect(createAirPlay({ video, win: SAFARI }).store.getState().state).toBe('connected');
  });

  it('listens to nothing and opens nothing outside Safari', () => {
    const video = new FakeVideo();
    const airplay = createAirPlay({ video, win: {} });
    video.dispatchEvent(availability('available'));
    airplay.showPicker();
    expect(airplay.store.getState()).toEqual({ available: false, state: 'disconnected' });
    expect(video.listened).toEqual([]);
    expect(video.pickers).toBe(0);
  });

  it('stops following the system after destroy(), which is idempotent', () => {
    const video = new FakeVideo();
    const airplay = createAirPlay({ video, win: SAFARI });
    airplay.destroy();
    airplay.destroy();
    video.dispatchEvent(availability('available'));
    wirelessChanged(video, true);
    expect(airplay.store.getState()).toEqual({ available: false, state: 'disconnected' });
  });
});
