import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../api/request-error.ts';
import { ConfigError } from '../config/merge-config.ts';
import { PLAYER_ERROR_CODES, PlayerError } from '../contract/errors/player-error.ts';
import { ContentBlockedError, errorView, NoEpisodesError } from './app-errors.ts';
import { ManifestLoadError } from './episode/episode-source.ts';

afterEach(() => vi.restoreAllMocks());

const generic = /^К сожалению, произошла ошибка, попробуйте перезагрузите страницу\. Идентификатор ошибки: ([0-9a-f]{8})$/;

describe('the error table (SPEC.md section 8)', () => {
  it.each<[string, PlayerError, string | RegExp, boolean]>([
    ['a missing movie_id', new PlayerError('config', PLAYER_ERROR_CODES.MOVIE_ID_MISSING, 'fatal', 'none'), 'Пропущен movie_id в запросе', false],
    ['a 404 from the catalogue', new RequestError('/catalog-api/contents/9', 404, ''), 'Контент не доступен', false],
    ['a content without episodes', new NoEpisodesError(9), 'Контент не доступен', false],
    [
      'content blocked in the country',
      new ContentBlockedError(),
      'Извините, данный контент недоступен в вашей стране. Если вы используете VPN, мы рекомендуем отключить его или сменить страну.',
      false,
    ],
    ['a manifest that did not load', new ManifestLoadError('https://x/manifests/episodes/501.json', 404), 'Ошибка в загрузке: https://x/manifests/episodes/501.json', false],
    ['a malformed setting', new ConfigError('Player setting "engine" must be one of …'), generic, true],
    ['a catalogue call that failed', new RequestError('/catalog-api/contents/1', 503, 'busy'), generic, true],
    ['an engine failure', new PlayerError('network', PLAYER_ERROR_CODES.RESOURCE, 'fatal', 'Failed to load resource.'), generic, true],
  ])('%s: chosen by its code', (_name, error, message, canReload) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = errorView(error);
    if (typeof message === 'string') expect(view.message).toBe(message);
    else expect(view.message).toMatch(message);
    expect(view.canReload).toBe(canReload);
  });

  it('logs each error once, with the id the viewer is shown', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new RequestError('/catalog-api/contents/1', 500, 'oops');
    const shown = generic.exec(errorView(error).message)?.[1];
    errorView(error);
    expect(shown).toBe(error.id);
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]?.[0])).toContain(`player error ${error.id} [catalogue 2002]`);
    expect(log.mock.calls[0]?.[1]).toMatchObject({ url: '/catalog-api/contents/1', status: 500, body: 'oops' });
  });

  it('an unexpected failure becomes a PlayerError too, logged with the id shown', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = errorView(new TypeError('x is undefined'));
    const id = generic.exec(view.message)?.[1];
    expect(String(log.mock.calls[0]?.[0])).toContain(`player error ${id}`);
  });
});
