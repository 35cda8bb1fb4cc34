import { describe, expect, it } from 'vitest';
import {
  codecList,
  decimalFloat,
  decimalInteger,
  hexadecimal,
  isYes,
  parseAttributeList,
  resolution,
  signedFloat,
  signedInteger,
} from './attribute-list.ts';

describe('parseAttributeList', () => {
  it.each([
    ['BANDWIDTH=836280,RESOLUTION=848x360', { BANDWIDTH: '836280', RESOLUTION: '848x360' }],
    ['CODECS="mp4a.40.2,avc1.64001f",NAME="480"', { CODECS: 'mp4a.40.2,avc1.64001f', NAME: '480' }],
    ['URI="a,b=c.m3u8",TYPE=AUDIO', { URI: 'a,b=c.m3u8', TYPE: 'AUDIO' }],
    ['AUTOSELECT=YES, DEFAULT=YES', { AUTOSELECT: 'YES', DEFAULT: 'YES' }],
    ['PROGRAM-ID=1, BANDWIDTH=40000', { 'PROGRAM-ID': '1', BANDWIDTH: '40000' }],
    ['METHOD=AES-128,IV=0x00000000000000000000014BB69D61E4', { METHOD: 'AES-128', IV: '0x00000000000000000000014BB69D61E4' }],
    ['NAME="Français",LANGUAGE="fre"', { NAME: 'Français', LANGUAGE: 'fre' }],
    ['TIME-OFFSET=-30.0', { 'TIME-OFFSET': '-30.0' }],
    ['EMPTY="",BARE=', { EMPTY: '', BARE: '' }],
    ['', {}],
    ['NOEQUALS,A=1', { A: '1' }],
    ['A=1,,B=2,', { A: '1', B: '2' }],
    ['A=1,A=2', { A: '2' }],
    ['URI="unterminated,B=2', { URI: 'unterminated,B=2' }],
    ['RECENTLY-REMOVED-DATERANGES="foo\tbar",SKIPPED-SEGMENTS=3', { 'RECENTLY-REMOVED-DATERANGES': 'foo\tbar', 'SKIPPED-SEGMENTS': '3' }],
    ['A = "x" ,B=y', { A: 'x', B: 'y' }],
  ])('%j', (text, expected) => {
    expect({ ...parseAttributeList(text) }).toEqual(expected);
  });

  it('does not let a name reach the prototype', () => {
    const attributes = parseAttributeList('__proto__=x,constructor=y');
    expect(attributes['__proto__']).toBe('x');
    expect(Object.getPrototypeOf(attributes)).toBeNull();
  });

  it('stays linear on long lists of items without "="', () => {
    const text = `${'x,'.repeat(200_000)}A=1`;
    const started = performance.now();
    expect(parseAttributeList(text).A).toBe('1');
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('attribute value types', () => {
  it.each([
    ['0', 0],
    ['836280', 836280],
    ['', undefined],
    ['-1', undefined],
    ['2.5', undefined],
    ['1e3', undefined],
    ['12a', undefined],
    [undefined, undefined],
    ['99999999999999999999', undefined],
  ])('decimalInteger(%j) is %j', (value, expected) => {
    expect(decimalInteger(value)).toBe(expected);
  });

  it.each([
    ['-11', -11],
    ['17', 17],
    ['gobblegobble', undefined],
    ['', undefined],
  ])('signedInteger(%j) is %j', (value, expected) => {
    expect(signedInteger(value)).toBe(expected);
  });

  it.each([
    ['10', 10],
    ['6.006', 6.006],
    ['.360', 0.36],
    ['5.', 5],
    ['-1', undefined],
    ['NaN', undefined],
    ['Infinity', undefined],
    ['0x10', undefined],
    ['', undefined],
    [';asljasdfii11)))00', undefined],
  ])('decimalFloat(%j) is %j', (value, expected) => {
    expect(decimalFloat(value)).toBe(expected);
  });

  it.each([
    ['-30.0', -30],
    ['10.3', 10.3],
    ['+5', undefined],
    ['-', undefined],
  ])('signedFloat(%j) is %j', (value, expected) => {
    expect(signedFloat(value)).toBe(expected);
  });

  it.each([
    ['0x00000000000000000000014BB69D61E4', '0x00000000000000000000014BB69D61E4'],
    ['0Xab', '0Xab'],
    ['0x', undefined],
    ['00ff', undefined],
    ['0xzz', undefined],
  ])('hexadecimal(%j) is %j', (value, expected) => {
    expect(hexadecimal(value)).toBe(expected);
  });

  it.each([
    ['1280x720', { width: 1280, height: 720 }],
    ['396x224', { width: 396, height: 224 }],
    ['1280X720', undefined],
    ['1280x', undefined],
    ['x720', undefined],
    ['1280 x 720', undefined],
  ])('resolution(%j) is %j', (value, expected) => {
    expect(resolution(value)).toEqual(expected);
  });

  it.each([
    ['YES', true],
    ['NO', false],
    ['yes', false],
    [undefined, false],
  ])('isYes(%j) is %j', (value, expected) => {
    expect(isYes(value)).toBe(expected);
  });

  it.each([
    ['avc1.64001f,mp4a.40.2', ['avc1.64001f', 'mp4a.40.2']],
    [' avc1.4d401e , mp4a.40.5 ', ['avc1.4d401e', 'mp4a.40.5']],
    ['hvc1.2.4.L123.B0', ['hvc1.2.4.L123.B0']],
    ['', []],
    [undefined, []],
  ])('codecList(%j) is %j', (value, expected) => {
    expect(codecList(value)).toEqual(expected);
  });
});
