import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_ORGANIZATION_COLORS } from '@guildhall/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@/lib/color';
import { themeVariables } from './palette';

const hexColor = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map(([r, g, b]) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`);
const palette = fc.record({
  primary_color: hexColor,
  secondary_color: hexColor,
  background_color: hexColor,
});
const scheme = fc.constantFrom('light' as const, 'dark' as const);

/** The best a colour can do on `background`: black or white. */
const best = (background: string) =>
  Math.max(contrastRatio(background, '#000000'), contrastRatio(background, '#ffffff'));

describe('the theme derived from any three colours', () => {
  it('keeps every text on its background at WCAG AA (4.5:1), in both looks', () => {
    fc.assert(
      fc.property(palette, scheme, (colors, look) => {
        const v = themeVariables(colors, look);
        const pairs: [string, string][] = [
          ['--color-on-background', '--color-background'],
          ['--color-on-surface', '--color-surface'],
          ['--color-on-raised', '--color-raised'],
          ['--color-on-primary', '--color-primary'],
          ['--color-on-primary', '--color-primary-hover'],
          ['--color-on-secondary', '--color-secondary'],
        ];
        for (const [text, background] of pairs) {
          expect(contrastRatio(v[text]!, v[background]!)).toBeGreaterThanOrEqual(4.5);
        }
      }),
    );
  });

  it('keeps secondary text and the accent legible on the page, its fields and its cards', () => {
    fc.assert(
      fc.property(palette, scheme, (colors, look) => {
        const v = themeVariables(colors, look);
        for (const text of ['--color-muted', '--color-accent']) {
          for (const background of ['--color-background', '--color-surface', '--color-raised']) {
            // AA, or the page's own text colour where no colour at all reaches it on that tint.
            const target = Math.min(
              4.5,
              contrastRatio(v['--color-on-background']!, v[background]!),
            );
            expect(contrastRatio(v[text]!, v[background]!)).toBeGreaterThanOrEqual(target - 0.01);
          }
        }
        expect(contrastRatio(v['--color-muted']!, v['--color-background']!)).toBeGreaterThanOrEqual(
          4.5,
        );
      }),
    );
  });

  it('draws the dark look on a dark page whose controls still stand out (3:1)', () => {
    fc.assert(
      fc.property(palette, (colors) => {
        const v = themeVariables(colors, 'dark');
        expect(v['--color-on-background']).toBe('#ffffff');
        expect(
          contrastRatio(v['--color-primary']!, v['--color-background']!),
        ).toBeGreaterThanOrEqual(Math.min(3, best(v['--color-background']!)));
        expect(
          contrastRatio(v['--color-border']!, v['--color-background']!),
        ).toBeGreaterThanOrEqual(3);
      }),
    );
  });

  it('keeps the organisation’s own colours in the light look', () => {
    const v = themeVariables(
      { primary_color: '#fde047', secondary_color: '#1e1b4b', background_color: '#fafafa' },
      'light',
    );
    expect(v['--color-primary']).toBe('#fde047');
    expect(v['--color-secondary']).toBe('#1e1b4b');
    expect(v['--color-background']).toBe('#fafafa');
    // A yellow accent would not read as text on a light page: it is darkened where it is text.
    expect(v['--color-accent']).not.toBe('#fde047');
    expect(contrastRatio(v['--color-accent']!, '#fafafa')).toBeGreaterThanOrEqual(4.5);
  });

  it('gives the stylesheet’s first-paint colours for the default organisation, in both looks', () => {
    const tokens = readFileSync(join(__dirname, '../../styles/tokens.css'), 'utf8');
    const block = (selector: string) => {
      const start = tokens.indexOf(`${selector} {`);
      const body = tokens.slice(start, tokens.indexOf('}', start));
      return Object.fromEntries(
        [...body.matchAll(/(--color-[a-z-]+):\s*(#[0-9a-f]{6});/g)].map(([, name, value]) => [
          name,
          value,
        ]),
      );
    };
    for (const [selector, look] of [
      [':root', 'light'],
      [":root[data-theme='dark']", 'dark'],
    ] as const) {
      const written = block(selector);
      for (const [name, value] of Object.entries(
        themeVariables(DEFAULT_ORGANIZATION_COLORS, look),
      )) {
        expect({ name, value: written[name] }).toEqual({ name, value });
      }
    }
  });
});
