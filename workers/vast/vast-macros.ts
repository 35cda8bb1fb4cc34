/**
 * VAST macros (IAB VAST 4.3 section 6.1) in tracking, error and wrapper URLs, written `[NAME]`
 * or `%%NAME%%`. Values are URL-encoded; a macro we know but have no value for becomes -1, as
 * the IAB asks; macros we do not know stay as they are.
 */
export interface MacroValues {
  errorCode?: number | undefined;
  /** Seconds into the ad. */
  adPlayhead?: number | undefined;
  /** Seconds into the film. */
  mediaPlayhead?: number | undefined;
  /** The ad's media file. */
  assetUri?: string | undefined;
  /** Tests pass fixed ones. */
  now?: () => Date;
  random?: () => number;
}

const KNOWN = ['ERRORCODE', 'CACHEBUSTING', 'TIMESTAMP', 'ADPLAYHEAD', 'MEDIAPLAYHEAD', 'CONTENTPLAYHEAD', 'ASSETURI'] as const;
type Known = (typeof KNOWN)[number];

export function fillMacros(url: string, values: MacroValues = {}): string {
  return url.replace(/\[([A-Z_]+)\]|%%([A-Z_]+)%%/g, (whole, bracketed: string | undefined, percent: string | undefined) => {
    const name = (bracketed ?? percent ?? '') as Known;
    if (!KNOWN.includes(name)) return whole;
    const value = macroValue(name, values);
    return value === undefined ? '-1' : encodeURIComponent(value);
  });
}

function macroValue(name: Known, values: MacroValues): string | undefined {
  switch (name) {
    case 'ERRORCODE':
      return values.errorCode === undefined ? undefined : String(values.errorCode);
    case 'CACHEBUSTING':
      // 8 digits, the first not 0.
      return String(10_000_000 + Math.floor((values.random ?? Math.random)() * 90_000_000));
    case 'TIMESTAMP':
      return (values.now ?? (() => new Date()))().toISOString();
    case 'ADPLAYHEAD':
      return values.adPlayhead === undefined ? undefined : formatPlayhead(values.adPlayhead);
    case 'MEDIAPLAYHEAD':
    case 'CONTENTPLAYHEAD':
      return values.mediaPlayhead === undefined ? undefined : formatPlayhead(values.mediaPlayhead);
    case 'ASSETURI':
      return values.assetUri;
  }
}

/** HH:MM:SS.mmm */
export function formatPlayhead(seconds: number): string {
  const millis = Math.max(0, Math.round(seconds * 1000));
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(Math.floor(millis / 1000) % 60)}.${pad(millis % 1000, 3)}`;
}
