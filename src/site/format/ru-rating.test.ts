import { describe, expect, it } from 'vitest';
import { ruRating } from './ru-rating.ts';

describe('ruRating', () => {
  it('writes one decimal after a comma, as Russian does', () => {
    expect([7.84, 8, 6.25, 10].map(ruRating)).toStrictEqual(['7,8', '8,0', '6,3', '10,0']);
  });
});
