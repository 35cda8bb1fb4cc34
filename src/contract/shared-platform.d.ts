/**
 * The web platform the contract may use: only what a page, a dedicated worker and Node 20+ all
 * have (fetch and its classes, URL, timers, crypto, atob, performance.now, console). The
 * contract's own check (src/contract/tsconfig.json) compiles against this file instead of the
 * DOM or Node libraries, so a browser-only or Node-only name in the contract fails to compile.
 * The rest of the tree sees the full DOM and Node types instead (the root tsconfig excludes it).
 */

interface AbortSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
declare const AbortSignal: { prototype: AbortSignal };

interface AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}
declare const AbortController: { prototype: AbortController; new (): AbortController };

interface Headers {
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  forEach(callback: (value: string, name: string) => void): void;
}
type HeadersInit = Headers | Record<string, string> | [string, string][];
declare const Headers: { prototype: Headers; new (init?: HeadersInit): Headers };

type BodyInit = string | ArrayBuffer | ArrayBufferView | Blob | URLSearchParams;
interface Blob {
  readonly size: number;
  readonly type: string;
}

type ReadableStreamReadResult<T> = { done: false; value: T } | { done: true; value?: undefined };
interface ReadableStreamDefaultReader<T> {
  read(): Promise<ReadableStreamReadResult<T>>;
  cancel(reason?: unknown): Promise<void>;
  releaseLock(): void;
}
interface ReadableStream<T> {
  getReader(): ReadableStreamDefaultReader<T>;
}

type RequestCredentials = 'omit' | 'same-origin' | 'include';

interface RequestInit {
  method?: string;
  headers?: HeadersInit;
  body?: BodyInit | null;
  signal?: AbortSignal | null;
  credentials?: RequestCredentials;
  cache?: 'default' | 'no-store' | 'reload' | 'no-cache' | 'force-cache' | 'only-if-cached';
  keepalive?: boolean;
  mode?: 'cors' | 'no-cors' | 'same-origin' | 'navigate';
  priority?: 'high' | 'low' | 'auto';
}

interface Response {
  readonly ok: boolean;
  readonly status: number;
  readonly url: string;
  readonly headers: Headers;
  readonly body: ReadableStream<Uint8Array> | null;
  arrayBuffer(): Promise<ArrayBuffer>;
  text(): Promise<string>;
  json(): Promise<unknown>;
}
declare const Response: { prototype: Response };

declare function fetch(input: string | URL, init?: RequestInit): Promise<Response>;

interface URLSearchParams {
  get(name: string): string | null;
  set(name: string, value: string): void;
  append(name: string, value: string): void;
  delete(name: string): void;
  has(name: string): boolean;
  toString(): string;
}
declare const URLSearchParams: { prototype: URLSearchParams; new (init?: string | Record<string, string>): URLSearchParams };

interface URL {
  href: string;
  readonly origin: string;
  protocol: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  readonly searchParams: URLSearchParams;
  toString(): string;
}
declare const URL: { prototype: URL; new (url: string | URL, base?: string | URL): URL };

declare class DOMException extends Error {
  constructor(message?: string, name?: string);
}

declare function setTimeout(handler: () => void, timeout?: number): unknown;
declare function clearTimeout(id: unknown): void;
declare function atob(data: string): string;

declare const crypto: {
  getRandomValues<T extends ArrayBufferView>(array: T): T;
  randomUUID?(): `${string}-${string}-${string}-${string}-${string}`;
};
declare const performance: { now(): number };

interface Console {
  error(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  log(...data: unknown[]): void;
}
declare const console: Console;
