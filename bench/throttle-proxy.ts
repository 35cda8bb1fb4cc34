/**
 * A TCP proxy that shapes the link between the browser and the server: every chunk waits half
 * the round trip in each direction, and all connections share one bandwidth budget per direction.
 * It shapes the network below the browser, so the page, its iframes and its workers are all
 * held to the same link (DevTools throttling does not reliably reach dedicated workers).
 */
import net from 'node:net';

export interface LinkProfile {
  /** Round-trip time added, milliseconds. */
  rttMs: number;
  /** Bandwidth, bits per second, per direction. */
  downBps: number;
  upBps: number;
}

/** Bytes one connection may have on the link at once (a typical TCP receive window). */
const WINDOW_BYTES = 64 * 1024;

/** Serialises chunks through a shared pipe of the given rate, after a fixed delay. */
class Pipe {
  private freeAt = 0;
  private readonly bytesPerMs: number;
  private readonly delayMs: number;

  constructor(bitsPerSecond: number, delayMs: number) {
    this.bytesPerMs = bitsPerSecond / 8 / 1000;
    this.delayMs = delayMs;
  }

  /** When a chunk of `size` bytes sent now arrives at the other end. */
  arrival(size: number): number {
    const now = performance.now();
    const start = Math.max(now, this.freeAt);
    this.freeAt = start + size / this.bytesPerMs;
    return this.freeAt + this.delayMs;
  }
}

/** One shaped link: proxies sharing it share its bandwidth, as a page and its frames share a phone's. */
export interface Link {
  readonly down: Pipe;
  readonly up: Pipe;
}

/** A link with the profile's delay and rates; Infinity bandwidth with 0 ms gives an unshaped pass-through. */
export function createLink(profile: LinkProfile): Link {
  return { down: new Pipe(profile.downBps, profile.rttMs / 2), up: new Pipe(profile.upBps, profile.rttMs / 2) };
}

export interface ThrottleProxy {
  port: number;
  /**
   * Bytes delivered to the browser so far (responses: headers and bodies as sent, every frame,
   * worker and process of the browser alike).
   */
  bytesDown(): number;
  close(): Promise<void>;
}

export async function startThrottleProxy(target: { host: string; port: number }, linkOrProfile: Link | LinkProfile): Promise<ThrottleProxy> {
  const { down, up } = 'down' in linkOrProfile ? linkOrProfile : createLink(linkOrProfile);
  const sockets = new Set<net.Socket>();
  let delivered = 0;
  const forward = (from: net.Socket, to: net.Socket, pipe: Pipe) => {
    let last = 0;
    let queued = 0;
    from.on('data', (chunk) => {
      // Keep order: a chunk never overtakes the one before it.
      const at = Math.max(pipe.arrival(chunk.length), last);
      last = at;
      queued += chunk.length;
      // Like a TCP window: a connection has at most WINDOW_BYTES on the link, so an aborted
      // download does not leave seconds of data queued in front of the next request.
      if (queued > WINDOW_BYTES) from.pause();
      setTimeout(() => {
        queued -= chunk.length;
        if (from.isPaused() && queued <= WINDOW_BYTES / 2) from.resume();
        if (!to.writable) return;
        to.write(chunk);
        if (pipe === down) delivered += chunk.length;
      }, Math.max(0, at - performance.now()));
    });
    from.on('close', () => setTimeout(() => to.destroy(), Math.max(0, last - performance.now())));
    from.on('error', () => to.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    forward(client, upstream, up);
    forward(upstream, client, down);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  return {
    port: address.port,
    bytesDown: () => delivered,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
