/** The last bandwidth estimate, kept across sessions so the next start picks a fitting level. */
const KEY = 'player-bandwidth-estimate';

export function rememberedBandwidth(): number | undefined {
  try {
    const value = Number(localStorage.getItem(KEY));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    return undefined; // storage may be blocked in a third-party frame
  }
}

export function rememberBandwidth(bitsPerSecond: number): void {
  try {
    localStorage.setItem(KEY, String(Math.round(bitsPerSecond)));
  } catch {
    // Not remembering is harmless.
  }
}
