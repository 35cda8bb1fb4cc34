/**
 * Numbers as Russian writes them: a decimal comma ('1,25', '2,95'), a no-break space between
 * thousands. SPEC.md gives rates and bitrates as values, not as strings, so they are written the
 * viewer's way; where it does prescribe a string ('Обычная', '{height}p') that string is used as it is.
 *
 * Written by hand rather than with Intl.NumberFormat: the first Russian number format a document
 * creates loads the locale's data, some 50 ms on a slow phone, in the middle of the controls' render.
 * The texts are the ones Intl writes (ru-number.test.ts compares them).
 */
const GROUP_SEPARATOR = '\u00a0';

function format(value: number, minimumFractionDigits: number, maximumFractionDigits: number): string {
  const scale = 10 ** maximumFractionDigits;
  const magnitude = Math.abs(value);
  // Rounded half away from zero on the shortest decimal form ('1.005' → 1.01), as Intl rounds;
  // the exponent notation shifts the decimal point without a binary multiplication's error.
  const shortest = String(magnitude);
  const scaled = shortest.includes('e') ? Math.round(magnitude * scale) : Math.round(Number(`${shortest}e${maximumFractionDigits}`));
  const whole = Math.floor(scaled / scale);
  let fraction = String(scaled - whole * scale).padStart(maximumFractionDigits, '0');
  while (fraction.length > minimumFractionDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const grouped = String(whole).replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR);
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** Up to two decimals, none trailing: 0.25 → '0,25', 1.5 → '1,5', 2 → '2'. */
export function ruDecimal(value: number): string {
  return format(value, 0, 2);
}

/** Exactly two decimals: 2.95 → '2,95', 0.8 → '0,80'. */
export function ruFixed2(value: number): string {
  return format(value, 2, 2);
}
