import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../create';
import { WorkshopDocSchema } from '../schema';
import { removeCandidate } from './candidates';
import { removeCriterion } from './criteria';
import { removeParticipant } from './participants-edit';
import { applyRatingScores, clearRatings, ratedCells, ratingMatrix, setRatingJudgment, setScoreDetached } from './ratings-edit';
import { setScore } from './score-grid';

const base = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');
const p = base.participants[0].id;
const k = base.criteria[0].id;
const cands = base.candidates.map((c) => c.id);
const m = cands.length;

/** The first candidate judged 2× the second and 4× the third (a connected, consistent chain). */
function judged() {
  let d = setRatingJudgment(base, p, k, cands[0], cands[1], 2);
  d = setRatingJudgment(d, p, k, cands[1], cands[2], 2);
  return d;
}

describe('ratings: candidates compared pairwise on a dimension', () => {
  it('stores judgments reciprocal with unanswered pairs null, and the document stays valid', () => {
    const d = judged();
    const mx = ratingMatrix(d, p, k);
    expect(mx).toHaveLength(m);
    expect(mx[0][1]).toBe(2);
    expect(mx[1][0]).toBe(0.5);
    expect(mx[0][2]).toBeNull();
    expect(WorkshopDocSchema.safeParse(d).success).toBe(true);
    expect(setRatingJudgment(d, p, k, cands[0], cands[1], 2)).toBe(d);
    expect(setRatingJudgment(d, 'nobody', k, cands[0], cands[1], 3)).toBe(d);
    expect(ratingMatrix(setRatingJudgment(d, p, k, cands[1], cands[0], null), p, k)[0][1]).toBeNull();
  });

  it('applying writes the scores (2 decimals) and marks those cells; a score changed any other way is no longer marked', () => {
    const scores = cands.map((_, i) => [10, 5, 2.5][i] ?? 10 / 3);
    const d = applyRatingScores(judged(), p, k, scores);
    const cell = (c: string) => d.scores.find((s) => s.participantId === p && s.candidateId === c && s.criterionId === k)?.value;
    expect(cell(cands[0])).toBe(10);
    expect(cell(cands[2])).toBe(2.5);
    if (m > 3) expect(cell(cands[3])).toBe(3.33);
    const marked = ratedCells(d, p);
    cands.forEach((c) => expect(marked.has(`${c}|${k}`)).toBe(true));
    expect(marked.size).toBe(m);
    // Another participant's and another dimension's cells are not marked.
    expect(ratedCells(d, base.participants[1]?.id ?? 'x').size).toBe(0);
    // A paste or ballot changes the score: the cell is no longer from pairwise judgments.
    const pasted = setScore(d, p, cands[1], k, 7);
    expect(ratedCells(pasted, p).has(`${cands[1]}|${k}`)).toBe(false);
    expect(ratedCells(pasted, p).size).toBe(m - 1);
    expect(WorkshopDocSchema.safeParse(d).success).toBe(true);
  });

  it('typing in a marked cell detaches it (typing the old value back does not re-attach it); clearing keeps the scores', () => {
    const d = applyRatingScores(
      judged(),
      p,
      k,
      cands.map(() => 10),
    );
    const detached = setScoreDetached(d, p, cands[0], k, 6);
    expect(ratedCells(detached, p).has(`${cands[0]}|${k}`)).toBe(false);
    expect(ratedCells(setScore(detached, p, cands[0], k, 10), p).has(`${cands[0]}|${k}`)).toBe(false);
    const cleared = clearRatings(d, p, k);
    expect(cleared.ratings).toHaveLength(0);
    expect(cleared.scores).toEqual(d.scores);
  });

  it('removing a candidate, dimension or participant takes it out of the ratings; the document stays valid', () => {
    const d = applyRatingScores(
      judged(),
      p,
      k,
      cands.map(() => 10),
    );
    const noCand = removeCandidate(d, cands[1]);
    expect(noCand.ratings[0].candidates).toEqual(cands.filter((c) => c !== cands[1]));
    expect(noCand.ratings[0].matrix).toHaveLength(m - 1);
    expect(cands[1] in noCand.ratings[0].written).toBe(false);
    expect(WorkshopDocSchema.safeParse(noCand).success).toBe(true);
    expect(removeCriterion(d, k).ratings).toHaveLength(0);
    expect(removeParticipant(d, p).ratings).toHaveLength(0);
  });

  it('the schema refuses a one-sided unanswered pair', () => {
    const d = judged();
    const bad = structuredClone(d);
    bad.ratings[0].matrix[0][2] = 3;
    const res = WorkshopDocSchema.safeParse(bad);
    expect(res.success).toBe(false);
    expect(res.error?.issues[0].path).toEqual(['ratings', 0, 'matrix', 0, 2]);
  });
});
