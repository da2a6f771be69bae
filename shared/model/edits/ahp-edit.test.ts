import { describe, expect, it } from 'vitest';
import { clearJudgments, formatJudgment, hasJudgments, judgmentMatrix, judgmentOfStep, judgmentPairs, setJudgment, stepOfJudgment } from './ahp-edit';
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
  it('start as all-equal and stay reciprocal when set', () => {
    expect(judgmentMatrix(doc, p).every((row) => row.every((v) => v === 1))).toBe(true);
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

  it('reads a matrix stored for another criterion order (and ignores criteria that are gone)', () => {
    const stored = {
      participantId: p,
      criteria: [ids[1], 'gone', ids[0]],
      matrix: [
        [1, 2, 3],
        [1 / 2, 1, 1],
        [1 / 3, 1, 1],
      ],
    };
    const d = { ...doc, weighting: { ...doc.weighting, ahp: [stored] } };
    const m = judgmentMatrix(d, p);
    expect(m[1][0]).toBe(3);
    expect(m[0][1]).toBeCloseTo(1 / 3, 15);
    expect(m[0][2]).toBe(1);
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
