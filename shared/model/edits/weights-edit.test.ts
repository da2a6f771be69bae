import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../create';
import {
  adoptWeights,
  apportion,
  docWeightUnits,
  moveInRankOrder,
  rankOrderIds,
  setInfluence,
  setShareInPoints,
  SNAP_SHARE,
  setSliderWeight,
  setWeightPoints,
  toUnits,
  unitsToPercent,
  WEIGHT_UNITS,
  withWeightingMethod,
  withWeightUnits,
} from './weights-edit';
import { mulberry32 as rng } from '../../../test/fixtures/prng';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('apportion', () => {
  it('adds up to the total exactly, each part within 1 of its exact share', () => {
    const r = rng(7);
    const problems: string[] = [];
    for (let t = 0; t < 2000; t++) {
      const n = 1 + Math.floor(r() * 15);
      const values = Array.from({ length: n }, () => (r() < 0.15 ? 0 : r() * 50));
      const total = 1 + Math.floor(r() * 20_000);
      const out = apportion(values, total);
      if (sum(out) !== total) problems.push(`sum ${sum(out)} ≠ ${total}`);
      const s = sum(values);
      out.forEach((u, i) => {
        const exact = s > 0 ? (values[i] / s) * total : total / n;
        if (!Number.isInteger(u) || Math.abs(u - exact) >= 1) problems.push(`part ${u} vs exact ${exact}`);
      });
    }
    expect(problems).toEqual([]);
  });

  it('splits all-zero weights evenly and breaks remainder ties by index', () => {
    expect(apportion([0, 0, 0], 100)).toEqual([34, 33, 33]);
    expect(apportion([1, 1, 1], 10)).toEqual([4, 3, 3]);
    expect(apportion([], 10)).toEqual([]);
  });
});

describe('setSliderWeight', () => {
  it('keeps 100 % exactly over thousands of random moves, with the moved weight exactly where it was set', () => {
    const r = rng(42);
    let units = toUnits([12, 12, 11, 11, 11, 11, 10, 11, 11]);
    const problems: string[] = [];
    for (let move = 0; move < 5000; move++) {
      const k = Math.floor(r() * units.length);
      // Slider steps of 0.1 %, as the range input produces them; sometimes the extremes.
      const percent = r() < 0.05 ? (r() < 0.5 ? 0 : 100) : Math.round(r() * 1000) / 10;
      const before = units;
      units = setSliderWeight(before, k, percent);
      if (sum(units) !== WEIGHT_UNITS) problems.push(`move ${move}: total ${sum(units)}`);
      if (units[k] !== Math.round(percent * 100)) problems.push(`move ${move}: moved weight ${units[k]} ≠ ${percent} %`);
      if (units.some((u) => !Number.isInteger(u) || u < 0)) problems.push(`move ${move}: not whole non-negative units`);
      // The others keep their proportions up to one unit of rounding (no drift beyond that per move).
      const othersBefore = sum(before) - before[k];
      if (othersBefore > 0) {
        before.forEach((u, j) => {
          const exact = (u / othersBefore) * (WEIGHT_UNITS - units[k]);
          if (j !== k && Math.abs(units[j] - exact) >= 1) problems.push(`move ${move}: weight ${j} drifted to ${units[j]} from ${exact}`);
        });
      }
      // The percentages the document stores add up to 100 too.
      if (Math.abs(sum(unitsToPercent(units)) - 100) > 1e-9) problems.push(`move ${move}: percentages add up to ${sum(unitsToPercent(units))}`);
    }
    expect(problems).toEqual([]);
  });

  it('within one drag (same anchor) moving back to the start restores every weight exactly', () => {
    const r = rng(3);
    const anchor = toUnits([12, 12, 11, 11, 11, 11, 10, 11, 11]);
    for (let drag = 0; drag < 200; drag++) {
      const k = Math.floor(r() * anchor.length);
      for (let step = 0; step < 50; step++) setSliderWeight(anchor, k, r() * 100);
      expect(setSliderWeight(anchor, k, anchor[k] / 100)).toEqual(anchor);
    }
  });

  it('when every other weight is zero, lowering the slider shares the rest evenly', () => {
    const out = setSliderWeight([WEIGHT_UNITS, 0, 0, 0], 0, 40);
    expect(out).toEqual([4000, 2000, 2000, 2000]);
  });

  it('clamps to 0…100 % and ignores a bad index', () => {
    expect(setSliderWeight([5000, 5000], 0, 140)).toEqual([WEIGHT_UNITS, 0]);
    expect(setSliderWeight([5000, 5000], 1, -3)).toEqual([WEIGHT_UNITS, 0]);
    expect(setSliderWeight([5000, 5000], 4, 10)).toEqual([5000, 5000]);
    expect(setSliderWeight([WEIGHT_UNITS], 0, 30)).toEqual([WEIGHT_UNITS]);
  });
});

