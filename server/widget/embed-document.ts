import type { WidgetAttributes } from '../config.ts';
import { bootDataScript } from './boot-data.ts';

/** The opening tag of the element whose data attributes carry the configuration. */
const ROOT_ELEMENT = '<div id="root">';

/**
 * The player's iframe document: the built embed.html with its configuration written into the
 * root element's data attributes (SPEC.md section 1), which src/config reads, and the boot data
 * when there is some (its JSON with every `<` escaped, ./boot-data.ts).
 */
export function renderEmbedDocument(template: string, attributes: WidgetAttributes, bootDataJson?: string): string {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`embed.html has no ${ROOT_ELEMENT}`);
  const data: Record<string, string> = {
    'data-api-base-url': attributes.apiBaseUrl,
    'data-ad-list-url': attributes.adListUrl,
    'data-fullscreen-mode': attributes.fullscreenMode,
    'data-error-project': attributes.errorProject,
    'data-lang-order': attributes.langOrder.join(','),
    ...(attributes.errorDsn ? { 'data-error-dsn': attributes.errorDsn } : {}),
    ...(attributes.dashLibraryUrl ? { 'data-dash-library-url': attributes.dashLibraryUrl } : {}),
    ...(attributes.castSenderUrl ? { 'data-cast-sender-url': attributes.castSenderUrl } : {}),
  };
  const rendered = Object.entries(data)
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(' ');
  const document = template.replace(ROOT_ELEMENT, `<div id="root" ${rendered}>`);
  // The API's answers for the first load (./boot-data.ts), read by the entry once it runs.
  return bootDataJson === undefined ? document : document.replace('</body>', `${bootDataScript(bootDataJson)}</body>`);
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
