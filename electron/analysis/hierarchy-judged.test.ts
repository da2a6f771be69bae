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

describe('pairwise dimension judged by participants: the group’s local shares', () => {
  /** `judged([])` with each participant's full upper triangle (by participant index) and influences set. */
  function byParticipants(uppers: number[][], influence: number[], team: Array<[number, number, number]> = []): WorkshopDoc {
    let doc = judged(team);
    doc = { ...doc, participants: doc.participants.map((p, k) => (k < influence.length ? { ...p, influence: influence[k] } : p)) };
    uppers.forEach((u, k) => {
      const pid = doc.participants[k].id;
      doc = setLeafJudgment(doc, DIM, 0, 1, u[0], pid);
      doc = setLeafJudgment(doc, DIM, 0, 2, u[1], pid);
      doc = setLeafJudgment(doc, DIM, 1, 2, u[2], pid);
    });
    return doc;
  }
  const full = (u: number[]) => [
    [1, u[0], u[1]],
    [1 / u[0], 1, u[2]],
    [1 / u[1], 1 / u[2], 1],
  ];

  it('two participants: the local shares are the eigenvector of their influence-weighted geometric mean (AIJ), with consensus', () => {
    const uppers = [
      [3, 5, 2],
      [1 / 2, 2, 4],
    ];
    const influence = [2, 1];
    const doc = byParticipants(uppers, influence, [
      [0, 1, 9],
      [1, 2, 9],
    ]);
    expect(doc.weighting.ahpAggregation).toBe('aij');
    // Independently: a_ij = Π_k a_ij(k)^(q_k / Σq), then the principal eigenvector.
    const q = influence.map((x) => x / influence.reduce((a, b) => a + b, 0));
    const mats = uppers.map(full);
    const mean = mats[0].map((row, i) => row.map((_, j) => mats.reduce((p, m, k) => p * m[i][j] ** q[k], 1)));
    const { w, lambda } = powerIteration(mean);
    const node = localOf(doc);
    expect(node.settled).toBe(true);
    expect(node.judges).toBe(2);
    // Tolerance 1e-8: the engine and the power iteration here both converge far below it.
    node.leaves.forEach((l, j) => expect(l.local).toBeCloseTo(w[j], 8));
    expect(node.cr).toBeCloseTo((lambda - 3) / 2 / 0.58, 6);
    expect(node.consensus).not.toBeNull();
    expect(node.consensus!.sStar).toBeGreaterThan(0);
    expect(node.consensus!.sStar).toBeLessThanOrEqual(1);
    // The team's own matrix (a01 = 9, a12 = 9) no longer decides.
    expect(node.leaves[0].local).toBeLessThan(0.6);
  });

  it('one participant: their own weights, consensus not applicable; a participant without influence or with unlinked pairs does not count', () => {
    const one = localOf(byParticipants([[3, 5, 2]], [1]));
    const { w } = powerIteration(full([3, 5, 2]));
    expect(one.judges).toBe(1);
    expect(one.consensus).toBeNull();
    one.leaves.forEach((l, j) => expect(l.local).toBeCloseTo(w[j], 8));
    // The second participant has no influence: still one judge, the same weights.
    const muted = localOf(
      byParticipants(
        [
          [3, 5, 2],
          [1 / 9, 1 / 9, 1],
        ],
        [1, 0],
      ),
    );
    expect(muted.judges).toBe(1);
    muted.leaves.forEach((l, j) => expect(l.local).toBeCloseTo(w[j], 8));
    // A participant with one pair only (not linking): not counted, the team's matrix rules.
    let partial = judged([
      [0, 1, 2],
      [1, 2, 3],
    ]);
    partial = setLeafJudgment(partial, DIM, 0, 1, 1 / 5, partial.participants[0].id);
    const team = localOf(partial);
    expect(team.judges).toBe(0);
    team.leaves.forEach((l, j) => expect(l.local).toBeCloseTo([0.6, 0.3, 0.1][j], 8));
  });
});
