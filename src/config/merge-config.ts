import { PLAYER_ERROR_CODES, PlayerError } from '../contract/errors/player-error.ts';
import { createDefaultConfig, type WidgetConfig } from './widget-config.ts';

/** A malformed setting: a PlayerError of category 'config', code CONFIG_INVALID, the key named. */
export class ConfigError extends PlayerError<'config'> {
  constructor(message: string) {
    super('config', PLAYER_ERROR_CODES.CONFIG_INVALID, 'fatal', message);
    this.name = 'ConfigError';
  }
}

type Checker = (value: unknown) => boolean;

const isString: Checker = (value) => typeof value === 'string' && value.length > 0;
const optional = (check: Checker): Checker => (value) => value === undefined || check(value);
const isPositiveInteger: Checker = (value) => Number.isSafeInteger(value) && (value as number) > 0;
const isSeconds: Checker = (value) => Number.isSafeInteger(value) && (value as number) >= 0;
const isBoolean: Checker = (value) => typeof value === 'boolean';
/** RFC 9110 field names and values without line breaks, so nothing can smuggle a second header. */
const isHeaderMap: Checker = (value) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) &&
  Object.entries(value).every(([name, text]) => /^[!#$%&'*+.^`|~\w-]+$/.test(name) && typeof text === 'string' && !/[\r\n\0]/.test(text));
const CHECKS: { [K in keyof WidgetConfig]: { check: Checker; expected: string } } = {
  apiBaseUrl: { check: isString, expected: 'a non-empty string' },
  authBaseUrl: { check: isString, expected: 'a non-empty string' },
  adListUrl: { check: isString, expected: 'a non-empty string' },
  adMarking: {
    check: (v) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v) &&
      Object.entries(v).every(([key, text]) => (key === 'advertiser' || key === 'erid') && typeof text === 'string' && text.length > 0 && text.length <= 200)),
    expected: 'an object with advertiser and/or erid strings',
  },
  adBreakTimeoutMs: { check: (v) => Number.isInteger(v) && (v as number) >= 1000 && (v as number) <= 60_000, expected: 'whole milliseconds from 1000 to 60000' },
  fullscreenMode: { check: (v) => v === 'native' || v === 'stretch', expected: "'native' or 'stretch'" },
  errorProject: { check: isString, expected: 'a non-empty string' },
  errorDsn: { check: (v) => v === undefined || isString(v), expected: 'a DSN URL' },
  errorTunnelUrl: { check: isString, expected: 'a URL' },
  collectorUrl: { check: (v) => typeof v === 'string', expected: "a URL, or '' for none" },
  statFunction: { check: (v) => typeof v === 'string' && /^[A-Za-z_$][\w$]{0,63}$/.test(v), expected: 'a JavaScript identifier' },
  langOrder: { check: (v) => Array.isArray(v) && v.every(isString), expected: 'an array of language codes' },
  engine: { check: (v) => v === undefined || ['mse', 'hls.js', 'dash.js', 'native'].includes(v as string), expected: "one of 'mse', 'hls.js', 'dash.js', 'native'" },
  dashLibraryUrl: { check: (v) => v === undefined || isString(v), expected: 'a URL' },
  castSenderUrl: { check: (v) => v === undefined || isString(v), expected: 'a URL' },
  movieId: { check: optional(isPositiveInteger), expected: 'a positive integer' },
  movieIdOutOfRange: { check: isBoolean, expected: 'true or false' },
  episodeId: { check: optional(isPositiveInteger), expected: 'a positive integer' },
  season: { check: optional(isPositiveInteger), expected: 'a positive integer' },
  episode: { check: optional(isPositiveInteger), expected: 'a positive integer' },
  episodeVariantId: { check: optional(isPositiveInteger), expected: 'a positive integer' },
  voiceAuthor: { check: optional(isString), expected: 'a non-empty string' },
  timeCode: { check: optional(isSeconds), expected: 'whole seconds' },
  episodeTime: { check: optional(isSeconds), expected: 'whole seconds' },
  nextEpisodeCountdown: { check: (v) => isSeconds(v) && (v as number) <= 60, expected: 'whole seconds from 0 to 60' },
  autoPlay: { check: isBoolean, expected: 'true or false' },
  enabledShare: { check: isBoolean, expected: 'true or false' },
  userId: { check: optional(isString), expected: 'a non-empty string' },
  checkAvailability: { check: isBoolean, expected: 'true or false' },
  debug: { check: isBoolean, expected: 'true or false' },
  requestHeaders: { check: isHeaderMap, expected: 'an object of header names to string values' },
  // Never fatal: each filter is checked when the engine reads them, an invalid one left out.
  requestFilters: { check: () => true, expected: '' },
  dataSaver: { check: (v) => v === undefined || isBoolean(v), expected: 'true or false' },
};

/**
 * Layers partial configurations over the defaults, later layers winning. Unknown keys and
 * wrong types are rejected with a message naming the key, so a host's typo is not silently lost.
 */
export function mergeConfig(...layers: ReadonlyArray<Record<string, unknown>>): WidgetConfig {
  const config: Record<string, unknown> = { ...createDefaultConfig() };
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (value === undefined) continue;
      const rule = CHECKS[key as keyof WidgetConfig];
      if (!rule) throw new ConfigError(`Unknown player setting "${key}"`);
      if (!rule.check(value)) throw new ConfigError(`Player setting "${key}" must be ${rule.expected}, got ${JSON.stringify(value)}`);
      config[key] = value;
    }
  }
  return config as unknown as WidgetConfig;
}
