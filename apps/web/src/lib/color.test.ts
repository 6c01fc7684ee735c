import { describe, expect, it } from 'vitest';
import { contrastRatio, mix, readableForeground } from './color';

describe('readableForeground', () => {
  it('writes white on dark colours and black on light ones', () => {
    expect(readableForeground('#1a1a2e')).toBe('#ffffff');
    expect(readableForeground('#f5f5f5')).toBe('#000000');
  });

  it('reaches the WCAG AA ratio for body text on any colour', () => {
    const levels = ['00', '33', '66', '99', 'cc', 'ff', '77', '80'];
    for (const red of levels) {
      for (const green of levels) {
        for (const blue of levels) {
          const background = `#${red}${green}${blue}`;
          const foreground = readableForeground(background);
          expect(contrastRatio(background, foreground)).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });
});

describe('contrastRatio', () => {
  it('matches the extremes WCAG defines', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
});

describe('mix', () => {
  it('moves a colour part of the way towards another', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#102030', '#102030', 0.3)).toBe('#102030');
  });
});
