import { describe, expect, it } from 'vitest';
// mulberry32: an independent generator for the reference sampler (not the engine's).
import { mulberry32 } from '../../test/fixtures/prng';
import { constrainedChain, prepareConstraints, type WeightConstraint } from './smaa-constraints';
import { createRng } from './rng';
import { smaa } from './smaa';

/**
 * Reference: rejection sampling from the uniform simplex (normalised exponentials), keeping
 * the draws that meet every constraint; rank acceptabilities of the kept draws.
 */
function rejectionReference(values: number[][], constraints: WeightConstraint[], accepted: number, seed: number) {
  const random = mulberry32(seed);
  const m = values.length;
  const n = values[0].length;
  const counts = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  let kept = 0;
  let drawn = 0;
  while (kept < accepted) {
    drawn++;
    const w = Array.from({ length: n }, () => -Math.log(1 - random()));
    const sum = w.reduce((s, x) => s + x, 0);
    for (let j = 0; j < n; j++) w[j] /= sum;
    if (!constraints.every((c) => w[c.greater] >= (c.ratio ?? 1) * w[c.lesser])) continue;
    kept++;
    const totals = values.map((row) => row.reduce((s, v, j) => s + v * w[j], 0));
    totals.forEach((t, a) => {
      const rank = totals.filter((u) => u > t).length;
      counts[a][rank]++;
    });
  }
  return { acceptability: counts.map((row) => row.map((c) => c / kept)), acceptance: kept / drawn };
}

function expectAgreement(values: number[][], constraints: WeightConstraint[], sampler: 'rejection' | 'hit-and-run') {
  expect(prepareConstraints(constraints, values[0].length).sampler).toBe(sampler);
  const samples = 40_000;
  const r = smaa({ values, weights: { kind: 'constraints', constraints }, samples, seed: 7 });
  const ref = rejectionReference(values, constraints, 40_000, 99);
  // Tolerance: 5 standard errors of the difference (the engine's own, batch means, and the
  // reference's binomial one).
  r.rankAcceptability.forEach((row, a) =>
    row.forEach((p, k) => {
      const q = ref.acceptability[a][k];
      const se = Math.sqrt(r.standardError[a][k] ** 2 + Math.max(q * (1 - q), 1e-4) / 40_000);
      expect(Math.abs(p - q), `alternative ${a}, rank ${k + 1}`).toBeLessThan(5 * se);
    }),
  );
  return ref.acceptance;
}

const values = [
  [0.9, 0.1, 0.4, 0.6, 0.2],
  [0.2, 0.8, 0.5, 0.3, 0.6],
  [0.5, 0.5, 0.3, 0.7, 0.4],
  [0.4, 0.3, 0.9, 0.1, 0.5],
];

describe('smaa: weight constraints (w_greater ≥ ratio · w_lesser), uniform on the constrained simplex', () => {
  it('one loose constraint is sampled by rejection and matches an independent rejection sampler (5 s.e.)', () => {
    const acceptance = expectAgreement(values, [{ greater: 0, lesser: 1 }], 'rejection');
    expect(acceptance).toBeCloseTo(0.5, 1);
  });

  it('a chain of constraints (acceptance under 20%) uses hit-and-run and matches the rejection sampler (5 s.e.)', () => {
    const constraints = [
      { greater: 0, lesser: 1 },
      { greater: 1, lesser: 2 },
      { greater: 2, lesser: 3, ratio: 2 },
    ];
    const acceptance = expectAgreement(values, constraints, 'hit-and-run');
    expect(acceptance).toBeLessThan(0.2);
  });

  it('the chain stays on the constrained simplex', () => {
    const constraints = [
      { greater: 3, lesser: 0, ratio: 3 },
      { greater: 0, lesser: 2, ratio: 0.5 },
      { greater: 2, lesser: 0, ratio: 0.5 },
    ];
    const prepared = prepareConstraints(constraints, 5);
    const walk = constrainedChain(prepared, 5, createRng(3));
    const w = new Float64Array(5);
    for (let s = 0; s < 2000; s++) {
      walk(w);
      expect(Math.abs(w.reduce((a, x) => a + x, 0) - 1)).toBeLessThan(1e-12);
      w.forEach((x) => expect(x).toBeGreaterThanOrEqual(-1e-15));
      for (const c of constraints) expect(w[c.greater] - c.ratio * w[c.lesser]).toBeGreaterThanOrEqual(-1e-12);
    }
  });

  it('contradicting constraints are refused naming them; a cycle whose ratios multiply to less than 1 is fine', () => {
    expect(() =>
      prepareConstraints(
        [
          { greater: 0, lesser: 1, ratio: 2 },
          { greater: 2, lesser: 3 },
          { greater: 1, lesser: 0 },
        ],
        4,
      ),
    ).toThrow(/constraints\[0\], constraints\[2\] contradict each other/);
    // Three "at least as important" in a circle force equal weights: no volume to sample.
    expect(() =>
      prepareConstraints(
        [
          { greater: 0, lesser: 1 },
          { greater: 1, lesser: 2 },
          { greater: 2, lesser: 0 },
        ],
        3,
      ),
    ).toThrow(/constraints\[0\], constraints\[1\], constraints\[2\] contradict/);
    expect(
      prepareConstraints(
        [
          { greater: 0, lesser: 1, ratio: 0.5 },
          { greater: 1, lesser: 0, ratio: 0.5 },
        ],
        3,
      ).sampler,
    ).toBe('rejection');
  });
});
