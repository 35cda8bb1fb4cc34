import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../server/config.ts';

describe('loadServerConfig', () => {
  it('defaults to 127.0.0.1:8080, the embedded database and country RU', () => {
    const config = loadServerConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      redisUrl: undefined,
      publicOrigin: undefined,
      countryHeader: 'x-viewer-country',
      defaultCountry: 'RU',
      widget: {
        apiBaseUrl: '/catalog-api',
        adListUrl: '/catalog-api/ad-list.json',
        fullscreenMode: 'native',
        errorProject: 'other',
        langOrder: ['ru', 'en'],
      },
    });
  });

  it('reads the environment', () => {
    const config = loadServerConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://user@db.example:5432/kino',
      REDIS_URL: 'redis://cache.example:6379/2',
      PUBLIC_ORIGIN: 'https://player.example.test/',
      COUNTRY_HEADER: 'CF-IPCountry',
      DEFAULT_COUNTRY: 'DE',
      LANG_ORDER: ' en , ru ,, ',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgresql://user@db.example:5432/kino',
      redisUrl: 'redis://cache.example:6379/2',
      publicOrigin: 'https://player.example.test',
      countryHeader: 'cf-ipcountry',
      defaultCountry: 'DE',
    });
    expect(config.widget.langOrder).toEqual(['en', 'ru']);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DEFAULT_COUNTRY', 'ru'],
    ['DEFAULT_COUNTRY', 'RUS'],
    ['PORT', '0x50'],
    ['DATABASE_URL', 'mysql://user@db/kino'],
    ['DATABASE_URL', 'db.example:5432'],
    ['REDIS_URL', 'cache.example:6379'],
    ['REDIS_URL', 'http://cache.example:6379'],
    ['REDIS_URL', 'redis://cache.example:6379/x'],
    ['PUBLIC_ORIGIN', 'not a url'],
    ['FULLSCREEN_MODE', 'maximised'],
    ['COUNTRY_HEADER', 'x viewer country'],
  ])('rejects %s=%j with a message naming it', (name, value) => {
    expect(() => loadServerConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('treats an empty variable as not set, as `VAR= npm start` means', () => {
    const config = loadServerConfig({ PORT: '', DEFAULT_COUNTRY: '', DATABASE_URL: '' });
    expect(config.port).toBe(8080);
    expect(config.defaultCountry).toBe('RU');
    expect(config.databaseUrl).toBeUndefined();
  });

  it('names every bad variable at once', () => {
    let message = '';
    try {
      loadServerConfig({ PORT: 'x', DEFAULT_COUNTRY: 'x', DATABASE_URL: 'x' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/\bPORT\b/);
    expect(message).toMatch(/\bDEFAULT_COUNTRY\b/);
    expect(message).toMatch(/\bDATABASE_URL\b/);
  });
});
