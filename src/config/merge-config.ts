import { createDefaultConfig, type WidgetConfig } from './widget-config.ts';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Checker = (value: unknown) => boolean;

const isString: Checker = (value) => typeof value === 'string' && value.length > 0;
const CHECKS: { [K in keyof WidgetConfig]: { check: Checker; expected: string } } = {
  apiBaseUrl: { check: isString, expected: 'a non-empty string' },
  adListUrl: { check: isString, expected: 'a non-empty string' },
  fullscreenMode: { check: (v) => v === 'native' || v === 'stretch', expected: "'native' or 'stretch'" },
  errorProject: { check: isString, expected: 'a non-empty string' },
  langOrder: { check: (v) => Array.isArray(v) && v.every(isString), expected: 'an array of language codes' },
  engine: { check: (v) => v === undefined || ['mse', 'hls.js', 'dash.js', 'native'].includes(v as string), expected: "one of 'mse', 'hls.js', 'dash.js', 'native'" },
  dashLibraryUrl: { check: (v) => v === undefined || isString(v), expected: 'a URL' },
  movieId: { check: (v) => v === undefined || (Number.isSafeInteger(v) && (v as number) > 0), expected: 'a positive integer' },
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
