/** A rating as Russian writes it: one decimal, after a comma (7.8 → '7,8', 8 → '8,0'). */
const RATING = new Intl.NumberFormat('ru', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function ruRating(value: number): string {
  return RATING.format(value);
}
