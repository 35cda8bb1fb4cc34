import { describe, expect, it } from 'vitest';
import { applyRequestFilterRules, MEDIA_REQUEST_KINDS, type RequestFilterRule } from './request-filter-rules.ts';
import { FILTERABLE_KINDS, readRequestFilters } from './request-filter-schema.ts';

const SEGMENT = 'https://player.example/catalog-api/media/films/6/v480/seg-001.m4s';
const apply = (rules: RequestFilterRule[], kind: Parameters<typeof applyRequestFilterRules>[1] = 'segment', url = SEGMENT) =>
  applyRequestFilterRules(rules, kind, { url, headers: {} });

describe('applyRequestFilterRules', () => {
  it('adds a token to the query, replacing one already there and keeping the other parameters', () => {
    const rules: RequestFilterRule[] = [{ type: 'query', params: { token: 'new', exp: '99' } }];
    expect(apply(rules, 'segment', `${SEGMENT}?token=old&v=2`).url).toBe(`${SEGMENT}?token=new&v=2&exp=99`);
  });

  it('swaps a path prefix on the same origin, then signs the new address', () => {
    const rules: RequestFilterRule[] = [
      { type: 'prefix', from: '/catalog-api/media/', to: '/catalog-api/media-signed/' },
      { type: 'query', match: { urlPrefix: '/catalog-api/media-signed/' }, params: { token: 't1' } },
    ];
    expect(apply(rules).url).toBe('https://player.example/catalog-api/media-signed/films/6/v480/seg-001.m4s?token=t1');
  });

  it('moves requests to another CDN host by an absolute prefix, and leaves other hosts alone', () => {
    const rules: RequestFilterRule[] = [{ type: 'prefix', from: 'https://player.example/catalog-api/media/', to: 'https://cdn.example/m/' }];
    expect(apply(rules).url).toBe('https://cdn.example/m/films/6/v480/seg-001.m4s');
    expect(apply(rules, 'segment', 'https://other.example/catalog-api/media/a.m4s').url).toBe('https://other.example/catalog-api/media/a.m4s');
  });

  it('applying the same filters again changes nothing more (a retry of a rewritten request)', () => {
    const rules: RequestFilterRule[] = [
      { type: 'prefix', from: '/catalog-api/media/', to: '/catalog-api/media-signed/' },
      { type: 'query', params: { token: 't1' } },
    ];
    const once = apply(rules).url;
    expect(apply(rules, 'segment', once).url).toBe(once);
  });

  it('adds headers only to the kinds it names', () => {
    const rules: RequestFilterRule[] = [{ type: 'headers', match: { kinds: ['playlist'] }, headers: { 'X-Cdn-Token': 'abc' } }];
    expect(apply(rules, 'playlist').headers).toEqual({ 'X-Cdn-Token': 'abc' });
    expect(apply(rules, 'segment').headers).toEqual({});
  });

  it('never touches the catalogue, the ad server or analytics, nor a blob: address', () => {
    const rules: RequestFilterRule[] = [{ type: 'query', params: { token: 't' } }];
    for (const kind of ['catalogue', 'manifest', 'vast', 'beacon', 'analytics'] as const) expect(apply(rules, kind).url).toBe(SEGMENT);
    expect(apply(rules, 'segment', 'blob:https://player.example/1').url).toBe('blob:https://player.example/1');
  });
});

describe('readRequestFilters', () => {
  it('keeps valid filters as given', () => {
    const filters = [
      { type: 'query', match: { kinds: ['segment', 'init'], urlPrefix: 'https://cdn.example/' }, params: { token: 'x' } },
      { type: 'headers', headers: { Authorization: 'Bearer y' } },
      { type: 'prefix', from: '/catalog-api/media/', to: 'https://cdn.example/media/' },
    ];
    expect(readRequestFilters(filters)).toEqual({ filters, errors: [] });
  });

  it('leaves out each invalid filter with a message naming it, and keeps the rest', () => {
    const reading = readRequestFilters([
      { type: 'query', params: {} },
      { type: 'query', params: { token: 'ok' } },
      { type: 'prefix', from: '/a/', to: 'javascript:alert(1)//' },
      { type: 'headers', headers: { Range: 'bytes=0-' } },
      { type: 'headers', headers: { 'X-A': 'line\r\nbreak' } },
      { type: 'cookie', value: 1 },
      { type: 'query', params: { t: 'x' }, extra: true },
      'token',
    ]);
    expect(reading.filters).toEqual([{ type: 'query', params: { token: 'ok' } }]);
    expect(reading.errors).toHaveLength(7);
    expect(reading.errors[0]).toMatch(/^requestFilters\[0\] \(query\): params: 1 to 20 parameters/);
    expect(reading.errors[1]).toMatch(/^requestFilters\[2\] \(prefix\): to: must be an http\(s\) address/);
    expect(reading.errors[2]).toMatch(/Range is set by the player/);
    expect(reading.errors[3]).toMatch(/no line breaks/);
    expect(reading.errors[4]).toMatch(/^requestFilters\[5\] \(cookie\)/);
    expect(reading.errors[6]).toMatch(/^requestFilters\[7\] \(\?\)/);
  });

  it('takes the kinds the filters apply to, no other', () => {
    expect(FILTERABLE_KINDS).toEqual(MEDIA_REQUEST_KINDS);
  });

  it('reads the JSON text the frame address carries, and says when it is not JSON', () => {
    expect(readRequestFilters('[{"type":"query","params":{"token":"t"}}]').filters).toEqual([{ type: 'query', params: { token: 't' } }]);
    expect(readRequestFilters('[{"type":').errors).toEqual(['requestFilters is not JSON; none applied']);
  });

  it('reads nothing as no filters, and anything but an array as an error', () => {
    expect(readRequestFilters(undefined)).toEqual({ filters: [], errors: [] });
    expect(readRequestFilters({ type: 'query' }).errors).toEqual(['requestFilters must be an array of filters; none applied']);
  });

  it('takes at most 20 filters', () => {
    const many = Array.from({ length: 22 }, () => ({ type: 'query', params: { a: 'b' } }));
    const reading = readRequestFilters(many);
    expect(reading.filters).toHaveLength(20);
    expect(reading.errors).toEqual(['requestFilters[20] (query): at most 20 filters', 'requestFilters[21] (query): at most 20 filters']);
  });
});
