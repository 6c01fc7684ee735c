import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { markupText, SafeMarkup } from './safe-markup';

function rendered(markup: string): HTMLElement {
  const { container } = render(<SafeMarkup markup={markup} />);
  return container.firstElementChild as HTMLElement;
}

/** Payloads that would set window.__xss, or call alert, if any of their code ran. */
const HOSTILE = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 1">',
  '<svg onload="window.__xss = 1"><circle r="1"/></svg>',
  '<a href="javascript:window.__xss = 1">click</a>',
  '<a href="JaVaScRiPt:window.__xss=1">click</a>',
  '<a href="&#106;avascript:window.__xss=1">click</a>',
  '<iframe src="javascript:window.__xss = 1"></iframe>',
  '<iframe srcdoc="<script>parent.__xss = 1</script>"></iframe>',
  '<p onclick="window.__xss = 1" style="background:url(javascript:1)">text</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  '<object data="data:text/html,<script>window.__xss=1</script>"></object>',
  '<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==">data</a>',
  '<details open ontoggle="window.__xss = 1">x</details>',
];

describe('SafeMarkup', () => {
  it('keeps the safe subset: paragraphs, emphasis, lists, line breaks and links', () => {
    const element = rendered(
      '<p>Hello <strong>all</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u><br>next</p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><a href="https://example.org">site</a>',
    );

    for (const tag of ['p', 'strong', 'b', 'em', 'i', 'u', 'br', 'ul', 'ol', 'li', 'a']) {
      expect(element.querySelector(tag), tag).not.toBeNull();
    }
  });

  it.each(HOSTILE)('leaves nothing that can run of %s', (payload) => {
    const element = rendered(payload);

    expect(
      element.querySelector('script, img, svg, iframe, object, form, math, style, details'),
    ).toBeNull();
    for (const node of element.querySelectorAll('*')) {
      for (const attribute of node.attributes) {
        expect(attribute.name).toMatch(/^(href|target|rel)$/);
      }
    }
    for (const link of element.querySelectorAll('a[href]')) {
      expect(link.getAttribute('href')).toMatch(/^https?:\/\//);
    }
    expect(element.innerHTML).not.toMatch(/javascript:|on\w+=/i);
  });

  it('opens every link in a new tab, without a handle on this one', () => {
    const element = rendered(
      '<a href="http://example.org" target="_self" rel="opener">one</a> <a>no address</a>',
    );

    const [link, bare] = element.querySelectorAll('a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(bare).not.toHaveAttribute('target');
    expect(bare).not.toHaveAttribute('rel');
  });

  it('drops relative and other addresses: only http and https links are kept', () => {
    const element = rendered('<a href="/settings">in app</a><a href="mailto:a@b.c">mail</a>');

    for (const link of element.querySelectorAll('a')) expect(link).not.toHaveAttribute('href');
  });
});

describe('markupText', () => {
  it('reads the text of the markup, with spaces where the page parts words', () => {
    expect(markupText('<p>Hello <b>all</b></p><p>again&nbsp;&amp; <script>x()</script></p>')).toBe(
      'Hello all again &',
    );
  });
});
