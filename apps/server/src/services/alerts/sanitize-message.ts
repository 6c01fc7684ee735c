import { renderMarkdown } from '@guildhall/contract/markdown';
import sanitizeHtml from 'sanitize-html';

/**
 * Alert messages keep a small, inert subset of HTML: paragraphs, line breaks, emphasis, lists and
 * http(s) links (which open in a new tab without access to this page). Everything else is removed;
 * nothing is ever executed. The browser sanitizes again with DOMPurify when it renders.
 */
export function sanitizeMessage(markup: string): string {
  return sanitizeHtml(markup, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    },
  }).trim();
}

/**
 * What readers are shown of a message or description written in Markdown: rendered with the
 * editor preview's own function (decision 055), then sanitized. Older HTML sources pass through
 * Markdown and come out as they were.
 */
export function renderMessage(markdown: string): string {
  return sanitizeMessage(renderMarkdown(markdown));
}
