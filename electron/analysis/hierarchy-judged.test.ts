import { describe, expect, it } from 'vitest';
import { hierarchyPriorities, type WorkshopDoc } from '../../shared/model';
import { createSampleWorkshop } from '../../shared/model/create';
import { expandCriterion, setHierarchyMethod, setLeafJudgment } from '../../shared/model/edits/hierarchy-edit';
import { hierarchyJudged } from './analysis';

/**
 * A pairwise dimension's local shares are the principal eigenvector of its judgments (the
 * engine's AHP), checked against an eigenvector computed independently here.
 */
const NOW = '2026-03-01T09:00:00.000Z';
const DIM = 'mismatch-control';

/** The sample with DIM expanded into three focus points and judged pairwise with `matrix` (upper triangle). */
function judged(upper: Array<[number, number, number]>): WorkshopDoc {
  const base = expandCriterion(createSampleWorkshop('en', NOW, 'w1'), DIM);
  const node = base.hierarchy.find((n) => n.criterionId === DIM)!;
  let doc: WorkshopDoc = { ...base, hierarchy: base.hierarchy.map((n) => (n === node ? { ...n, leaves: n.leaves.slice(0, 3) } : n)) };
  doc = setHierarchyMethod(doc, DIM, 'pairwise');
  for (const [i, j, v] of upper) doc = setLeafJudgment(doc, DIM, i, j, v);
  return doc;
}

/** Principal right eigenvector by power iteration (sum 1) and λmax, written here apart from the engine. */
function powerIteration(a: number[][]): { w: number[]; lambda: number } {
  let w = a.map(() => 1 / a.length);
  for (let it = 0; it < 1000; it++) {
    const next = a.map((row) => row.reduce((s, x, j) => s + x * w[j], 0));
    const sum = next.reduce((s, x) => s + x, 0);
    w = next.map((x) => x / sum);
  }
  const aw = a.map((row) => row.reduce((s, x, j) => s + x * w[j], 0));
  return { w, lambda: aw.reduce((s, x, i) => s + x / w[i], 0) / a.length };
}

const localOf = (doc: WorkshopDoc) => hierarchyPriorities(doc, hierarchyJudged(doc)).find((n) => n.criterionId === DIM)!;

describe('pairwise dimension: local shares from the engine', () => {
  it('a consistent matrix built from known weights gives those weights exactly, CR 0', () => {
    const w = [0.5, 0.3, 0.2];
    const node = localOf(
      judged([
        [0, 1, w[0] / w[1]],
        [0, 2, w[0] / w[2]],
        [1, 2, w[1] / w[2]],
      ]),
    );
    expect(node.settled).toBe(true);
    node.leaves.forEach((l, j) => expect(l.local).toBeCloseTo(w[j], 10));
    node.leaves.forEach((l, j) => expect(l.global).toBeCloseTo(node.share * w[j], 10));
    expect(node.cr).toBeCloseTo(0, 10);
  });

  it('an inconsistent matrix gives the principal eigenvector and Saaty’s CR', () => {
    const upper: Array<[number, number, number]> = [
      [0, 1, 3],
      [0, 2, 2],
      [1, 2, 4],
    ];
    const a = [
      [1, 3, 2],
      [1 / 3, 1, 4],
      [1 / 2, 1 / 4, 1],
    ];
    const { w, lambda } = powerIteration(a);
    const node = localOf(judged(upper));
    node.leaves.forEach((l, j) => expect(l.local).toBeCloseTo(w[j], 8));
    // CR = CI / RI(3), CI = (λmax − n) / (n − 1), RI(3) = 0.58 (Saaty 1980).
    expect(node.cr).toBeCloseTo((lambda - 3) / 2 / 0.58, 6);
    expect(node.cr).toBeGreaterThan(0.1);
  });

  it('pairs that do not link every focus point: equal shares, unsettled; two linking pairs: Harker gives weights and asks the third', () => {
    const one = localOf(judged([[0, 1, 3]]));
    expect(one.settled).toBe(false);
    expect(one.leaves.map((l) => l.local)).toEqual([1 / 3, 1 / 3, 1 / 3]);
    // Two pairs a01 = 2, a12 = 3 form a spanning tree: Harker's completion is consistent, w ∝ (6, 3, 1).
    const two = localOf(
      judged([
        [0, 1, 2],
        [1, 2, 3],
      ]),
    );
    expect(two.settled).toBe(true);
    two.leaves.forEach((l, j) => expect(l.local).toBeCloseTo([0.6, 0.3, 0.1][j], 8));
    expect(two.nextPair).toEqual([0, 2]);
  });
});