describe('document weight edits', () => {
  const doc = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');

  it('writes units as percentages that the next read turns back into the same units', () => {
    const units = setSliderWeight(docWeightUnits(doc), 2, 33.3);
    const next = withWeightUnits(doc, units);
    expect(docWeightUnits(next)).toEqual(units);
    expect(next.criteria[2].weight).toBe(33.3);
    expect(withWeightUnits(next, units)).toBe(next);
  });

  it('direct points change one weight only; influence and shares are clamped', () => {
    const id = doc.criteria[0].id;
    const next = setWeightPoints(doc, id, 30);
    expect(next.criteria[0].weight).toBe(30);
    expect(next.criteria.slice(1)).toEqual(doc.criteria.slice(1));
    expect(setWeightPoints(doc, id, Number.NaN)).toBe(doc);
    expect(setInfluence(doc, doc.participants[1].id, 250).participants[1].influence).toBe(100);
    const shares = adoptWeights(doc, [0.5, 0.5, 0, 0, 0, 0, 0, 0, 0], { source: 'ahp' }, '2026-01-02T00:00:00.000Z');
    expect(shares.criteria.map((c) => c.weight)).toEqual([50, 50, 0, 0, 0, 0, 0, 0, 0]);
    expect(shares.weighting.method).toBe('ahp');
    expect(withWeightingMethod(shares, 'points').weighting.method).toBe('points');
    expect(withWeightingMethod(shares, 'ahp')).toBe(shares);
  });

  it('a slider release keeps integer points integers: only the dragged criterion’s points change', () => {
    const points = doc.criteria.map((c) => c.weight);
    expect(points.every(Number.isInteger)).toBe(true);
    const share = (d: typeof doc, k: number) => d.criteria[k].weight / sum(d.criteria.map((c) => c.weight));
    // The same release through shares (the old path) rewrites every weight as a percentage: 17 → 5.96-like values.
    const viaShares = withWeightUnits(doc, setSliderWeight(docWeightUnits(doc), 2, 20));
    expect(viaShares.criteria.filter((c, i) => i !== 2 && !Number.isInteger(c.weight)).length).toBeGreaterThan(0);
    const r = rng(15);
    for (let n = 0; n < 500; n++) {
      const k = Math.floor(r() * points.length);
      const target = Math.round(r() * 600) / 10; // a slider position, 0.0 … 60.0 %
      const next = setShareInPoints(doc, k, target / 100)!;
      // Every other criterion keeps its points exactly (hence the proportions the slider keeps).
      expect(next.criteria.filter((_, i) => i !== k).map((c) => c.weight)).toEqual(points.filter((_, i) => i !== k));
      // The dragged one lands within 0.025 percentage points of the release.
      expect(Math.abs(share(next, k) - target / 100)).toBeLessThanOrEqual(SNAP_SHARE + 1e-12);
    }
    // A release within 0.025 pp of whole points lands on whole points.
    const rest = sum(points) - points[0];
    const at = (p: number) => p / (p + rest);
    expect(setShareInPoints(doc, 0, at(20) + 0.0001)!.criteria[0].weight).toBe(20);
    // A fine setting (0.1 % away from a bound) is kept to within 0.025 pp rather than rounded to whole points.
    const fine = setShareInPoints(doc, 0, at(20) + 0.001)!;
    expect(Number.isInteger(fine.criteria[0].weight)).toBe(false);
    expect(Math.abs(share(fine, 0) - (at(20) + 0.001))).toBeLessThanOrEqual(SNAP_SHARE);
    // What points cannot express is left to the share path.
    expect(setShareInPoints(doc, 0, 1)).toBeNull();
    const alone = { ...doc, criteria: doc.criteria.map((c, i) => ({ ...c, weight: i === 0 ? 10 : 0 })) };
    expect(setShareInPoints(alone, 0, 0.5)).toBeNull();
  });

  it('rank order: unknown ids dropped, missing appended, moves swap neighbours', () => {
    const ids = doc.criteria.map((c) => c.id);
    const d2 = { ...doc, weighting: { ...doc.weighting, rankOrder: ['nope', ids[3], ids[1]] } };
    expect(rankOrderIds(d2)).toEqual([ids[3], ids[1], ...ids.filter((id) => id !== ids[3] && id !== ids[1])]);
    expect(moveInRankOrder(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    // No order chosen yet: the list starts in the order of the weights in force (heaviest first),
    // so adopting it unchanged keeps the criteria's ranking.
    const fresh = { ...doc, weighting: { ...doc.weighting, rankOrder: [] } };
    const start = rankOrderIds(fresh);
    const weightOf = (id: string) => doc.criteria.find((c) => c.id === id)!.weight;
    expect(new Set(start)).toEqual(new Set(ids));
    for (let i = 1; i < start.length; i++) expect(weightOf(start[i - 1])).toBeGreaterThanOrEqual(weightOf(start[i]));
    expect(start).not.toEqual(ids); // the sample's template order is not its weight order
    expect(moveInRankOrder(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
  });
});
