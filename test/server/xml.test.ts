import { describe, expect, it } from 'vitest';
import { descendants, parseXml, single } from './xml.ts';

// The VAST tests rely on this reader to reject what a real XML parser would reject.
describe('test XML reader', () => {
  it('reads elements, attributes, entities and CDATA', () => {
    const root = parseXml(`<?xml version="1.0" encoding="UTF-8"?>
<!-- a comment -->
<A x="1 &amp; 2" y='&#65;&#x42;'><B>t &lt;x&gt;</B><B><![CDATA[a&b<c>]]></B><C/></A>
`);
    expect(root.name).toBe('A');
    expect(root.attributes).toEqual({ x: '1 & 2', y: 'AB' });
    expect(descendants(root, 'B').map((b) => b.text)).toEqual(['t <x>', 'a&b<c>']);
    expect(single(root, 'C').children).toEqual([]);
    expect(() => single(root, 'B')).toThrow(/expected one <B>, found 2/);
  });

  it.each([
    ['mismatched end tag', '<a><b></a></b>'],
    ['unclosed element', '<a><b></b>'],
    ['two root elements', '<a/><b/>'],
    ['text after the root', '<a/>x'],
    ['bare ampersand in text', '<a>fish & chips</a>'],
    ['unknown entity', '<a>&nbsp;</a>'],
    ['less-than in text', '<a>1 < 2</a>'],
    ['unquoted attribute', '<a x=1/>'],
    ['duplicate attribute', '<a x="1" x="2"/>'],
    ['attributes without space', '<a x="1"y="2"/>'],
    ['bare ampersand in an attribute', '<a href="?a=1&b=2"/>'],
    ['unterminated CDATA', '<a><![CDATA[x</a>'],
    ['CDATA end in text', '<a>x ]]> y</a>'],
    ['double dash in a comment', '<a><!-- x -- y --></a>'],
    ['a DTD', '<!DOCTYPE a><a/>'],
    ['empty document', ''],
  ])('rejects %s', (_name, source) => {
    expect(() => parseXml(source)).toThrow();
  });
});
