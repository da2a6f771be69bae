import { describe, expect, it } from 'vitest';
import { normalPdf } from './normal';
import { integrate } from './quadrature';

describe('quadrature', () => {
  it('Gauss–Kronrod integration is exact to 1e-12 on a Gaussian', () => {
    expect(integrate(normalPdf, -8, 8, 1e-13)).toBeCloseTo(1, 12);
    expect(integrate((x) => x * x * normalPdf(x), -10, 10, 1e-13)).toBeCloseTo(1, 12);
  });

  it('bisects where Gauss and Kronrod disagree: a kink is integrated to the tolerance', () => {
    // ∫_{-1}^{2} |x| dx = 1/2 + 2 = 2.5; the kink at 0 is not a node boundary.
    expect(Math.abs(integrate((x) => Math.abs(x), -1, 2, 1e-10) - 2.5)).toBeLessThan(1e-9);
  });
});
