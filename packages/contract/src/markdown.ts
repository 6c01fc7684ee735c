import MarkdownIt from 'markdown-it';

/*
 * Alert messages and event descriptions are written in Markdown (decision 055). The server renders
 * them when they are saved and the editor's preview renders them as the admin types, with this one
 * function: what the preview shows is what members will read. Its output is NOT safe yet: the
 * server sanitizes it (sanitize-html) and the browser again (DOMPurify), with the same allow-list.
 *
 * Only what that allow-list keeps is turned on: paragraphs, line breaks, emphasis, lists and
 * links. Headings, quotes, code, images or tables would be cut to their text by the sanitizers, so
 * their syntax stays as typed. Inline HTML stays on so that messages written in HTML before
 * Markdown read as they did.
 */
const markdown = new MarkdownIt('zero', { html: true, breaks: true, linkify: true })
  .enable(['list', 'html_block'])
  .enable(['emphasis', 'link', 'autolink', 'newline', 'escape', 'entity', 'html_inline'])
  .enable(['linkify']);

/** Only absolute http(s) addresses become links; any other target leaves the text as written. */
markdown.validateLink = (url) => /^https?:\/\//i.test(url.trim());

/** A linkified bare address (`example.org`) is given its scheme, never a relative one. */
markdown.linkify.set({ fuzzyLink: true, fuzzyEmail: false });

/** The HTML of a Markdown text; to be sanitized before it reaches a page. */
export function renderMarkdown(source: string): string {
  return markdown.render(source).trim();
}
