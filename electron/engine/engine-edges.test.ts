import { describe, expect, it } from 'vitest';
import { RANDOM_INDEX, ahp, ahpGroup, consensusLabel } from './ahp';
import { smaa } from './smaa';
import { EngineInputError } from '../../shared/scoring/errors';

describe('smaa: identical alternatives get identical results, exactly', () => {
  it('three alternatives, the first and last identical: shared ties, equal acceptabilities', () => {
    const r = smaa({
      values: [
        [0.7, 0.2, 0.5],
        [0.3, 0.8, 0.4],
        [0.7, 0.2, 0.5],
      ],
      weights: { kind: 'uniform' },
      samples: 100_000,
      seed: 1,
    });
    expect(r.pairwiseWinning[0][2]).toBe(0.5);
    expect(r.pairwiseWinning[2][0]).toBe(0.5);
    expect(r.rankAcceptability[0]).toEqual(r.rankAcceptability[2]);
    expect(r.centralWeights[0]).toEqual(r.centralWeights[2]);
    expect(r.confidence[0]).toBe(r.confidence[2]);
  });

  it('five alternatives with three identical ones (odd count, last included)', () => {
    const same = [0.6, 0.1, 0.3, 0.5];
    const r = smaa({
      values: [same, [0.2, 0.9, 0.1, 0.4], same, [0.5, 0.5, 0.5, 0.1], same],
      weights: { kind: 'uniform' },
      samples: 20_000,
      seed: 3,
    });
    for (const [a, b] of [
      [0, 2],
      [0, 4],
      [2, 4],
    ]) {
      expect(r.pairwiseWinning[a][b]).toBe(0.5);
      expect(r.rankAcceptability[a]).toEqual(r.rankAcceptability[b]);
      expect(r.confidence[a]).toBe(r.confidence[b]);
    }
  });

  it('confidence factors of two identical alternatives are equal (a tie is shared: 1/2 each)', () => {
    const r = smaa({ values: [[1], [1]], weights: { kind: 'uniform' }, samples: 1000, seed: 1 });
    expect(r.confidence).toEqual([0.5, 0.5]);
    expect(r.rankAcceptability).toEqual([
      [0.5, 0.5],
      [0.5, 0.5],
    ]);
  });
});

describe('smaa: refusals say what is wrong', () => {
  it('interval weights with one weight fixed still leave a range for the others: sampled, the fixed one kept', () => {
    const r = smaa({
      values: [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ],
      weights: {
        kind: 'intervals',
        intervals: [
          [0.2, 0.2],
          [0, 1],
          [0, 1],
        ],
      },
      samples: 20_000,
      seed: 2,
    });
    // w = (0.2, u, 0.8 − u), u ~ U(0, 0.8): alternative 0 never wins; 1 and 2 each half the time.
    expect(r.rankAcceptability[0][0]).toBe(0);
    expect(Math.abs(r.rankAcceptability[1][0] - 0.5)).toBeLessThan(5 * Math.sqrt(0.25 / 20_000) * 3);
    for (const wc of r.centralWeights.slice(1)) expect(wc![0]).toBeCloseTo(0.2, 12);
  });

  it('interval weights that fix every weight are refused as such', () => {
    expect(() =>
      smaa({
        values: [
          [1, 0],
          [0, 1],
        ],
        weights: {
          kind: 'intervals',
          intervals: [
            [0.3, 0.3],
            [0.7, 0.7],
          ],
        },
        samples: 100,
        seed: 1,
      }),
    ).toThrow(/fix/);
  });

  it('an "around" centre with all weight on one criterion is refused naming why, not with an empty range', () => {
    let error: unknown;
    try {
      smaa({
        values: [
          [1, 0],
          [0, 1],
        ],
        weights: { kind: 'around', center: [0, 1], spread: 0.1 },
        samples: 100,
        seed: 1,
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EngineInputError);
    const message = (error as EngineInputError).message;
    expect(message).not.toMatch(/\(0, 0\.0+\)/);
    expect(message).toMatch(/weights\.center/);
    expect(message).toMatch(/at least two criteria/);
  });
});

describe('ahp: consistency index table and hints', () => {
  it("Saaty's (1980) random index table, n = 3…15 (n = 12: 1.48)", () => {
    expect(RANDOM_INDEX.slice(3)).toEqual([0.58, 0.9, 1.12, 1.24, 1.32, 1.41, 1.45, 1.49, 1.51, 1.48, 1.56, 1.57, 1.59]);
  });

  it('every offered hint lowers CR', () => {
    const r = ahp([
      [1, 2, 0.111111, 2],
      [0.5, 1, 0.111111, 1],
      [9, 9, 1, 9],
      [0.5, 1, 0.111111, 1],
    ]);
    expect(r.cr).not.toBeNull();
    for (const h of r.inconsistencies) expect(h.crAfter!).toBeLessThan(r.cr! - 1e-12);
  });
});

describe('ahpGroup: consensus needs two connected judges', () => {
  const one = [
    [1, 9, 9],
    [0.1111111111, 1, 1],
    [0.1111111111, 1, 1],
  ];
  const unconnected = [
    [1, 3, null],
    [1 / 3, 1, null],
    [null, null, 1],
  ];

  it('one judge: consensus is not applicable (null), one judge counted', () => {
    const r = ahpGroup([one]);
    expect(r.consensus).toBeNull();
    expect(r.judges).toBe(1);
  });

  it('three judges of whom one has connected judgments: null, one counted', () => {
    const r = ahpGroup([one, unconnected, unconnected]);
    expect(r.consensus).toBeNull();
    expect(r.judges).toBe(1);
    expect(r.compatibility).toEqual([expect.any(Number), null, null]);
  });

  it('two connected judges: S* is given, and both counted', () => {
    const r = ahpGroup([one, one, unconnected]);
    expect(r.consensus?.sStar).toBeCloseTo(1, 12);
    expect(r.judges).toBe(2);
  });

  it("verbal scale boundaries as AHP-OS's word scale: 0.5 is very low, 0.625 low, 0.75 moderate, 0.875 high", () => {
    expect(consensusLabel(0.5)).toBe('very-low');
    expect(consensusLabel(0.5000001)).toBe('low');
    expect(consensusLabel(0.625)).toBe('low');
    expect(consensusLabel(0.75)).toBe('moderate');
    expect(consensusLabel(0.875)).toBe('high');
    expect(consensusLabel(0.8750001)).toBe('very-high');
  });
});
