import { describe, expect, it } from 'vitest';
import { normalCdf, normalPdf } from './normal';

describe('normalCdf', () => {
  it('matches standard normal table values within the 1.2e-7 relative error of erfcc', () => {
    // Φ values from any standard table (e.g. Abramowitz & Stegun 26.2): tolerance 2e-7 absolute.
    const table: Array<[number, number]> = [
      [0, 0.5],
      [1, 0.8413447461],
      [1.96, 0.9750021049],
      [-1.96, 0.0249978951],
      [-3, 0.001349898],
      [3, 0.998650102],
    ];
    for (const [x, p] of table) expect(Math.abs(normalCdf(x) - p)).toBeLessThan(2e-7);
    expect(normalPdf(0)).toBeCloseTo(1 / Math.sqrt(2 * Math.PI), 15);
  });
});
