/**
 * The viewer's country as the edge reported it in its country header (two letters, any case,
 * spaces around ignored); `defaultCountry` when absent or malformed. The availability answer and
 * the boot data that carries it read it the same way.
 */
export function viewerCountry(header: string | string[] | undefined, defaultCountry: string): string {
  const value = typeof header === 'string' ? header.trim().toUpperCase() : '';
  return /^[A-Z]{2}$/.test(value) ? value : defaultCountry;
}
