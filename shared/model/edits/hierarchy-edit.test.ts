import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../create';
import { hierarchyPriorities, localShares } from '../hierarchy';
import { WorkshopDocSchema } from '../schema';
import { removeCriterion } from './criteria';
import { canExpand, collapseCriterion, expandCriterion, moveLeaf, setLeafWeight, setLocalShares } from './hierarchy-edit';

const NOW = '2026-03-01T09:00:00.000Z';
const sample = () => createSampleWorkshop('zh-CN', NOW, 'w1');

describe('criteria hierarchy edits', () => {
  it('expands a dimension into its focus points with equal local weights, in both languages', () => {
    const before = sample();
    const fps = before.criteria.find((c) => c.id === 'throughput-efficiency')!.focusPoints;
    const doc = expandCriterion(before, 'throughput-efficiency');
    expect(doc.hierarchy).toHaveLength(1);
    expect(doc.hierarchy[0].leaves.map((l) => l.name)).toEqual(fps);
    expect(new Set(doc.hierarchy[0].leaves.map((l) => l.weight)).size).toBe(1);
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
    // Expanding twice is no change; the criteria and scores are untouched.
    expect(expandCriterion(doc, 'throughput-efficiency')).toBe(doc);
    expect(doc.criteria).toBe(before.criteria);
    expect(doc.scores).toBe(before.scores);
  });

  it('does not expand a dimension with fewer than two named focus points', () => {
    const doc = sample();
    const k = doc.criteria.findIndex((c) => c.id === 'scalability');
    const one = { ...doc, criteria: doc.criteria.map((c, i) => (i === k ? { ...c, focusPoints: c.focusPoints.slice(0, 1) } : c)) };
    expect(canExpand(one, 'scalability')).toBe(false);
    expect(expandCriterion(one, 'scalability')).toBe(one);
    expect(canExpand(doc, 'nowhere')).toBe(false);
  });

  it('sets a local weight (clamped, rounded), and the global weight is the dimension share times the local share', () => {
    let doc = expandCriterion(sample(), 'mismatch-control');
    const [a, b, c] = doc.hierarchy[0].leaves.map((l) => l.id);
    doc = setLeafWeight(doc, 'mismatch-control', a, 6);
    doc = setLeafWeight(doc, 'mismatch-control', b, 3);
    doc = setLeafWeight(doc, 'mismatch-control', c, -4);
    expect(doc.hierarchy[0].leaves.map((l) => l.weight)).toEqual([6, 3, 0]);
    expect(setLeafWeight(doc, 'mismatch-control', a, 6)).toBe(doc);
    expect(setLeafWeight(doc, 'mismatch-control', a, Number.NaN)).toBe(doc);
    const total = doc.criteria.reduce((s, x) => s + x.weight, 0);
    const dim = doc.criteria.find((x) => x.id === 'mismatch-control')!.weight / total;
    const [node] = hierarchyPriorities(doc);
    expect(node.share).toBeCloseTo(dim, 12);
    expect(node.leaves.map((l) => l.local)).toEqual([6 / 9, 3 / 9, 0]);
    node.leaves.forEach((l, j) => expect(l.global).toBeCloseTo(dim * [6 / 9, 3 / 9, 0][j], 12));
  });

  it('reorders focus points and takes local weights from shares in that order', () => {
    let doc = expandCriterion(sample(), 'credit-assignment');
    const ids = doc.hierarchy[0].leaves.map((l) => l.id);
    doc = moveLeaf(doc, 'credit-assignment', ids[2], -1);
    expect(doc.hierarchy[0].leaves.map((l) => l.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(moveLeaf(doc, 'credit-assignment', ids[0], -1)).toBe(doc);
    const shares = [0.6, 0.3, 0.1];
    doc = setLocalShares(doc, 'credit-assignment', shares);
    const [node] = hierarchyPriorities(doc);
    node.leaves.forEach((l, j) => expect(l.local).toBeCloseTo(shares[j], 9));
    expect(node.leaves.map((l) => l.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(setLocalShares(doc, 'credit-assignment', [1, 0])).toBe(doc);
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
  });

  it('gives equal local shares when every local weight is zero', () => {
    expect(localShares([0, 0, 0, 0])).toEqual([0.25, 0.25, 0.25, 0.25]);
  });

  it('collapses a dimension back, and removing a dimension removes its focus points', () => {
    const doc = expandCriterion(expandCriterion(sample(), 'mismatch-control'), 'cost-structure');
    expect(collapseCriterion(doc, 'mismatch-control').hierarchy.map((n) => n.criterionId)).toEqual(['cost-structure']);
    expect(collapseCriterion(doc, 'scalability')).toBe(doc);
    const removed = removeCriterion(doc, 'cost-structure');
    expect(removed.hierarchy.map((n) => n.criterionId)).toEqual(['mismatch-control']);
    expect(WorkshopDocSchema.safeParse(removed).success).toBe(true);
  });
});
