import { describe, expect, it } from 'vitest';
import { argmaxStable, rankDescending } from './ranking';

describe('rankDescending', () => {
  it('sorts best first and keeps index order for ties, including last-bit rounding ties', () => {
    expect(rankDescending([0.2, 0.9, 0.5])).toEqual([1, 2, 0]);
    expect(rankDescending([0.3, 0.1 + 0.2, 0.3])).toEqual([0, 1, 2]);
    expect(argmaxStable([1, 3, 3])).toBe(1);
  });
});
