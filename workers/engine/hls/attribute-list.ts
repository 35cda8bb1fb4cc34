/**
 * Attribute lists of HLS tags (RFC 8216 section 4.2): `NAME=value` pairs separated by commas,
 * where a value is a quoted string (which may hold commas), or a bare token: a decimal integer,
 * a hexadecimal sequence, a decimal float, a decimal resolution `1280x720` or an enumerated string.
 * One left-to-right scan with indexOf; no regular expression runs over the whole list.
 */

/** Attribute values by name, quotes removed; a name given twice keeps the last value. */
export type AttributeList = Readonly<Record<string, string>>;

/**
 * Splits an attribute list. Tolerant of what real playlists do: spaces around names and values,
 * empty items, a missing closing quote (the value runs to the end). An item without `=` is dropped.
 */
export function parseAttributeList(text: string): AttributeList {
  const attributes: Record<string, string> = Object.create(null) as Record<string, string>;
  const end = text.length;
  let index = 0;
  let equals = -1;
  while (index < end) {
    // Reuse the last '=' found while it is still ahead, so items without '=' cost no rescans.
    if (equals < index) equals = text.indexOf('=', index);
    if (equals < 0) break;
    const comma = text.indexOf(',', index);
    if (comma >= 0 && comma < equals) {
      index = comma + 1; // an item without '=': skip it
      continue;
    }
    const name = text.slice(index, equals).trim();
    let valueStart = equals + 1;
    while (valueStart < end && isBlank(text.charCodeAt(valueStart))) valueStart += 1;
    let value: string;
    if (text.charCodeAt(valueStart) === QUOTE) {
      const close = text.indexOf('"', valueStart + 1);
      const valueEnd = close < 0 ? end : close;
      value = text.slice(valueStart + 1, valueEnd);
      const next = close < 0 ? -1 : text.indexOf(',', close + 1);
      index = next < 0 ? end : next + 1;
    } else {
      const next = text.indexOf(',', valueStart);
      value = text.slice(valueStart, next < 0 ? end : next).trim();
      index = next < 0 ? end : next + 1;
    }
    if (name !== '') attributes[name] = value;
  }
  return attributes;
}

const QUOTE = 0x22;

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

const DECIMAL_INTEGER = /^\d+$/;
const SIGNED_INTEGER = /^-?\d+$/;
// Anchored, no nested quantifiers: linear on any input.
const DECIMAL_FLOAT = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
const SIGNED_FLOAT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;
const HEXADECIMAL = /^0[xX][0-9a-fA-F]+$/;
const RESOLUTION = /^(\d+)x(\d+)$/;

/** decimal-integer: digits only (RFC 8216 section 4.2); anything else is undefined. */
export function decimalInteger(value: string | undefined): number | undefined {
  if (value === undefined || !DECIMAL_INTEGER.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

/** A decimal integer that may be negative (tolerated for EXT-X-MEDIA-SEQUENCE, as m3u8-parser does). */
export function signedInteger(value: string | undefined): number | undefined {
  if (value === undefined || !SIGNED_INTEGER.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

/** decimal-floating-point: `10`, `6.006`, `.36`; no sign, no exponent. */
export function decimalFloat(value: string | undefined): number | undefined {
  return value !== undefined && DECIMAL_FLOAT.test(value) ? Number(value) : undefined;
}

/** signed-decimal-floating-point: a decimal float with an optional leading minus. */
export function signedFloat(value: string | undefined): number | undefined {
  return value !== undefined && SIGNED_FLOAT.test(value) ? Number(value) : undefined;
}

/** hexadecimal-sequence: `0x` or `0X` and hex digits; returned as written. */
export function hexadecimal(value: string | undefined): string | undefined {
  return value !== undefined && HEXADECIMAL.test(value) ? value : undefined;
}

/** decimal-resolution: `<width>x<height>`. */
export function resolution(value: string | undefined): { width: number; height: number } | undefined {
  const match = value === undefined ? null : RESOLUTION.exec(value);
  if (!match) return undefined;
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** Enumerated YES/NO; only an exact `YES` is true (enumerated strings are case-sensitive). */
export function isYes(value: string | undefined): boolean {
  return value === 'YES';
}

/** CODECS: a comma-separated list in one quoted string. */
export function codecList(value: string | undefined): string[] {
  if (value === undefined) return [];
  const codecs: string[] = [];
  for (const codec of value.split(',')) {
    const trimmed = codec.trim();
    if (trimmed !== '') codecs.push(trimmed);
  }
  return codecs;
}
