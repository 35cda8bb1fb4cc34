import { describeFailure, logPlayerError, PLAYER_ERROR_CODES } from '../../contract/errors/player-error.ts';
import type { ShareLog } from './native-share.ts';

/** The part of `navigator.clipboard` copying needs. */
export interface TextClipboard {
  writeText(text: string): Promise<void>;
}

/** The part of `document` the fallback needs. */
export type CopyDocument = Pick<Document, 'createElement' | 'body' | 'execCommand' | 'activeElement'>;

const warn: ShareLog = (message, error) => logPlayerError(describeFailure('share', PLAYER_ERROR_CODES.SHARE_FAILED, message, error));

/**
 * Copies `text` for the button 'Копировать' (SPEC.md section 2): the Clipboard API first, and
 * where it is missing or refused (an older browser, or a frame without allow="clipboard-write"),
 * a hidden text area and `execCommand('copy')`. Call it from the click handler.
 *
 * @returns whether the text was copied; failures are logged only (SPEC.md section 8).
 */
export async function copyText(
  text: string,
  clipboard: TextClipboard | undefined = globalThis.navigator?.clipboard,
  doc: CopyDocument | undefined = globalThis.document,
  log: ShareLog = warn,
): Promise<boolean> {
  let clipboardError: unknown;
  if (clipboard) {
    try {
      await clipboard.writeText(text);
      return true;
    } catch (error) {
      clipboardError = error;
    }
  }
  try {
    if (doc && copyWithTextArea(text, doc)) return true;
    log('Copying failed', clipboardError ?? new Error('No clipboard available'));
  } catch (error) {
    log('Copying failed', error);
  }
  return false;
}

function copyWithTextArea(text: string, doc: CopyDocument): boolean {
  if (!doc.body) return false;
  // Selecting the text area takes focus; give it back so keyboard users stay on the copy button.
  const focused = doc.activeElement as HTMLElement | null;
  const area = doc.createElement('textarea');
  area.value = text;
  area.readOnly = true; // no on-screen keyboard on phones
  area.style.cssText = 'position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;pointer-events:none';
  doc.body.append(area);
  try {
    area.select();
    return doc.execCommand('copy');
  } finally {
    area.remove();
    if (typeof focused?.focus === 'function') focused.focus();
  }
}
