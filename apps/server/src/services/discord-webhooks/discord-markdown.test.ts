import { describe, expect, it } from 'vitest';
import { sanitizeMessage } from '../alerts/sanitize-message.js';
import { DISCORD_CONTENT_MAX, toDiscordMarkdown } from './discord-markdown.js';

/** What an alert's message becomes on Discord: sanitized as on save, then converted. */
const discord = (markup: string) => toDiscordMarkdown(sanitizeMessage(markup));

describe('an alert message as Discord markdown', () => {
  it('keeps emphasis, underline and strike-through', () => {
    expect(discord('<p><b>Bold</b>, <strong>strong</strong>, <i>it</i>, <em>em</em></p>')).toBe(
      '**Bold**, **strong**, *it*, *em*',
    );
    expect(toDiscordMarkdown('<u>under</u> <s>gone</s> <b><i>both</i></b>')).toBe(
      '__under__ ~~gone~~ ***both***',
    );
  });

  it('keeps the spaces outside the markers and drops empty emphasis', () => {
    expect(discord('Say<b> hello </b>now<i> </i>!')).toBe('Say **hello** now !');
  });

  it('turns links into masked links, and a link without text into its address', () => {
    expect(discord('<a href="https://example.org/a?b=1&amp;c=2">the rules</a>')).toBe(
      '[the rules](<https://example.org/a?b=1&c=2>)',
    );
    expect(discord('<a href="https://example.org/"></a>')).toBe('<https://example.org/>');
  });

  it('never lets a link address break out of its brackets', () => {
    expect(toDiscordMarkdown('<a href="https://example.org/a>b)c d">x</a>')).toBe(
      '[x](<https://example.org/a%3Eb)c%20d>)',
    );
  });

  it('keeps only the text of a link that is not http(s)', () => {
    expect(toDiscordMarkdown('<a href="javascript:alert(1)">click</a>')).toBe('click');
    expect(toDiscordMarkdown('<a href="discord://x">app</a>')).toBe('app');
  });

  it('writes paragraphs, line breaks and lists on their own lines', () => {
    expect(
      discord(
        '<p>First</p><p>Second<br>line</p><ul><li>one</li><li><b>two</b></li></ul><p>End</p>',
      ),
    ).toBe('First\n\nSecond\nline\n\n- one\n- **two**\n\nEnd');
    expect(discord('<ol><li>a<ul><li>b</li></ul></li></ol>')).toBe('- a\n  - b');
  });

  it('escapes the markdown written in the text, so it shows as typed', () => {
    expect(discord('2*3*4 _x_ ~~y~~ `code` ||spoiler|| [a](https://evil.example)')).toBe(
      '2\\*3\\*4 \\_x\\_ \\~\\~y\\~\\~ \\`code\\` \\|\\|spoiler\\|\\| \\[a\\]\\(https://evil.example\\)',
    );
    expect(discord('<p># Title</p><p>- not a list</p><p>1. nor this</p><p>&gt; quote</p>')).toBe(
      '\\# Title\n\n\\- not a list\n\n1\\. nor this\n\n\\> quote',
    );
  });

  it('cannot write a mention Discord would read', () => {
    expect(discord('Hi &lt;@&amp;123456789012345678&gt; and &lt;#1&gt;')).toBe(
      'Hi \\<@&123456789012345678\\> and \\<#1\\>',
    );
  });

  it('drops other markup, hidden text included, and decodes entities', () => {
    expect(
      toDiscordMarkdown('<div>a <span>b</span><script>alert(1)</script></div>&amp;&nbsp;c'),
    ).toBe('a b& c');
    expect(toDiscordMarkdown('<b>never closed')).toBe('**never closed**');
    expect(toDiscordMarkdown('closed</b> too')).toBe('closed too');
  });

  it('collapses whitespace as a browser shows it', () => {
    expect(discord('<p>\n  spaced   out\n</p>\n\n<p>  next</p>')).toBe('spaced out\n\nnext');
  });

  it('stops at 2,000 characters without a dangling escape', () => {
    // 1,998 letters and two escaped stars: the cut falls between a backslash and its star.
    const long = toDiscordMarkdown(`<p>${'a'.repeat(1998)}**</p>`);
    expect(long).toBe(`${'a'.repeat(1998)}…`);
    expect(toDiscordMarkdown(`${'a'.repeat(1997)}**`)).toBe(`${'a'.repeat(1997)}\\*…`);
    expect([...toDiscordMarkdown('é'.repeat(5000))]).toHaveLength(DISCORD_CONTENT_MAX);
  });
});
