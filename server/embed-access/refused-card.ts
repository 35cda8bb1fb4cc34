import { createHash } from 'node:crypto';
import { HOST_PROTOCOL_VERSION, PLAYER_MESSAGE_SOURCE } from '../../src/contract/embed/host-protocol.ts';
import { escapeHtml } from '../widget/embed-document.ts';

export const REFUSED_TITLE = 'Плеер недоступен на этом сайте';

/** The card's line for a host, as shown and as sent to the host page. */
export function refusedLine(host: string): string {
  return `Владелец плеера не разрешил показывать его на ${host}.`;
}

const CARD_STYLE = `
    html, body { height: 100%; margin: 0; }
    body { display: flex; align-items: center; justify-content: center; background: #000; color: #f4f4f5; font-family: system-ui, sans-serif; }
    main { max-width: 32rem; padding: 1.5rem; text-align: center; }
    h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
    p { margin: 0; color: #a1a1aa; line-height: 1.4; }
  `;

/**
 * Tells the host page why the frame is empty, so its SDK can reject with a typed error. Only to
 * the page that asked (the Referer's origin), never '*': the line names that page's own host.
 * The values come from data attributes, so the script stays one text with one CSP hash.
 */
const CARD_SCRIPT = `
    const card = document.getElementById('refusal');
    if (window.parent !== window) {
      window.parent.postMessage({
        source: ${JSON.stringify(PLAYER_MESSAGE_SOURCE)}, version: ${HOST_PROTOCOL_VERSION}, type: 'embedRefused',
        payload: { code: 'NotAllowedError', message: card.dataset.message },
      }, card.dataset.origin);
    }
  `;

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * Nothing but this card's own style and script; any site may frame it, since all it shows is the
 * refusal (a blank frame would leave the host's visitors guessing).
 */
export const REFUSED_CARD_CSP = [
  "default-src 'none'",
  `script-src ${sha256Source(CARD_SCRIPT)}`,
  `style-src ${sha256Source(CARD_STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/** The document /embed answers (403) to a host page whose origin may not frame the player. */
export function renderRefusedCard(hostOrigin: string): string {
  const line = refusedLine(new URL(hostOrigin).host);
  return `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${REFUSED_TITLE}</title>
    <style>${CARD_STYLE}</style>
  </head>
  <body>
    <main id="refusal" role="alert" data-origin="${escapeHtml(hostOrigin)}" data-message="${escapeHtml(line)}">
      <h1>${REFUSED_TITLE}</h1>
      <p>${escapeHtml(line)}</p>
    </main>
    <script>${CARD_SCRIPT}</script>
  </body>
</html>
`;
}
