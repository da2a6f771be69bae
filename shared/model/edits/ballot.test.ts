import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../create';
import { WorkshopDocSchema } from '../schema';
import { mergeBallot } from './ballot';
import { judgmentMatrix } from './ahp-edit';

const doc = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');
const [p, q] = doc.participants;
const round = { criteria: doc.criteria.slice(0, 2).map((c) => c.id), candidates: doc.candidates.slice(0, 2).map((c) => c.id) };
const cell = (ci: number, ki: number, value: number | null, rationale = '') => ({
  candidateId: round.candidates[ci],
  criterionId: round.criteria[ki],
  value,
  rationale,
});
const mine = (d: typeof doc, pid: string) =>
  d.scores
    .filter((s) => s.participantId === pid && round.criteria.includes(s.criterionId) && round.candidates.includes(s.candidateId))
    .map((s) => [s.candidateId, s.criterionId, s.value, s.rationale]);

describe('mergeBallot', () => {
  it("replaces exactly the participant's cells of the round; others and cells outside the round stay", () => {
    const ballot = { cells: [cell(0, 0, 7, 'fast'), cell(1, 1, null, 'unsure'), cell(0, 1, 3)] };
    const next = mergeBallot(doc, p.id, round, ballot);
    expect(mine(next, p.id)).toEqual([
      [round.candidates[0], round.criteria[0], 7, 'fast'],
      [round.candidates[1], round.criteria[1], null, 'unsure'],
      [round.candidates[0], round.criteria[1], 3, ''],
    ]);
    expect(mine(next, q.id)).toEqual(mine(doc, q.id));
    const outside = (d: typeof doc) => d.scores.filter((s) => !round.criteria.includes(s.criterionId) || !round.candidates.includes(s.candidateId));
    expect(outside(next)).toEqual(outside(doc));
    expect(WorkshopDocSchema.safeParse(next).success).toBe(true);
    // The same ballot again is no edit at all (a reconnect does not add an undo step).
    expect(mergeBallot(next, p.id, round, ballot)).toBe(next);
    // A changed ballot replaces the previous one: the cell it leaves out is cleared.
    const changed = mergeBallot(next, p.id, round, { cells: [cell(0, 0, 9)] });
    expect(mine(changed, p.id)).toEqual([[round.candidates[0], round.criteria[0], 9, '']]);
  });

  it('keeps script in a rationale as text and drops values off the scale', () => {
    const next = mergeBallot(doc, p.id, round, { cells: [cell(0, 0, doc.scale.max + 5, '<script>x</script>')] });
    expect(mine(next, p.id)).toEqual([[round.candidates[0], round.criteria[0], null, '<script>x</script>']]);
  });

  it('writes pairwise judgments as the participant’s AHP judgments', () => {
    const [a, b] = round.criteria;
    const next = mergeBallot(doc, p.id, round, { cells: [], ahp: [{ a, b, value: 5 }] });
    const m = judgmentMatrix(next, p.id);
    const ids = next.criteria.map((c) => c.id);
    expect(m[ids.indexOf(a)][ids.indexOf(b)]).toBe(5);
    expect(m[ids.indexOf(b)][ids.indexOf(a)]).toBeCloseTo(0.2, 12);
  });

  it('stores the pairs a participant skipped as not answered (null), never as "equal"', () => {
    const r3 = { ...round, criteria: doc.criteria.slice(0, 3).map((c) => c.id) };
    const [a, b, c] = r3.criteria;
    const ids = doc.criteria.map((k) => k.id);
    // Answered a–b and b–c, skipped a–c.
    const next = mergeBallot(doc, p.id, r3, {
      cells: [],
      ahp: [
        { a, b, value: 3 },
        { a: b, b: c, value: 1 },
      ],
    });
    const m = judgmentMatrix(next, p.id);
    expect(m[ids.indexOf(a)][ids.indexOf(c)]).toBeNull();
    expect(m[ids.indexOf(c)][ids.indexOf(a)]).toBeNull();
    expect(m[ids.indexOf(b)][ids.indexOf(c)]).toBe(1);
    const stored = next.weighting.ahp.find((x) => x.participantId === p.id)!;
    expect(stored.pairsTracked).toBe(true);
    expect(stored.matrix.flat().filter((v) => v !== null).length).toBe(ids.length + 4);
    expect(WorkshopDocSchema.safeParse(next).success).toBe(true);
  });

  it('ignores an unknown participant', () => {
    expect(mergeBallot(doc, 'nobody', round, { cells: [cell(0, 0, 1)] })).toBe(doc);
  });
});
