import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../create';
import { hierarchyPriorities, leafNameOf, localShares } from '../hierarchy';
import { WorkshopDocSchema, type WorkshopDoc } from '../schema';
import { removeCriterion } from './criteria';
import { removeParticipant } from './participants-edit';
import { removalImpact } from '../removal';
import { canExpand, collapseCriterion, expandCriterion, moveLeaf, setHierarchyMethod, setLeafJudgment, setLeafWeight, setLocalShares } from './hierarchy-edit';

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

  it('names a focus point by id in either language, and by its id once it no longer exists', () => {
    const doc = expandCriterion(sample(), 'throughput-efficiency');
    const [leaf] = doc.hierarchy[0].leaves;
    expect(leafNameOf(doc, 'throughput-efficiency', leaf.id, 'en')).toBe(leaf.name.en);
    expect(leafNameOf(doc, 'throughput-efficiency', leaf.id, 'zh-CN')).toBe(leaf.name['zh-CN']);
    expect(leaf.name.en).not.toBe(leaf.name['zh-CN']);
    expect(leafNameOf(doc, 'throughput-efficiency', 'gone', 'en')).toBe('gone');
    expect(leafNameOf(doc, 'scalability', leaf.id, 'en')).toBe(leaf.id); // not that dimension's
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

const node = (doc: WorkshopDoc) => doc.hierarchy.find((x) => x.criterionId === 'mismatch-control')!;

describe('pairwise local weights of a dimension', () => {
  const issues = (doc: unknown) => {
    const r = WorkshopDocSchema.safeParse(doc);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('switches to pairwise with an unanswered matrix, keeps judgments reciprocal, and switches back', () => {
    let doc = expandCriterion(sample(), 'mismatch-control');
    const n = node(doc).leaves.length;
    doc = setHierarchyMethod(doc, 'mismatch-control', 'pairwise');
    expect(node(doc).method).toBe('pairwise');
    expect(node(doc).matrix).toEqual(Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : null))));
    expect(issues(doc)).toEqual([]);
    doc = setLeafJudgment(doc, 'mismatch-control', 0, 1, 3);
    doc = setLeafJudgment(doc, 'mismatch-control', 2, 0, 1 / 5);
    const m = node(doc).matrix!;
    expect([m[0][1], m[1][0], m[2][0], m[0][2]]).toEqual([3, 1 / 3, 1 / 5, 5]);
    expect(issues(doc)).toEqual([]);
    // No change, a pair on the diagonal, outside the matrix, or a value not positive: the same document.
    expect(setLeafJudgment(doc, 'mismatch-control', 0, 1, 3)).toBe(doc);
    expect(setLeafJudgment(doc, 'mismatch-control', 1, 1, 2)).toBe(doc);
    expect(setLeafJudgment(doc, 'mismatch-control', 0, n, 2)).toBe(doc);
    expect(setLeafJudgment(doc, 'mismatch-control', 0, 1, 0)).toBe(doc);
    expect(setLeafJudgment(doc, 'mismatch-control', 0, 1, Number.POSITIVE_INFINITY)).toBe(doc);
    expect(setLeafJudgment(doc, 'scalability', 0, 1, 2)).toBe(doc);
    const cleared = setLeafJudgment(doc, 'mismatch-control', 1, 0, null);
    expect([node(cleared).matrix![0][1], node(cleared).matrix![1][0]]).toEqual([null, null]);
    // Moving a focus point moves its judgments with it: a_ij still compares the same two focus points.
    const [l0, l1] = node(doc).leaves.map((l) => l.id);
    const moved = node(moveLeaf(doc, 'mismatch-control', l0, 1));
    expect(moved.leaves.slice(0, 2).map((l) => l.id)).toEqual([l1, l0]);
    expect([moved.matrix![1][0], moved.matrix![0][1], moved.matrix![2][1], moved.matrix![1][2]]).toEqual([3, 1 / 3, 1 / 5, 5]);
    expect(issues(moveLeaf(doc, 'mismatch-control', l0, 1))).toEqual([]);
    // Back to points: the judgments are kept for a later switch, the points rule again.
    const back = setHierarchyMethod(doc, 'mismatch-control', 'points');
    expect(node(back).matrix).toBe(m);
    expect(hierarchyPriorities(back).find((x) => x.criterionId === 'mismatch-control')!.method).toBe('points');
    expect(node(setHierarchyMethod(back, 'mismatch-control', 'pairwise')).matrix).toBe(m);
  });

  it('refuses a matrix that is not square, not reciprocal, half-answered, or missing', () => {
    const doc = setHierarchyMethod(expandCriterion(sample(), 'mismatch-control'), 'mismatch-control', 'pairwise');
    const n = node(doc).leaves.length;
    const at = doc.hierarchy.findIndex((x) => x.criterionId === 'mismatch-control');
    const withMatrix = (matrix: unknown) => ({
      ...doc,
      hierarchy: doc.hierarchy.map((x, k) => (k === at ? { ...x, method: 'pairwise', matrix } : x)),
    });
    const good = node(doc).matrix!;
    expect(issues(withMatrix(good.slice(1)))).toEqual([`hierarchy.${at}.matrix: must be ${n}×${n}`]);
    const notReciprocal = good.map((row, i) => row.map((v, j) => (i === 0 && j === 1 ? 3 : i === 1 && j === 0 ? 3 : v)));
    expect(issues(withMatrix(notReciprocal))).toEqual([`hierarchy.${at}.matrix.0.1: a judgment and its mirror must be reciprocal (a_ij × a_ji = 1)`]);
    const half = good.map((row, i) => row.map((v, j) => (i === 0 && j === 1 ? 2 : v)));
    expect(issues(withMatrix(half))).toContain(`hierarchy.${at}.matrix.0.1: an unanswered pair is null on both sides of the diagonal`);
    const diagonal = good.map((row, i) => row.map((v, j) => (i === 0 && j === 0 ? 2 : v)));
    expect(issues(withMatrix(diagonal))).toEqual([`hierarchy.${at}.matrix.0.0: the diagonal is 1`]);
    expect(issues(withMatrix(undefined))).toEqual([`hierarchy.${at}.matrix: a pairwise node needs its matrix`]);
    // A v13 node as released by the expansion (no method, no matrix) stays valid.
    expect(issues(expandCriterion(sample(), 'mismatch-control'))).toEqual([]);
  });

  it('shows equal local shares, unsettled, until the engine has answered for the judgments', () => {
    const doc = setHierarchyMethod(expandCriterion(sample(), 'mismatch-control'), 'mismatch-control', 'pairwise');
    const mc = hierarchyPriorities(doc).find((x) => x.criterionId === 'mismatch-control')!;
    const n = mc.leaves.length;
    expect(mc.settled).toBe(false);
    expect(mc.leaves.map((l) => l.local)).toEqual(Array.from({ length: n }, () => 1 / n));
    const weights = Array.from({ length: n }, (_, j) => (j + 1) / ((n * (n + 1)) / 2));
    const judged = hierarchyPriorities(doc, { 'mismatch-control': { weights, cr: 0.05, nextPair: [0, 2] } }).find((x) => x.criterionId === 'mismatch-control')!;
    expect(judged.settled).toBe(true);
    expect(judged.leaves.map((l) => l.local)).toEqual(weights);
    judged.leaves.forEach((l, j) => expect(l.global).toBeCloseTo(judged.share * weights[j], 12));
    expect([judged.cr, judged.nextPair]).toEqual([0.05, [0, 2]]);
  });
});

