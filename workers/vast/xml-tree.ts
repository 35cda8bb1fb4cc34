import { parseXml, XmlElement, type XmlDocument } from '@rgrove/parse-xml';

/**
 * A few readers over @rgrove/parse-xml's tree (DOM-free, so it runs in a worker). VAST is read by
 * local names: a namespace prefix (`vast:Ad`) is ignored, as browsers' DOM readers of VAST do.
 */
export type { XmlElement };

/** The document element, or undefined when `text` is not well-formed XML. */
export function parseXmlRoot(text: string): XmlElement | undefined {
  let document: XmlDocument;
  try {
    document = parseXml(text, { ignoreUndefinedEntities: true });
  } catch {
    return undefined;
  }
  return document.root ?? undefined;
}

export function localName(element: XmlElement): string {
  const colon = element.name.indexOf(':');
  return colon < 0 ? element.name : element.name.slice(colon + 1);
}

/** The child elements, those named `name` only when given. */
export function childElements(parent: XmlElement, name?: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (const child of parent.children) if (child instanceof XmlElement && (name === undefined || localName(child) === name)) found.push(child);
  return found;
}

export function firstChild(parent: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!parent) return undefined;
  for (const child of parent.children) if (child instanceof XmlElement && localName(child) === name) return child;
  return undefined;
}

/** Follows a path of child names: `path(ad, 'InLine', 'Creatives')`. */
export function path(parent: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  let at = parent;
  for (const name of names) at = firstChild(at, name);
  return at;
}

/** The element's text, CDATA included, trimmed (URLs in VAST are often wrapped in whitespace). */
export function textOf(element: XmlElement | undefined): string {
  return element ? element.text.trim() : '';
}

/** An attribute by name, whatever its case (VAST files in the wild write `skipOffset` too). */
export function attribute(element: XmlElement | undefined, name: string): string | undefined {
  if (!element) return undefined;
  const direct = element.attributes[name];
  if (direct !== undefined) return direct;
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(element.attributes)) if (key.toLowerCase() === lower) return value;
  return undefined;
}
