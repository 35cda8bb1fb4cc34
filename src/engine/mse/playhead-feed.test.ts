import { describe, expect, it } from 'vitest';
import type { PlaybackSnapshot } from '../../../workers/engine/engine-protocol.ts';
import { createPlayheadFeed } from './playhead-feed.ts';

type Message = ['seek', number] | ['update', PlaybackSnapshot];

function feedWithLog() {
  const told: Message[] = [];
  const feed = createPlayheadFeed({ seek: (time) => told.push(['seek', time]), update: (snapshot) => told.push(['update', snapshot]) });
  return { feed, told };
}

const at = (currentTime: number, seeking = false, paused = false): PlaybackSnapshot => ({ currentTime, seeking, paused });

describe('the playhead feed to the engine worker', () => {
  it('tells the worker of a seek inside the buffer once at its start and once at its end', () => {
    const { feed, told } = feedWithLog();
    feed.report(at(10));
    told.length = 0;
    // The element's events of one seek while playing: seeking, waiting, timeupdate, seeked, playing.
    feed.seek(12);
    feed.report(at(12, true));
    feed.report(at(12, true));
    feed.report(at(12, false));
    feed.report(at(12, false));
    expect(told).toEqual([['seek', 12], ['update', at(12, false)]]);
  });

  it('sends every change of time, seeking or pause', () => {
    const { feed, told } = feedWithLog();
    feed.report(at(1));
    feed.report(at(1.25));
    feed.report(at(1.25, false, true));
    feed.report(at(1.25, true, true));
    expect(told.map(([kind]) => kind)).toEqual(['update', 'update', 'update', 'update']);
  });

  it('sends the first snapshot even when a seek came before it', () => {
    const { feed, told } = feedWithLog();
    feed.seek(30);
    feed.report(at(30, true));
    expect(told).toEqual([['seek', 30], ['update', at(30, true)]]);
  });

  it('keeps its copy apart from the snapshot it was given', () => {
    const { feed, told } = feedWithLog();
    const snapshot = at(5);
    feed.report(snapshot);
    snapshot.currentTime = 6;
    feed.report(at(6));
    expect(told).toHaveLength(2);
  });

  it('tells the worker once of a seek heard both as the time is set and at the element\'s seeking event', () => {
    const { feed, told } = feedWithLog();
    feed.report(at(10));
    told.length = 0;
    feed.seek(40);
    feed.seek(40);
    feed.report(at(40, true));
    feed.report(at(40, false));
    // The same place again, once the first seek is over: a seek of its own.
    feed.seek(40);
    feed.seek(40);
    expect(told).toEqual([['seek', 40], ['update', at(40, false)], ['seek', 40]]);
  });
});
