/** Colour arithmetic on `#rrggbb` strings, with contrast as WCAG 2.1 defines it. */

type Rgb = readonly [red: number, green: number, blue: number];

const BLACK = '#000000';
const WHITE = '#ffffff';

function toRgb(hex: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [, red = '', green = '', blue = ''] = match;
  return [parseInt(red, 16), parseInt(green, 16), parseInt(blue, 16)];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function linearChannel(channel: number): number {
  const value = channel / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(hex: string): number {
  const [red, green, blue] = toRgb(hex);
  return 0.2126 * linearChannel(red) + 0.7152 * linearChannel(green) + 0.0722 * linearChannel(blue);
}

export function contrastRatio(first: string, second: string): number {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * Black or white, whichever reads better on `background`. One of the two always reaches at least
 * 4.58:1, above the 4.5:1 WCAG AA asks of body text, whatever colour an admin picks.
 */
export function readableForeground(background: string): string {
  return contrastRatio(background, BLACK) >= contrastRatio(background, WHITE) ? BLACK : WHITE;
}

/** `base` moved by `amount` (0 to 1) towards `target`. */
export function mix(base: string, target: string, amount: number): string {
  const [r1, g1, b1] = toRgb(base);
  const [r2, g2, b2] = toRgb(target);
  const step = (from: number, to: number) => from + (to - from) * amount;
  return toHex([step(r1, r2), step(g1, g2), step(b1, b2)]);
}

/**
 * `color` moved towards `toward` just enough to reach `ratio` against every one of `backgrounds`,
 * or `toward` itself when no mix of the two reaches it (the best that can be done).
 */
export function withContrast(
  color: string,
  backgrounds: readonly string[],
  ratio: number,
  toward: string,
): string {
  const reaches = (candidate: string) =>
    backgrounds.every((background) => contrastRatio(candidate, background) >= ratio);
  for (let step = 0; step <= 20; step += 1) {
    const candidate = mix(color, toward, step / 20);
    if (reaches(candidate)) return candidate;
  }
  return toward;
}
