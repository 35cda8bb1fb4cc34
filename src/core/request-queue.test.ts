import { describe, expect, it } from 'vitest';
import { createRequestGate, type RequestKind } from './request-queue.ts';

function setUp(initiallyReady: RequestKind[] = ['seek', 'quality', 'audio-track', 'text-track', 'playback']) {
  const ready = new Set<RequestKind>(initiallyReady);
  const calls: string[] = [];
  const gate = createRequestGate({ ready: (kind) => ready.has(kind) });
  const run = (name: string) => () => void calls.push(name);
  return { gate, calls, ready, run };
}

describe('the request gate', () => {
  it('runs a request at once when open and the player can take it', () => {
    const { gate, calls, run } = setUp();
    gate.submit('playback', run('play'));
    expect(calls).toEqual(['play']);
  });

  it('keeps a play asked for while held, and runs it on release', () => {
    const { gate, calls, run } = setUp();
    const release = gate.hold('ad break');
    expect(gate.held).toBe(true);
    gate.submit('playback', run('play'));
    expect(calls).toEqual([]);
    release();
    expect(calls).toEqual(['play']);
    release();
    expect(calls).toEqual(['play']);
  });

  it('stays held until every owner releases', () => {
    const { gate, calls, run } = setUp();
    const first = gate.hold('preroll');
    const second = gate.hold('midroll');
    gate.submit('playback', run('play'));
    first();
    expect(calls).toEqual([]);
    second();
    expect(calls).toEqual(['play']);
  });

  it('ends requests of one kind from four sources in one call: the latest', () => {
    const { gate, calls, ready, run } = setUp([]);
    for (const source of ['controls', 'keyboard', 'media session', 'host']) gate.submit('quality', run(`quality from ${source}`));
    ready.add('quality');
    gate.wake();
    expect(calls).toEqual(['quality from host']);
  });

  it('waits for the player: a seek before the metadata runs once it is seekable, before the play', () => {
    const { gate, calls, ready, run } = setUp(['playback']);
    const release = gate.hold('episode');
    gate.submit('playback', run('play'));
    gate.submit('seek', run('seek 90'));
    release();
    expect(calls).toEqual(['play']);
    ready.add('seek');
    gate.wake();
    expect(calls).toEqual(['play', 'seek 90']);
  });

  it('drops the requests made of a replaced episode, and keeps the wish to play', () => {
    const { gate, calls, ready, run } = setUp([]);
    gate.submit('seek', run('seek in the old episode'));
    gate.submit('audio-track', run('audio of the old episode'));
    gate.submit('playback', run('play'));
    gate.newEpisode();
    for (const kind of ['seek', 'audio-track', 'playback'] as const) ready.add(kind);
    gate.wake();
    expect(calls).toEqual(['play']);
  });

  it('a later pause replaces a waiting play', () => {
    const { gate, calls, run } = setUp();
    const release = gate.hold('ad break');
    gate.submit('playback', run('play'));
    gate.submit('playback', run('pause'));
    release();
    expect(calls).toEqual(['pause']);
  });

  it('does nothing once destroyed', () => {
    const { gate, calls, run } = setUp();
    const release = gate.hold('x');
    gate.submit('playback', run('play'));
    gate.destroy();
    release();
    gate.submit('seek', run('seek'));
    expect(calls).toEqual([]);
  });
});
