import { describe, expect, it } from 'vitest';
import { createFakeSchedule } from '../../test/fakes/fake-schedule.ts';
import { FakeVideo } from '../../test/fakes/fake-video.ts';
import { createPlayerEvents, reportMediaEvents, type PlayerEventMap, type PlayerEventName } from './events.ts';

function setUp() {
  const video = new FakeVideo();
  const events = createPlayerEvents();
  const clock = createFakeSchedule();
  const lifetime = new AbortController();
  reportMediaEvents(video.asElement(), events, lifetime.signal, clock.schedule);
  const heard: Array<[PlayerEventName, unknown]> = [];
  for (const name of ['content-time', 'play', 'pause', 'playing', 'waiting', 'seeking', 'seeked', 'ended', 'first-frame'] as const) {
    events.on(name, (payload: PlayerEventMap[typeof name]) => heard.push([name, payload]));
  }
  const fire = (type: string) => video.dispatchEvent(new Event(type));
  return { video, events, clock, lifetime, heard, fire };
}

describe('the player event map', () => {
  it('reports the content element\'s events with the time they happened at', () => {
    const { video, heard, fire } = setUp();
    video.currentTime = 12;
    video.duration = 60;
    for (const type of ['loadeddata', 'play', 'playing', 'timeupdate', 'seeking', 'seeked', 'pause', 'ended']) fire(type);
    expect(heard).toEqual([
      ['first-frame', { currentTime: 12 }],
      ['play', { currentTime: 12 }],
      ['playing', { currentTime: 12 }],
      ['content-time', { currentTime: 12, duration: 60 }],
      ['seeking', { currentTime: 12 }],
      ['seeked', { currentTime: 12, duration: 60 }],
      ['pause', { currentTime: 12, duration: 60 }],
      ['ended', { currentTime: 12, duration: 60 }],
    ]);
  });

  it('reports a wait only once it lasts 300 ms, and its end', () => {
    const { heard, clock, fire } = setUp();
    fire('waiting');
    clock.advance(299);
    fire('playing');
    expect(heard.filter(([name]) => name === 'waiting')).toEqual([]);
    fire('waiting');
    clock.advance(300);
    fire('playing');
    expect(heard.filter(([name]) => name === 'waiting')).toEqual([['waiting', { waiting: true }], ['waiting', { waiting: false }]]);
  });

  it('stops with its signal, and a listener may leave', () => {
    const { events, lifetime, heard, fire } = setUp();
    let count = 0;
    const off = events.on('play', () => void count++);
    fire('play');
    off();
    fire('play');
    expect(count).toBe(1);
    lifetime.abort();
    fire('pause');
    expect(heard.filter(([name]) => name === 'pause')).toEqual([]);
  });

  it('gives every event to a listener of all of them, in turn with the others, until its signal aborts', () => {
    const events = createPlayerEvents();
    const heard: string[] = [];
    const lifetime = new AbortController();
    events.on('play', () => heard.push('play listener before'));
    events.onEvery((payload, name) => heard.push(`every: ${name} ${JSON.stringify(payload)}`), { signal: lifetime.signal });
    events.on('play', () => heard.push('play listener after'));
    events.emit('play', { currentTime: 3 });
    events.emit('waiting', { waiting: true });
    lifetime.abort();
    events.emit('pause', { currentTime: 3, duration: 9 });
    expect(heard).toEqual([
      'play listener before',
      'every: play {"currentTime":3}',
      'play listener after',
      'every: waiting {"waiting":true}',
    ]);
  });
});
