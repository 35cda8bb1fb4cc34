import { describe, expect, it } from 'vitest';
import { availabilityDomain, MAX_DOMAIN_LENGTH } from './availability-domain.ts';

describe('availabilityDomain', () => {
  it.each([
    ['a host page: its origin and path', 'https://kino.example/serials/dark?utm_source=x#reviews', 'https://kino.example/serials/dark'],
    ['the player\'s own address without its query', 'http://127.0.0.1:8080/embed?movie_id=1&lang_order=xxxx', 'http://127.0.0.1:8080/embed'],
    ['a referrer cut to its origin', 'https://kino.example/', 'https://kino.example/'],
    ['no address at all', '', ''],
  ])('%s', (_name, address, expected) => expect(availabilityDomain(address)).toBe(expected));

  it('never exceeds the limit, whatever the page address', () => {
    const longQuery = `https://kino.example/embed?movie_id=1&lang_order=${'x'.repeat(2100)}`;
    expect(availabilityDomain(longQuery)).toBe('https://kino.example/embed');
    const longPath = `https://kino.example/${'a/'.repeat(2000)}`;
    expect(availabilityDomain(longPath)).toHaveLength(MAX_DOMAIN_LENGTH);
    expect(availabilityDomain('x'.repeat(5000))).toHaveLength(MAX_DOMAIN_LENGTH);
  });
});
