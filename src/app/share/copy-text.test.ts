import { describe, expect, it, vi } from 'vitest';
import { copyText, type CopyDocument, type TextClipboard } from './copy-text.ts';

/** The part of a text area the fallback touches. */
interface FakeTextArea {
  value: string;
  readOnly: boolean;
  style: { cssText: string };
  select(): void;
  remove(): void;
}

/** A document whose execCommand('copy') copies the selected text area while it is in the page. */
function fakeDocument(copies: boolean | Error) {
  const areas: FakeTextArea[] = [];
  const attached = new Set<FakeTextArea>();
  const copied: string[] = [];
  const opener = { focus: vi.fn() };
  let selected: FakeTextArea | undefined;
  const doc = {
    activeElement: opener,
    body: { append: (area: FakeTextArea) => void attached.add(area) },
    createElement: () => {
      const area: FakeTextArea = {
        value: '',
        readOnly: false,
        style: { cssText: '' },
        select: () => void (selected = area),
        remove: () => void attached.delete(area),
      };
      areas.push(area);
      return area;
    },
    execCommand: () => {
      if (copies instanceof Error) throw copies;
      if (copies && selected && attached.has(selected)) copied.push(selected.value);
      return copies;
    },
  } as unknown as CopyDocument;
  return { doc, areas, attached, copied, opener };
}

const clipboardOk = (): TextClipboard & { text: string[] } => {
  const text: string[] = [];
  return { text, writeText: async (value) => void text.push(value) };
};
const clipboardRefused: TextClipboard = { writeText: async () => Promise.reject(new Error('NotAllowedError')) };

describe('copyText (the button Копировать, SPEC.md section 2)', () => {
  it('writes through the Clipboard API when it works', async () => {
    const clipboard = clipboardOk();
    const { doc, areas } = fakeDocument(true);
    expect(await copyText('https://kino.example/f?t=5', clipboard, doc, vi.fn())).toBe(true);
    expect(clipboard.text).toEqual(['https://kino.example/f?t=5']);
    expect(areas).toHaveLength(0);
  });

  it.each<[string, TextClipboard | undefined]>([
    ['missing', undefined],
    ['refused', clipboardRefused],
  ])('falls back to a hidden text area when the Clipboard API is %s', async (_name, clipboard) => {
    const { doc, areas, attached, copied, opener } = fakeDocument(true);
    const log = vi.fn();
    expect(await copyText('https://kino.example/f', clipboard, doc, log)).toBe(true);
    expect(copied).toEqual(['https://kino.example/f']);
    expect(areas[0]?.readOnly).toBe(true);
    expect(attached.size).toBe(0);
    expect(opener.focus).toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it.each<[string, boolean | Error]>([
    ['execCommand refuses', false],
    ['execCommand throws', new Error('SecurityError')],
  ])('is false and logged when %s', async (_name, outcome) => {
    const { doc, areas, attached } = fakeDocument(outcome);
    const log = vi.fn();
    expect(await copyText('x', clipboardRefused, doc, log)).toBe(false);
    expect(log).toHaveBeenCalledOnce();
    expect(areas).toHaveLength(1);
    expect(attached.size).toBe(0);
  });

  it('is false and logged with neither a clipboard nor a document', async () => {
    const log = vi.fn();
    expect(await copyText('x', undefined, undefined, log)).toBe(false);
    expect(log).toHaveBeenCalledOnce();
  });
});
