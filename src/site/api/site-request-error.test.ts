import { describe, expect, it } from 'vitest';
import { errorText, SiteRequestError } from './site-request-error.ts';

describe('what the viewer reads about a failed call', () => {
  it('says it in Russian by status, never the server\'s English message', () => {
    expect(errorText(new SiteRequestError(429, 'too many searches'))).toBe('Слишком много запросов. Попробуйте через минуту.');
    expect(errorText(new SiteRequestError(0, 'network'))).toMatch(/^Нет связи с сервером/);
    expect(errorText(new SiteRequestError(503, 'database unavailable'))).toBe('Что-то пошло не так. Попробуйте ещё раз.');
    expect(errorText(new Error('boom'))).toBe('Что-то пошло не так. Попробуйте ещё раз.');
  });

  it('lets a form say what it knows better', () => {
    expect(errorText(new SiteRequestError(401, 'wrong email or password'), { 401: 'Неверный email или пароль.' })).toBe('Неверный email или пароль.');
    expect(errorText(new SiteRequestError(404, 'x'), { 401: 'Неверный email или пароль.' })).toBe('Не найдено.');
  });
});
