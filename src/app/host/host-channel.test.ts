import { describe, expect, it, vi } from 'vitest';
import { createHostMessage, type HostCommand, type HostMessage } from '../../contract/embed/host-protocol.ts';
import { createHostChannel, throttleProgress, type HostChannelWindow, type HostMessageEventLike } from './host-channel.ts';

const HOST = 'https://host.example';
const COMMAND = { source: 'kino-player-host', version: 1, type: 'exitFullScreen' };
const FULLSCREEN = createHostMessage('enterFullScreen', {});

interface FakeOptions {
  framed?: boolean;
  ancestorOrigins?: string[];
  referrer?: string;
}

/** A window with a recording parent, its location and referrer, and message listeners to fire. */
function fakeWindow({ framed = true, ancestorOrigins, referrer = '' }: FakeOptions = {}) {
  const posted: Array<{ message: unknown; origin: string }> = [];
  const parent = { postMessage: (message: unknown, origin: string) => void posted.push({ message, origin }) };
  const listeners = new Set<(event: HostMessageEventLike) => void>();
  const win: HostChannelWindow & { postMessage: typeof parent.postMessage } = {
    get parent() {
      return framed ? parent : win;
    },
    postMessage: (message, origin) => void posted.push({ message, origin }),
    location: ancestorOrigins ? { ancestorOrigins } : {},
    document: { referrer },
    addEventListener: (_type, listener, { signal }) => {
      listeners.add(listener);
      signal.addEventListener('abort', () => listeners.delete(listener));
    },
  };
  const receive = (event: Partial<HostMessageEventLike>) => {
    for (const listener of listeners) listener({ origin: HOST, source: parent, data: COMMAND, ...event });
  };
  return { win, parent, posted, receive, listeners };
}

function channel(options: FakeOptions = {}) {
  const fake = fakeWindow(options);
  const commands: HostCommand[] = [];
  const hostChannel = createHostChannel({ win: fake.win, onCommand: (command) => commands.push(command) });
  return { ...fake, commands, hostChannel };
}

describe('createHostChannel: the parent origin', () => {
  it('takes location.ancestorOrigins[0] first', () => {
    const { hostChannel } = channel({ ancestorOrigins: [HOST, 'https://top.example'], referrer: 'https://other.example/page' });
    expect(hostChannel.parentOrigin).toBe(HOST);
  });

  it('falls back to the origin of document.referrer', () => {
    expect(channel({ referrer: `${HOST}/films/1?x=y` }).hostChannel.parentOrigin).toBe(HOST);
  });

  it.each([
    ['no referrer', { referrer: '' }],
    ['a referrer that is no URL', { referrer: 'not a url' }],
    ['an opaque ancestor', { ancestorOrigins: ['null'] }],
    ['a file referrer', { referrer: 'file:///tmp/page.html' }],
    ['no frame', { framed: false, ancestorOrigins: [HOST], referrer: `${HOST}/` }],
  ])('is unknown with %s', (_name, options) => {
    expect(channel(options).hostChannel.parentOrigin).toBeUndefined();
  });
});

describe('createHostChannel: posting (SPEC.md section 7)', () => {
  it("posts to the parent at its exact origin, never '*'", () => {
    const { hostChannel, posted } = channel({ ancestorOrigins: [HOST] });
    expect(hostChannel.post(FULLSCREEN)).toBe(true);
    expect(posted).toEqual([{ message: FULLSCREEN, origin: HOST }]);
  });

  it('posts nothing when the origin is unknown or the player is not framed', () => {
    for (const options of [{ referrer: '' }, { framed: false, referrer: `${HOST}/` }]) {
      const { hostChannel, posted } = channel(options);
      expect(hostChannel.post(FULLSCREEN)).toBe(false);
      expect(posted).toEqual([]);
    }
  });

  it('posts nothing after destroy', () => {
    const { hostChannel, posted } = channel({ ancestorOrigins: [HOST] });
    hostChannel.destroy();
    expect(hostChannel.post(FULLSCREEN)).toBe(false);
    expect(posted).toEqual([]);
  });
});

describe('createHostChannel: commands from the host', () => {
  it('delivers a valid command from the parent at its origin', () => {
    const { receive, commands } = channel({ ancestorOrigins: [HOST] });
    receive({});
    expect(commands).toEqual([{ ...COMMAND, payload: {} }]);
  });

  it('ignores other origins, other windows and malformed data', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const { receive, commands } = channel({ ancestorOrigins: [HOST] });
    receive({ origin: 'https://evil.example' });
    receive({ origin: `${HOST}:8443` });
    receive({ source: {} });
    receive({ source: null });
    receive({ data: { ...COMMAND, type: 'play' } });
    receive({ data: JSON.stringify(COMMAND) });
    expect(commands).toEqual([]);
    debug.mockRestore();
  });

  it('does not listen at all when the parent origin is unknown', () => {
    const { listeners } = channel({ referrer: '' });
    expect(listeners.size).toBe(0);
  });

  it('stops listening on destroy, and destroy may run twice', () => {
    const { hostChannel, receive, commands, listeners } = channel({ ancestorOrigins: [HOST] });
    hostChannel.destroy();
    hostChannel.destroy();
    receive({});
    expect(commands).toEqual([]);
    expect(listeners.size).toBe(0);
  });
});

describe('throttleProgress', () => {
  function harness() {
    const posted: HostMessage[] = [];
    let time = 0;
    const report = throttleProgress((message) => posted.push(message), 1000, () => time);
    return { posted, report, advance: (ms: number) => (time += ms) };
  }
  const times = (posted: HostMessage[]) => posted.map((message) => (message.type === 'timeProgressChanged' ? message.payload.currentTime : -1));

  it('posts timeProgressChanged at most once a second', () => {
    const { posted, report, advance } = harness();
    report({ currentTime: 0, duration: 100 });
    advance(250);
    report({ currentTime: 0.25, duration: 100 });
    advance(750);
    report({ currentTime: 1, duration: 100 });
    expect(times(posted)).toEqual([0, 1]);
    expect(posted[0]).toEqual(createHostMessage('timeProgressChanged', { currentTime: 0, duration: 100 }));
  });

  it('posts at once when forced, and skips positions that are not finite', () => {
    const { posted, report } = harness();
    report({ currentTime: 0, duration: Number.NaN });
    report({ currentTime: 5, duration: Infinity });
    report({ currentTime: 1, duration: 100 });
    report({ currentTime: 2, duration: 100 }, true);
    expect(times(posted)).toEqual([1, 2]);
  });
});
