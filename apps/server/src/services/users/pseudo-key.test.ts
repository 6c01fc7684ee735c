import { describe, expect, it } from 'vitest';
import { foldPseudo, pseudoKey } from './pseudo-key.js';

describe('pseudoKey', () => {
  it.each([
    ['Mélanie', 'Me\u0301lanie', 'the composed and decomposed forms of one accent'],
    ['kelvin', '\u212Aelvin', 'the Kelvin sign and K'],
    ['Vortex', 'ＶＯＲＴＥＸ', 'full-width letters'],
    ['Vortex', 'V\u043Ertex', 'a Cyrillic о'],
    ['Vortex', 'V0rtex', 'the digit zero'],
    ['Nyra', 'Νyra', 'a Greek capital nu'],
    ['Strasse', 'STRAßE', 'ß and ss'],
    ['Ember', 'ember', 'case'],
    ['Blue Fox', 'Blue   Fox', 'runs of spaces'],
    ['Mimi', 'Mirni', 'rn and m'],
  ])('gives %j and %j one key (%s)', (first, second) => {
    expect(pseudoKey(first)).toBe(pseudoKey(second));
  });

  it.each([
    ['Zoé', 'Zoe'],
    ['Kaelith', 'Kaelitha'],
    ['Nova', 'Nora'],
  ])('keeps %j and %j apart', (first, second) => {
    expect(pseudoKey(first)).not.toBe(pseudoKey(second));
  });

  it('folds compatibility forms and case, and nothing that only looks alike', () => {
    expect(foldPseudo('\u212Aelvin')).toBe(foldPseudo('KELVIN'));
    expect(foldPseudo('ＺＯＥ\u0301')).toBe(foldPseudo('zoé'));
    expect(foldPseudo('V0rtex')).not.toBe(foldPseudo('Vortex'));
  });
});
