import type { Page } from '@playwright/test';

/** The part of a DevTools protocol DOM node read here. */
interface ProtocolNode {
  nodeId: number;
  attributes?: string[];
  children?: ProtocolNode[];
  shadowRoots?: ProtocolNode[];
  /** An iframe's document: a player in a host page's frame. */
  contentDocument?: ProtocolNode;
}

/**
 * The boxes the browser drew the subtitle cues in, as the viewer sees them. Native cues live in
 * the video's user-agent shadow tree, which only the DevTools protocol reaches (pierce: true), in
 * the page or in its frames; the boxes are in the page's coordinates.
 */
export async function renderedCues(page: Page): Promise<Array<{ top: number; bottom: number }>> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: ProtocolNode };
    const displays: number[] = [];
    const walk = (node: ProtocolNode) => {
      const attributes = node.attributes ?? [];
      for (let index = 0; index < attributes.length; index += 2) {
        if (attributes[index] === 'pseudo' && attributes[index + 1] === '-webkit-media-text-track-display') displays.push(node.nodeId);
      }
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? []), ...(node.contentDocument ? [node.contentDocument] : [])]) walk(child);
    };
    walk(root);
    const boxes = [];
    for (const nodeId of displays) {
      const { model } = await cdp.send('DOM.getBoxModel', { nodeId });
      const ys = model.border.filter((_value, index) => index % 2 === 1);
      boxes.push({ top: Math.min(...ys), bottom: Math.max(...ys) });
    }
    return boxes;
  } finally {
    await cdp.detach();
  }
}

/** The lowest edge of the cues on screen; null with none. */
export const cueBottom = async (page: Page): Promise<number | null> => {
  const boxes = await renderedCues(page);
  return boxes.length > 0 ? Math.max(...boxes.map((box) => box.bottom)) : null;
};
