/**
 * Numbers as Russian writes them: a decimal comma ('1,25', '2,95'), a space between thousands.
 * SPEC.md gives rates and bitrates as values, not as strings, so they are written the viewer's
 * way; where it does prescribe a string ('Обычная', '{height}p') that string is used as it is.
 */
const formats = new Map<string, Intl.NumberFormat>();

function format(minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${minimumFractionDigits}-${maximumFractionDigits}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.NumberFormat('ru', { minimumFractionDigits, maximumFractionDigits });
    formats.set(key, found);
  }
  return found;
}

/** Up to two decimals, none trailing: 0.25 → '0,25', 1.5 → '1,5', 2 → '2'. */
export function ruDecimal(value: number): string {
  return format(0, 2).format(value);
}

/** Exactly two decimals: 2.95 → '2,95', 0.8 → '0,80'. */
export function ruFixed2(value: number): string {
  return format(2, 2).format(value);
}
