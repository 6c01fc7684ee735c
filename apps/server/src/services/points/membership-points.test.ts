import { describe, expect, it } from 'vitest';
import { anniversaryDay } from './membership-points.js';

describe('anniversaryDay', () => {
  it('counts full years, a 29 February on the 28th in other years', () => {
    expect(anniversaryDay('2021-06-15', 3)).toBe('2024-06-15');
    expect(anniversaryDay('2020-02-29', 1)).toBe('2021-02-28');
    expect(anniversaryDay('2020-02-29', 4)).toBe('2024-02-29');
  });
});
