import { describe, expect, it } from 'vitest';
import { connectMediaSession, type MediaSessionLike, type MediaSessionOptions } from './media-session.ts';

function fakeSession() {
  const handlers = new Map<string, MediaSessionActionHandler>();
  const session: MediaSessionLike = {
    metadata: null,
    setActionHandler(action, handler) {
      if (action === 'skipad') throw new TypeError('unknown action');
      if (handler) handlers.set(action, handler);
      else handlers.delete(action);
    },
  };
  const fire = (action: string, details: Partial<MediaSessionActionDetails> = {}) =>
    handlers.get(action)?.({ action: action as MediaSessionAction, ...details });
  return { session, handlers, fire };
}

function connect(session: MediaSessionLike, overrides: Partial<MediaSessionOptions> = {}) {
  const calls: string[] = [];
  let time = 100;
  const disconnect = connectMediaSession({
    session,
    createMetadata: (init) => ({ ...init }),
    title: 'Город без карты',
    subtitle: '1 сезон, 2 серия.',
    artworkUrl: '/posters/2.jpg',
    play: () => calls.push('play'),
    pause: () => calls.push('pause'),
    seek: (to) => {
      calls.push(`seek ${to}`);
      time = to;
    },
    currentTime: () => time,
    next: () => calls.push('next'),
    ...overrides,
  });
  return { calls, disconnect };
}

describe('the media session', () => {
  it('shows the title, the episode line and the poster', () => {
    const { session } = fakeSession();
    connect(session);
    expect(session.metadata).toEqual({ title: 'Город без карты', artist: '1 сезон, 2 серия.', artwork: [{ src: '/posters/2.jpg' }] });
  });

  it('plays, pauses and seeks by 10 s (or the offset the system asks for), and goes to the next episode', () => {
    const { session, fire } = fakeSession();
    const { calls } = connect(session);
    fire('play');
    fire('pause');
    fire('seekforward');
    fire('seekbackward', { seekOffset: 30 });
    fire('seekto', { seekTime: 5 });
    fire('nexttrack');
    expect(calls).toEqual(['play', 'pause', 'seek 110', 'seek 80', 'seek 5', 'next']);
  });

  it('offers no next track without a next episode, and takes its handlers back', () => {
    const { session, handlers } = fakeSession();
    const { disconnect } = connect(session, { next: undefined });
    expect(handlers.has('nexttrack')).toBe(false);
    expect(handlers.has('play')).toBe(true);
    disconnect();
    expect(handlers.size).toBe(0);
  });

  it('does nothing where the browser has no media session', () => {
    expect(() => connect(undefined as unknown as MediaSessionLike, { session: undefined }).disconnect()).not.toThrow();
  });
});
