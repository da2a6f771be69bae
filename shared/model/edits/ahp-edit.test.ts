import { describe, expect, it } from 'vitest';
import {
  answeredPairCount,
  clearJudgments,
  connectingPair,
  groupConnectingPair,
  equalAsUnanswered,
  formatJudgment,
  hasJudgments,
  judgmentMatrix,
  judgmentOfStep,
  judgmentPairs,
  pairsTracked,
  setJudgment,
  stepOfJudgment,
} from './ahp-edit';
import { WorkshopDocSchema } from '../schema';
import { createSampleWorkshop } from '../create';

const doc = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');
const ids = doc.criteria.map((c) => c.id);
const p = doc.participants[0].id;

describe('Saaty scale', () => {
  it('maps slider steps to judgments and back', () => {
    expect([-8, -2, -1, 0, 1, 2, 8].map(judgmentOfStep)).toEqual([1 / 9, 1 / 3, 1 / 2, 1, 2, 3, 9]);
    for (let k = -8; k <= 8; k++) expect(stepOfJudgment(judgmentOfStep(k))).toBe(k);
    expect(stepOfJudgment(2.4)).toBe(1);
    expect(stepOfJudgment(0.3)).toBe(-2);
    expect(formatJudgment(3)).toBe('3');
    expect(formatJudgment(1 / 4)).toBe('1/4');
    expect(formatJudgment(2.4)).toBe('2.4');
  });
});

