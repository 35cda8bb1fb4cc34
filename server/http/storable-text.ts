/**
 * PostgreSQL's text and jsonb refuse a NUL character, and a lone UTF-16 surrogate is no text
 * at all (node-postgres would store a replacement character): JSON and zod let both through.
 */
function isStorable(text: string): boolean {
  return !text.includes('\u0000') && (text as string & { isWellFormed(): boolean }).isWellFormed();
}

export const UNSTORABLE_TEXT_MESSAGE = 'text must not contain NUL or unpaired surrogates';

/** The path of the first string (a value or a field name) the database could not store, if any. */
export function unstorableTextPath(value: unknown, path: readonly (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return isStorable(value) ? undefined : [...path];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableTextPath(item, [...path, index]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // Named as JSON would write it, so the message itself holds no NUL.
      if (!isStorable(key)) return [...path, JSON.stringify(key)];
      const found = unstorableTextPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
