import type { HostErrorName } from '../contract/embed/host-api.ts';

/**
 * The typed errors a command's Promise rejects with (host-api.ts HOST_ERROR_NAMES says when).
 * A host tells them apart with `instanceof` or by `name`; RangeError is the built-in one.
 */
export class NotReadyError extends Error {
  override readonly name = 'NotReadyError';
}
export class AutoplayBlockedError extends Error {
  override readonly name = 'AutoplayBlockedError';
}
export class UnsupportedError extends Error {
  override readonly name = 'UnsupportedError';
}
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
}
export class NotAllowedError extends Error {
  override readonly name = 'NotAllowedError';
}

const CONSTRUCTORS: Record<HostErrorName, new (message: string) => Error> = {
  NotReadyError,
  AutoplayBlockedError,
  RangeError,
  UnsupportedError,
  NotFoundError,
  NotAllowedError,
};

/** The error a frame's `{name, message}` stands for. */
export function hostError(name: HostErrorName, message: string): Error {
  return new CONSTRUCTORS[name](message);
}
