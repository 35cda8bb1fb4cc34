import { describe, expect, it } from 'vitest';
import { parseAdList } from './ad-list.ts';

describe('the ad list (SPEC.md section 3)', () => {
  it('reads vastUrl items and creative data', () => {
    const list = parseAdList({ prerollList: [{ vastUrl: 'https://ads.example/v.xml' }, { dataXml: '<VAST/>' }], midrollList: [{ dataUrls: ['a', 'b'] }] });
    expect(list.prerollList.map((item) => item.vastUrl ?? item.dataXml)).toEqual(['https://ads.example/v.xml', '<VAST/>']);
    expect(list.midrollList[0]?.dataUrls).toEqual(['a', 'b']);
  });

  it.each([
    [null, 'not an object'],
    [{ prerollList: [] }, 'midrollList is not an array'],
    [{ prerollList: [{ vastUrl: '' }], midrollList: [] }, 'prerollList[0] has no vastUrl'],
  ])('refuses %j with a clear error', (value, message) => {
    expect(() => parseAdList(value)).toThrow(message);
  });
});
