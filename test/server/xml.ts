/**
 * A small strict XML reader for the tests (no XML parser is a dependency of the project).
 * It checks well-formedness — one root, matched tags, quoted and unique attributes, only
 * predefined or numeric entity references, closed CDATA sections and comments — and returns
 * the element tree. No DTDs: a document with one is rejected.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own character data (text and CDATA), decoded, children's text excluded. */
  text: string;
}

const NAME = /[A-Za-z_:][\w.:-]*/y;
const SPACE = /[ \t\r\n]*/y;
const ATTRIBUTE = /([A-Za-z_:][\w.:-]*)[ \t\r\n]*=[ \t\r\n]*(?:"([^<"]*)"|'([^<']*)')/y;
const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#([0-9]+)|#x([0-9a-fA-F]+));/y;
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export class XmlError extends Error {}

export function parseXml(source: string): XmlElement {
  let at = 0;

  const fail = (what: string): never => {
    const line = source.slice(0, at).split('\n').length;
    throw new XmlError(`${what} at line ${line}: ${JSON.stringify(source.slice(at, at + 30))}`);
  };
  const sticky = (pattern: RegExp): RegExpExecArray | null => {
    pattern.lastIndex = at;
    const match = pattern.exec(source);
    if (match) at = pattern.lastIndex;
    return match;
  };
  const skipSpace = () => void sticky(SPACE);
  const startsWith = (text: string) => source.startsWith(text, at);
  const readUntil = (end: string, what: string): string => {
    const close = source.indexOf(end, at);
    if (close < 0) fail(`unterminated ${what}`);
    const body = source.slice(at, close);
    at = close + end.length;
    return body;
  };

  const decode = (raw: string): string =>
    raw.replace(/&[^;]*;?/g, (reference) => {
      ENTITY.lastIndex = 0;
      const match = ENTITY.exec(reference);
      if (!match || match[0].length !== reference.length) throw new XmlError(`bad entity reference ${JSON.stringify(reference)}`);
      if (match[1]) return NAMED_ENTITIES[match[1]] ?? '';
      return String.fromCodePoint(match[2] ? Number(match[2]) : Number.parseInt(match[3] ?? '', 16));
    });

  const misc = (): boolean => {
    if (startsWith('<!--')) {
      at += 4;
      if (readUntil('-->', 'comment').includes('--')) fail('"--" inside a comment');
      return true;
    }
    if (startsWith('<?')) {
      at += 2;
      const target = sticky(NAME);
      if (!target || target[0].toLowerCase() === 'xml') fail('bad processing instruction');
      readUntil('?>', 'processing instruction');
      return true;
    }
    return false;
  };

  const element = (): XmlElement => {
    if (!startsWith('<')) fail('expected an element');
    at += 1;
    const name = sticky(NAME)?.[0] ?? fail('bad element name');
    const attributes: Record<string, string> = {};
    for (;;) {
      const before = at;
      skipSpace();
      if (startsWith('/>')) {
        at += 2;
        return { name, attributes, children: [], text: '' };
      }
      if (startsWith('>')) {
        at += 1;
        break;
      }
      if (at === before) fail('expected whitespace before an attribute');
      const attribute = sticky(ATTRIBUTE) ?? fail('bad attribute');
      const attributeName = attribute[1] ?? '';
      if (Object.hasOwn(attributes, attributeName)) fail(`duplicate attribute ${attributeName}`);
      attributes[attributeName] = decode(attribute[2] ?? attribute[3] ?? '');
    }
    const children: XmlElement[] = [];
    let text = '';
    for (;;) {
      if (at >= source.length) fail(`unclosed <${name}>`);
      if (startsWith('</')) {
        at += 2;
        const closing = sticky(NAME)?.[0];
        if (closing !== name) fail(`</${closing ?? ''}> closes <${name}>`);
        skipSpace();
        if (!startsWith('>')) fail('bad end tag');
        at += 1;
        return { name, attributes, children, text };
      }
      if (startsWith('<![CDATA[')) {
        at += 9;
        text += readUntil(']]>', 'CDATA section');
      } else if (startsWith('<!')) {
        if (!misc()) fail('markup declarations are not allowed here');
      } else if (startsWith('<?')) {
        misc();
      } else if (startsWith('<')) {
        children.push(element());
      } else {
        const next = source.indexOf('<', at);
        const raw = source.slice(at, next < 0 ? source.length : next);
        if (raw.includes(']]>')) fail('"]]>" in character data');
        try {
          text += decode(raw);
        } catch (error) {
          fail((error as Error).message);
        }
        at += raw.length;
      }
    }
  };

  if (startsWith('<?xml')) {
    at += 5;
    readUntil('?>', 'XML declaration');
  }
  while ((skipSpace(), misc()));
  if (startsWith('<!')) fail('DTDs are not supported');
  const root = element();
  while ((skipSpace(), misc()));
  if (at !== source.length) fail('content after the root element');
  return root;
}

/** Every descendant element named `name`, in document order. */
export function descendants(root: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (element: XmlElement) => {
    for (const child of element.children) {
      if (child.name === name) found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

/** The only descendant named `name`; throws when there is none or more than one. */
export function single(root: XmlElement, name: string): XmlElement {
  const found = descendants(root, name);
  if (found.length !== 1) throw new XmlError(`expected one <${name}>, found ${found.length}`);
  return found[0] as XmlElement;
}
