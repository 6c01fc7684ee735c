import createDOMPurify, { type Config } from 'dompurify';

/*
 * Alert messages and event descriptions are markup rendered from what an admin typed (Markdown,
 * decision 055; the editor's preview renders it here too). The server sanitizes them when they
 * are saved; they are sanitized again here, with the same allow-list, before they reach the page
 * (docs/deviations.md): a message that slipped past the server, or was written to the database
 * by other means, still cannot run anything.
 */

/** The safe subset of the specification: text formatting, lists and links. */
export const SAFE_MARKUP_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li'];

const CONFIG: Config = {
  ALLOWED_TAGS: SAFE_MARKUP_TAGS,
  ALLOWED_ATTR: ['href', 'target', 'rel'],
  // Only absolute http and https links: no javascript:, data: or relative addresses.
  ALLOWED_URI_REGEXP: /^https?:\/\//i,
};

/** Every link opens in a new tab, without giving that tab a handle on this one. */
function openLinksApart(node: Element) {
  if (node.nodeName !== 'A') return;
  if (node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else {
    node.removeAttribute('target');
    node.removeAttribute('rel');
  }
}

/**
 * A DOMPurify of our own, so that its hook changes nothing for any other use of DOMPurify. Its
 * allow-list is set once: a configuration given to each `sanitize` call is parsed again at each
 * call, tens of milliseconds on a phone for every alert of the banner.
 */
const DOMPurify = createDOMPurify(window);
DOMPurify.setConfig(CONFIG);
DOMPurify.addHook('afterSanitizeAttributes', openLinksApart);

interface SafeMarkupProps {
  markup: string;
  className?: string | undefined;
}

/** Renders alert markup, sanitized: the one place where the app writes HTML into the page. */
export function SafeMarkup({ markup, className }: SafeMarkupProps) {
  return (
    <div className={className} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(markup) }} />
  );
}

/** The text a reader sees in the markup, without its tags: to name an alert in a label. */
export function markupText(markup: string): string {
  const template = document.createElement('template');
  template.innerHTML = DOMPurify.sanitize(markup);
  const fragment = template.content;
  // Paragraphs, list items and line breaks part words the way the page shows them.
  for (const element of fragment.querySelectorAll('p, li, br')) element.after(' ');
  return (fragment.textContent ?? '').replace(/\s+/g, ' ').trim();
}
