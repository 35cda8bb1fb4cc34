import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next.ts';

describe('where the login sends the viewer next', () => {
  it.each([
    [null, '/'],
    ['', '/'],
    ['/contents/gorod-bez-karty?episode=201', '/contents/gorod-bez-karty?episode=201'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
  ])('%s → %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });
});
