import { Parser } from 'htmlparser2';

/** Discord refuses a message's content beyond 2,000 characters. */
export const DISCORD_CONTENT_MAX = 2000;

/** Inline tags and the Discord markdown that wraps their text. */
const WRAPPERS: Readonly<Record<string, string>> = {
  b: '**',
  strong: '**',
  i: '*',
  em: '*',
  u: '__',
  s: '~~',
};
/** Tags whose text is never shown (the sanitizer removes them already; this holds without it). */
const HIDDEN = new Set(['script', 'style', 'template', 'textarea', 'title']);
/** Characters Discord reads as markdown anywhere in a line. */
const INLINE_MARKDOWN = /[\\*_~`|<>[\]()]/g;
/** Discord reads a heading or a list where a line starts with these. */
const escapeLineStart = (text: string) =>
  text.replace(/^(\s*)([#-])/, '$1\\$2').replace(/^(\s*\d+)\./, '$1\\.');

const escapeText = (text: string) => text.replace(INLINE_MARKDOWN, '\\$&');

/** Only http(s) links are kept, written so that Discord cannot read them otherwise. */
function safeUrl(href: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Text being built for an element: the link's or the emphasis's content until it closes. */
interface Frame {
  tag: string;
  text: string;
  href?: string;
}

/**
 * An alert's message (sanitized markup: decision 036, sanitize-message.ts) as Discord markdown:
 * emphasis, links, line breaks, paragraphs and lists kept, every other tag dropped with its
 * text kept, Discord's markdown characters in the text escaped (a message can never add
 * formatting, a masked link or a mention of its own), cut at Discord's 2,000 characters.
 */
export function toDiscordMarkdown(markup: string): string {
  const root: Frame = { tag: '', text: '' };
  /** Links and emphasis open around the text being read. */
  const open: Frame[] = [];
  const top = () => open.at(-1) ?? root;
  let hidden = 0;
  let listDepth = 0;
  const atLineStart = () => {
    const text = top().text;
    return open.length === 0 && (text === '' || text.endsWith('\n'));
  };
  const newLine = () => {
    if (!atLineStart()) top().text += '\n';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (HIDDEN.has(name)) hidden += 1;
        else if (name === 'br') top().text += '\n';
        else if (name === 'p') newLine();
        else if (name === 'ul' || name === 'ol') {
          newLine();
          listDepth += 1;
        } else if (name === 'li') {
          newLine();
          top().text += `${'  '.repeat(Math.max(0, listDepth - 1))}- `;
        } else if (name === 'a' || name in WRAPPERS) {
          open.push({ tag: name, text: '', href: safeUrl(attributes.href) });
        }
      },
      ontext(raw) {
        if (hidden > 0) return;
        // Whitespace collapses as a browser shows it; a no-break space is a space.
        let text = raw.replace(/[\s\u00a0]+/g, ' ');
        if (atLineStart()) text = text.trimStart();
        const escaped = escapeText(text);
        top().text += atLineStart() ? escapeLineStart(escaped) : escaped;
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) {
          hidden = Math.max(0, hidden - 1);
        } else if (name === 'p') {
          top().text += '\n\n';
        } else if (name === 'ul' || name === 'ol') {
          listDepth = Math.max(0, listDepth - 1);
          // A list ends its paragraph; a list inside another goes on with its items.
          top().text += listDepth === 0 ? '\n\n' : '';
          newLine();
        } else if (name === 'a' || name in WRAPPERS) {
          // A closing tag that closes nothing open here is dropped.
          if (open.at(-1)?.tag !== name) return;
          const frame = open.pop();
          if (frame) top().text += closeFrame(frame);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(markup);
  // Elements left open by the markup close at its end.
  for (let frame = open.pop(); frame; frame = open.pop()) top().text += closeFrame(frame);
  return cut(
    root.text
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  );
}

function closeFrame(frame: Frame): string {
  const inner = frame.text.trim();
  if (frame.tag === 'a') {
    if (!frame.href) return frame.text;
    // The URL between < > is not previewed and may hold the characters markdown reads.
    return inner === '' ? `<${frame.href}>` : `[${inner}](<${frame.href}>)`;
  }
  if (inner === '') return frame.text;
  const marker = WRAPPERS[frame.tag] ?? '';
  // Spaces stay outside the markers: Discord does not read `** bold**` as bold.
  const before = frame.text.startsWith(' ') ? ' ' : '';
  const after = frame.text.endsWith(' ') ? ' ' : '';
  return `${before}${marker}${inner}${marker}${after}`;
}

/** At most Discord's length, cut on a character and never after a lone escaping backslash. */
function cut(text: string): string {
  const characters = [...text];
  if (characters.length <= DISCORD_CONTENT_MAX) return text;
  let kept = characters.slice(0, DISCORD_CONTENT_MAX - 1).join('');
  if (/(?<!\\)(?:\\\\)*\\$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}
