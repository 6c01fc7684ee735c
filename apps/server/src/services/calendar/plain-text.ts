import { Parser } from 'htmlparser2';

/** Tags whose text is never shown (the sanitizer removes them already; this holds without it). */
const HIDDEN = new Set(['script', 'style', 'template', 'textarea', 'title']);

/**
 * An event's description (sanitized markup: paragraphs, line breaks, emphasis, lists, links) as
 * the plain text a calendar app shows: tags dropped with their text kept, paragraphs and list
 * items on their own lines, a link's address after its text, entities decoded.
 */
export function markupToText(markup: string): string {
  let text = '';
  let hidden = 0;
  const links: (string | undefined)[] = [];
  const newLine = () => {
    if (text !== '' && !text.endsWith('\n')) text += '\n';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (HIDDEN.has(name)) hidden += 1;
        else if (name === 'br') text += '\n';
        else if (name === 'p' || name === 'ul' || name === 'ol') newLine();
        else if (name === 'li') {
          newLine();
          text += '- ';
        } else if (name === 'a') links.push(attributes.href);
      },
      ontext(raw) {
        if (hidden > 0) return;
        // Whitespace collapses as a browser shows it; a no-break space is a space.
        let chunk = raw.replace(/[\s\u00a0]+/g, ' ');
        if (text === '' || text.endsWith('\n')) chunk = chunk.trimStart();
        text += chunk;
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        else if (name === 'p' || name === 'ul' || name === 'ol') text += '\n\n';
        else if (name === 'a') {
          const href = links.pop();
          if (href && /^https?:\/\//i.test(href) && !text.endsWith(href)) text += ` (${href})`;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(markup);
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
