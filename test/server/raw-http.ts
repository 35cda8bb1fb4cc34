import net from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawResponse {
  /** Status of the first response on the connection; undefined when the server sent none. */
  status: number | undefined;
  /** Everything the server sent before closing the connection (latin1). */
  raw: string;
  headers: string;
  body: string;
}

/** Listens on a free loopback port; returns the base URL (http://127.0.0.1:port). */
export async function listen(app: FastifyInstance): Promise<{ origin: string; port: number }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return { origin: `http://127.0.0.1:${address.port}`, port: address.port };
}

/**
 * Writes bytes as they are on a fresh TCP connection (no client-side validation or URL
 * normalisation) and collects what comes back until the server closes the connection.
 * `halfClose` ends our side after writing: Node's HTTP server then aborts any request still
 * in progress, so use it only for requests that must never complete (truncated ones).
 */
export function rawExchange(port: number, request: string | Buffer, { halfClose = false } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.on('connect', () => {
      if (halfClose) socket.end(request);
      else socket.write(request);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset a connection it refuses; what was received so far still counts.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
      reject(error);
    });
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(raw)?.[1];
      const split = raw.indexOf('\r\n\r\n');
      resolve({
        status: status === undefined ? undefined : Number(status),
        raw,
        headers: split < 0 ? raw : raw.slice(0, split),
        body: split < 0 ? '' : raw.slice(split + 4),
      });
    });
  });
}

/** A well-formed GET whose path is sent byte for byte, with Connection: close. */
export function rawGet(port: number, path: string, extraHeaders = ''): Promise<RawResponse> {
  return rawExchange(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`);
}
