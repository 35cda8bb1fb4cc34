import { HttpError } from './http-error.ts';

const INT32_MAX = 2_147_483_647;

/** A positive 32-bit integer id from a path or query value, or a 400 that says what was wrong. */
export function parseId(value: unknown, name: string): number {
  if (value === undefined || value === '') throw new HttpError(400, `${name} is required`);
  if (typeof value !== 'string') throw new HttpError(400, `${name} must be given once`);
  if (!/^\d+$/.test(value)) throw new HttpError(400, `${name} must be a positive integer, got ${JSON.stringify(clip(value))}`);
  const id = Number(value);
  if (id < 1 || id > INT32_MAX) throw new HttpError(400, `${name} must be between 1 and ${INT32_MAX}, got ${clip(value)}`);
  return id;
}

/** An optional single query value of bounded length. */
export function optionalText(value: unknown, name: string, maxLength: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `${name} must be given once`);
  if (value.length > maxLength) throw new HttpError(400, `${name} must be at most ${maxLength} characters`);
  return value;
}

export function requiredText(value: unknown, name: string, maxLength: number): string {
  const text = optionalText(value, name, maxLength);
  if (!text) throw new HttpError(400, `${name} is required`);
  return text;
}

function clip(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}