describe('participants’ own judgments of a pairwise dimension', () => {
  const DIM = 'mismatch-control';
  const start = () => setHierarchyMethod(expandCriterion(sample(), DIM), DIM, 'pairwise');
  const own = (doc: WorkshopDoc, pid: string) => node(doc).judgments?.find((j) => j.participantId === pid)?.matrix;
  const issues = (doc: unknown) => {
    const r = WorkshopDocSchema.safeParse(doc);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('keeps each participant’s matrix apart from the team’s, reciprocal, and drops it once cleared', () => {
    let doc = start();
    const [p, q] = doc.participants.map((x) => x.id);
    const team = node(doc).matrix;
    doc = setLeafJudgment(doc, DIM, 0, 1, 3, p);
    doc = setLeafJudgment(doc, DIM, 1, 2, 1 / 2, q);
    expect(node(doc).matrix).toBe(team);
    expect([own(doc, p)![0][1], own(doc, p)![1][0], own(doc, p)![1][2]]).toEqual([3, 1 / 3, null]);
    expect([own(doc, q)![1][2], own(doc, q)![2][1], own(doc, q)![0][1]]).toEqual([1 / 2, 2, null]);
    expect(issues(doc)).toEqual([]);
    // An unknown participant, or no change: the same document.
    expect(setLeafJudgment(doc, DIM, 0, 1, 2, 'nobody')).toBe(doc);
    expect(setLeafJudgment(doc, DIM, 0, 1, 3, p)).toBe(doc);
    // Clearing a participant's only pair drops their matrix.
    expect(own(setLeafJudgment(doc, DIM, 0, 1, null, p), p)).toBeUndefined();
  });

  it('moves every participant’s judgments with a moved focus point', () => {
    let doc = start();
    const [p, q] = doc.participants.map((x) => x.id);
    doc = setLeafJudgment(doc, DIM, 0, 1, 3, p);
    doc = setLeafJudgment(doc, DIM, 0, 2, 5, q);
    const [l0, l1] = node(doc).leaves.map((l) => l.id);
    const moved = moveLeaf(doc, DIM, l0, 1);
    expect(
      node(moved)
        .leaves.slice(0, 2)
        .map((l) => l.id),
    ).toEqual([l1, l0]);
    // l0 is now at 1: p's "l0 3× l1" is a_10 = 3; q's "l0 5× leaf 2" is a_12 = 5.
    expect([own(moved, p)![1][0], own(moved, p)![0][1]]).toEqual([3, 1 / 3]);
    expect([own(moved, q)![1][2], own(moved, q)![2][1], own(moved, q)![0][2]]).toEqual([5, 1 / 5, null]);
    expect(issues(moved)).toEqual([]);
  });

  it('removing a participant drops their judgments of focus points, and the removal counts them', () => {
    let doc = start();
    const [p, q] = doc.participants.map((x) => x.id);
    doc = setLeafJudgment(doc, DIM, 0, 1, 3, p);
    doc = setLeafJudgment(doc, DIM, 0, 2, 2, p);
    doc = setLeafJudgment(doc, DIM, 0, 1, 1 / 4, q);
    expect(removalImpact(doc, { kind: 'participant', id: p }).judgments).toBe(removalImpact(start(), { kind: 'participant', id: p }).judgments + 2);
    const gone = removeParticipant(doc, p);
    expect(node(gone).judgments!.map((j) => j.participantId)).toEqual([q]);
    expect(issues(gone)).toEqual([]);
  });

  it('refuses a participant’s matrix that is not square, not reciprocal or half-answered, naming where', () => {
    const doc = setLeafJudgment(start(), DIM, 0, 1, 3, sample().participants[0].id);
    const n = node(doc).leaves.length;
    const withMatrix = (matrix: (number | null)[][]) => ({
      ...doc,
      hierarchy: doc.hierarchy.map((x) => ({ ...x, judgments: x.judgments!.map((j) => ({ ...j, matrix })) })),
    });
    const m = own(doc, sample().participants[0].id)!;
    expect(issues(withMatrix(m.slice(1)))).toEqual([`hierarchy.0.judgments.0.matrix: must be ${n}×${n}`]);
    const bad = m.map((row) => [...row]);
    bad[0][1] = 2;
    expect(issues(withMatrix(bad))).toEqual(['hierarchy.0.judgments.0.matrix.0.1: a judgment and its mirror must be reciprocal (a_ij × a_ji = 1)']);
    const half = m.map((row) => [...row]);
    half[1][0] = null;
    expect(issues(withMatrix(half))).toEqual([
      'hierarchy.0.judgments.0.matrix.0.1: an unanswered pair is null on both sides of the diagonal',
      'hierarchy.0.judgments.0.matrix.1.0: an unanswered pair is null on both sides of the diagonal',
    ]);
  });
});