describe('judgments', () => {
  it('start with every pair unanswered and stay reciprocal when set', () => {
    const m0 = judgmentMatrix(doc, p);
    expect(m0.every((row, i) => row.every((v, j) => (i === j ? v === 1 : v === null)))).toBe(true);
    expect(hasJudgments(doc, p)).toBe(false);
    const next = setJudgment(doc, p, ids[2], ids[0], 5);
    const m = judgmentMatrix(next, p);
    expect(m[2][0]).toBe(5);
    expect(m[0][2]).toBe(1 / 5);
    expect(hasJudgments(next, p)).toBe(true);
    expect(hasJudgments(next, doc.participants[1].id)).toBe(false);
    expect(setJudgment(next, p, ids[2], ids[0], 5)).toBe(next);
    expect(setJudgment(next, p, ids[2], ids[2], 5)).toBe(next);
    expect(clearJudgments(next, p).weighting.ahp).toEqual([]);
  });

  it('records only the pairs answered: the others stay null in the document, "equal" included as answered', () => {
    let d = setJudgment(doc, p, ids[0], ids[1], 3);
    d = setJudgment(d, p, ids[1], ids[2], 1);
    const stored = d.weighting.ahp[0];
    expect(stored.pairsTracked).toBe(true);
    expect(stored.matrix[0][1]).toBe(3);
    expect(stored.matrix[1][2]).toBe(1);
    expect(stored.matrix[2][1]).toBe(1);
    expect(stored.matrix[0][2]).toBeNull();
    expect(stored.matrix[2][0]).toBeNull();
    expect(answeredPairCount(judgmentMatrix(d, p))).toBe(2);
    expect(WorkshopDocSchema.safeParse(d).success).toBe(true);
    // A judged "equal" alone counts as a judgment.
    expect(hasJudgments(setJudgment(doc, p, ids[0], ids[1], 1), p)).toBe(true);
    // null takes an answer back.
    const back = setJudgment(d, p, ids[0], ids[1], null);
    expect(judgmentMatrix(back, p)[0][1]).toBeNull();
    expect(judgmentMatrix(back, p)[1][0]).toBeNull();
    expect(answeredPairCount(judgmentMatrix(back, p))).toBe(1);
    expect(setJudgment(back, p, ids[0], ids[1], null)).toBe(back);
  });

  it('the schema refuses a null on one side of the diagonal only', () => {
    const d = setJudgment(doc, p, ids[0], ids[1], 3);
    const matrix = d.weighting.ahp[0].matrix.map((row) => [...row]);
    matrix[1][0] = 1 / 3;
    matrix[0][1] = null;
    const bad = { ...d, weighting: { ...d.weighting, ahp: [{ ...d.weighting.ahp[0], matrix }] } };
    const res = WorkshopDocSchema.safeParse(bad);
    expect(res.success).toBe(false);
    expect(res.error!.issues[0].path).toEqual(['weighting', 'ahp', 0, 'matrix', 0, 1]);
  });

  it('names a pair that connects the criteria while the answered pairs do not', () => {
    let d = setJudgment(doc, p, ids[0], ids[1], 3);
    expect(connectingPair(judgmentMatrix(d, p))).toEqual([0, 2]);
    // A chain through other criteria connects too.
    for (let k = 1; k < ids.length - 1; k++) d = setJudgment(d, p, ids[k], ids[k + 1], 2);
    expect(answeredPairCount(judgmentMatrix(d, p))).toBe(ids.length - 1);
    expect(connectingPair(judgmentMatrix(d, p))).toBeNull();
  });

  it('the group is linked when the judges’ pairs together link all criteria, though no one judge’s do', () => {
    const n = ids.length;
    // One judge answers the first half of the chain 0–1–2–…, another the rest.
    const chain = (from: number, to: number) =>
      ids.map((_, i) => ids.map((__, j) => (i === j ? 1 : Math.abs(i - j) === 1 && Math.min(i, j) >= from && Math.max(i, j) <= to ? 2 : null)));
    const half = Math.floor(n / 2);
    const a = chain(0, half);
    const b = chain(half, n - 1);
    expect(connectingPair(a)).not.toBeNull();
    expect(connectingPair(b)).not.toBeNull();
    expect(groupConnectingPair([a, b])).toBeNull();
    // Without the second judge, the first criterion past the first half is the one not linked.
    expect(groupConnectingPair([a])).toEqual([0, half + 1]);
    expect(groupConnectingPair([])).toBeNull();
  });

  it('judgments recorded before pairs were tracked count every pair as answered, until the team turns "equal" into unanswered', () => {
    const n = ids.length;
    const legacy = ids.map((_, i) => ids.map((__, j) => (i === 0 && j === 1 ? 3 : i === 1 && j === 0 ? 1 / 3 : 1)));
    const d = { ...doc, weighting: { ...doc.weighting, ahp: [{ participantId: p, criteria: ids, matrix: legacy, pairsTracked: false }] } };
    expect(pairsTracked(d, p)).toBe(false);
    expect(answeredPairCount(judgmentMatrix(d, p))).toBe((n * (n - 1)) / 2);
    // Editing keeps the marking: the other pairs still count as answered.
    const edited = setJudgment(d, p, ids[2], ids[3], 2);
    expect(pairsTracked(edited, p)).toBe(false);
    expect(answeredPairCount(judgmentMatrix(edited, p))).toBe((n * (n - 1)) / 2);
    const tracked = equalAsUnanswered(edited, p);
    expect(pairsTracked(tracked, p)).toBe(true);
    const m = judgmentMatrix(tracked, p);
    expect(answeredPairCount(m)).toBe(2);
    expect(m[0][1]).toBe(3);
    expect(m[2][3]).toBe(2);
    expect(equalAsUnanswered(tracked, p)).toBe(tracked);
  });

  it('reads a matrix stored for another criterion order (and ignores criteria that are gone)', () => {
    const stored = {
      participantId: p,
      criteria: [ids[1], 'gone', ids[0]],
      matrix: [
        [1, 2, 3],
        [1 / 2, 1, 1],
        [1 / 3, 1, 1],
      ],
      pairsTracked: true,
    };
    const d = { ...doc, weighting: { ...doc.weighting, ahp: [stored] } };
    const m = judgmentMatrix(d, p);
    expect(m[1][0]).toBe(3);
    expect(m[0][1]).toBeCloseTo(1 / 3, 15);
    // A criterion the judgments were not made for: its pairs are not answered.
    expect(m[0][2]).toBeNull();
    // Writing rewrites it in the current order.
    const w = setJudgment(d, p, ids[0], ids[2], 2);
    expect(w.weighting.ahp[0].criteria).toEqual(ids);
    expect(judgmentMatrix(w, p)[1][0]).toBe(3);
  });

  it('lists the upper-triangle pairs', () => {
    expect(judgmentPairs(3)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
  });
});
