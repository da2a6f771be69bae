import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from './create';
import { changesSinceDecision, hasChanges, successTargetOf, takeSnapshot } from './decision-snapshot';
import { addCandidate, confirmDecision, importMetrics, removeCandidate, setAnswer, setNextReview, setScore, setWeightPoints, updateDecision } from './edits';
import { canExpand, expandCriterion, setLeafScore, setScoreAt } from './edits/hierarchy-edit';
import { nextReviewDate, reviewDue } from './review-due';
import { WorkshopDocSchema, type WorkshopDoc } from './schema';

const NOW = '2026-03-01T09:00:00.000Z';
const LATER = '2026-04-01T09:00:00.000Z';
const series = (metric: 'iteration-speed' | 'success-rate', ys: number[]) => ({
  candidateId: 'managed',
  metric,
  bucket: '' as const,
  points: ys.map((y, i) => [i + 1, y] as [number, number]),
});

function piloted(): WorkshopDoc {
  let doc = createSampleWorkshop('en', NOW, 'w1');
  doc = importMetrics(doc, [series('iteration-speed', [100, 110, 120]), series('success-rate', [0.5, 0.7])], { file: 'pilot.csv', importedAt: NOW, rows: 3 });
  return setAnswer(doc, 'kpis', 'Task success ≥ 70% on the long tasks; p95 latency under 2 s');
}

describe('the decision snapshot', () => {
  const base = piloted();
  const decided = updateDecision(base, { candidateId: 'managed', decidedAt: '2026-03-02' }, NOW);
  const snap = decided.decision.snapshot!;

  it('freezes the winner, totals, weights, scores, the needs’ targets and the pilot’s figures when the decision is recorded', () => {
    expect(base.decision.snapshot).toBeNull();
    expect(WorkshopDocSchema.safeParse(decided).success).toBe(true);
    expect(snap.at).toBe(NOW);
    expect(snap.candidateId).toBe('managed');
    expect(snap.weights).toEqual(base.criteria.map((c) => ({ id: c.id, weight: c.weight })));
    expect(snap.candidates.map((c) => c.id)).toEqual(base.candidates.map((c) => c.id));
    const totals = snap.candidates.map((c) => c.total);
    expect(totals.every((t) => t > 0 && t <= 1)).toBe(true);
    expect(Object.keys(snap.scores)).toHaveLength(base.candidates.length * base.criteria.length);
    expect(snap.needs).toEqual({ successTarget: 0.7, monthlyBudget: 50_000, currency: 'USD', rolloutSteps: 40, modelSizeB: 7 });
    expect(snap.pilot).toEqual([{ candidateId: 'managed', iterationSpeed: 110, success: 0.6, utilization: null }]);
    // No pilot was calibrated in the sample: no cost band to freeze.
    expect(snap.evidence).toEqual([]);
  });

  it('is not altered by later edits of scores, weights, needs, candidates or the record’s texts', () => {
    const frozen = structuredClone(snap);
    const p = decided.participants[0].id;
    let later = setScore(decided, p, 'managed', decided.criteria[0].id, 1);
    later = setWeightPoints(later, decided.criteria[1].id, 77);
    later = setAnswer(later, 'rolloutSteps', 120);
    later = setAnswer(later, 'kpis', 'success 90%');
    later = addCandidate(later, { id: 'extra', name: 'Extra' } as never);
    later = importMetrics(later, [series('iteration-speed', [10])], { file: 'again.csv', importedAt: LATER, rows: 1 });
    later = updateDecision(later, { rationale: 'cheapest to run', reviewDate: '2026-06-01', decidedAt: '2026-03-03' }, LATER);
    expect(later.decision.snapshot).toEqual(frozen);
    // A patch cannot carry a snapshot of its own.
    const forged = updateDecision(later, { rationale: 'x', snapshot: null } as never, LATER);
    expect(forged.decision.snapshot).toEqual(frozen);
    // The snapshot object of the decided document was never mutated either.
    expect(snap).toEqual(frozen);
  });

  it('a new decision makes a new one: another candidate, or confirming on the changed analysis', () => {
    const p = decided.participants[0].id;
    const changed = setScore(decided, p, 'managed', decided.criteria[0].id, 1);
    const confirmed = confirmDecision(changed, LATER);
    expect(confirmed.decision.snapshot!.at).toBe(LATER);
    expect(confirmed.decision.snapshot!.scores).not.toEqual(snap.scores);
    expect(confirmDecision(confirmed, '2026-05-01T00:00:00.000Z')).toBe(confirmed);
    const other = updateDecision(decided, { candidateId: 'hybrid' }, LATER);
    expect(other.decision.snapshot).toMatchObject({ at: LATER, candidateId: 'hybrid' });
    expect(updateDecision(decided, { candidateId: null }, LATER).decision.snapshot).toBeNull();
  });

  it('a decision recorded before snapshots gets one when confirmed', () => {
    const old: WorkshopDoc = { ...decided, decision: { ...decided.decision, snapshot: null } };
    const c = confirmDecision(old, LATER);
    expect(c.decision.snapshot).toMatchObject({ at: LATER, candidateId: 'managed' });
  });
});

describe('what changed since the decision', () => {
  const decided = updateDecision(piloted(), { candidateId: 'managed' }, NOW);
  const snap = decided.decision.snapshot!;

  it('nothing right after the decision', () => {
    const c = changesSinceDecision(decided, snap);
    expect(hasChanges(c)).toBe(false);
    expect(c.totals.every((t) => t.before === t.after)).toBe(true);
  });

  it('names each changed weight, score, candidate and need, with before and after', () => {
    const p = decided.participants[0].id;
    const k0 = decided.criteria[0].id;
    const before = snap.scores[`managed|${k0}`];
    let later = setWeightPoints(decided, decided.criteria[1].id, 77);
    later = setAnswer(later, 'rolloutSteps', 120);
    later = removeCandidate(later, 'hybrid');
    // One participant's score changes the group's (mean) score.
    later = setScore(later, p, 'managed', k0, 0);
    const c = changesSinceDecision(later, snap);
    expect(hasChanges(c)).toBe(true);
    expect(c.weights).toEqual([{ id: decided.criteria[1].id, before: decided.criteria[1].weight, after: 77 }]);
    expect(c.needs).toEqual([{ target: 'rolloutSteps', before: 40, after: 120 }]);
    expect(c.candidates).toEqual({ added: [], removed: ['hybrid'] });
    const managed = c.scores.find((s) => s.candidateId === 'managed' && s.criterionId === k0)!;
    expect(managed.before).toBe(before);
    expect(managed.after).toBeLessThan(before);
    expect(c.scores.filter((s) => s.candidateId === 'hybrid').every((s) => s.after === null)).toBe(true);
    expect(c.totals.find((t) => t.candidateId === 'hybrid')!.after).toBeNull();
  });
});

describe('the success-rate KPI read from the needs', () => {
  it('reads the first percentage after a success word, in either language', () => {
    const of = (kpis: unknown) => successTargetOf({ needs: { answers: { kpis } as never, notes: '' } });
    expect(of('Task success rate ≥ 75% on long tasks')).toBe(0.75);
    expect(of('长程任务成功率不低于 62.5%')).toBe(0.625);
    expect(of('p95 latency 20% lower')).toBeNull();
    expect(of('')).toBeNull();
    expect(of(undefined)).toBeNull();
  });
});

describe('taking a snapshot', () => {
  it('none without a decided candidate', () => {
    expect(takeSnapshot(piloted(), NOW)).toBeNull();
  });
});

describe('the snapshot of a dimension scored at its focus points', () => {
  it('keeps the derived group score, and each candidate’s total is the weighted sum of the kept scores', () => {
    let doc = piloted();
    const k = doc.criteria.find((c) => canExpand(doc, c.id))!;
    doc = setScoreAt(expandCriterion(doc, k.id), k.id, 'leaves');
    const leaf = doc.hierarchy.find((n) => n.criterionId === k.id)!.leaves[0];
    for (const p of doc.participants) doc = setLeafScore(doc, { participantId: p.id, candidateId: 'managed', criterionId: k.id, leafId: leaf.id }, 9);
    // The dimension's own scores are still in the document, for every candidate, but do not count.
    expect(doc.candidates.every((c) => doc.scores.some((s) => s.candidateId === c.id && s.criterionId === k.id && s.value !== null))).toBe(true);
    const snap = takeSnapshot({ ...doc, decision: { ...doc.decision, candidateId: 'managed' } }, NOW)!;
    expect(snap.scores[`managed|${k.id}`]).toBe(9);
    for (const c of doc.candidates.filter((c) => c.id !== 'managed')) expect(snap.scores[`${c.id}|${k.id}`]).toBeUndefined();
    // What the review shows as "then": the totals rest on exactly the scores kept beside them (unscored = the scale minimum).
    const sum = doc.criteria.reduce((a, c) => a + c.weight, 0);
    const range = doc.scale.max - doc.scale.min;
    for (const { id, total } of snap.candidates) {
      const expected = doc.criteria.reduce((a, c) => a + (c.weight / sum) * (((snap.scores[`${id}|${c.id}`] ?? doc.scale.min) - doc.scale.min) / range), 0);
      expect(total).toBeCloseTo(expected, 12);
    }
  });
});

describe('the next review', () => {
  const base = createSampleWorkshop('en', NOW, 'w1');
  it('step 7’s next review follows the decision’s review date until the team sets another', () => {
    const a = updateDecision(base, { reviewDate: '2026-06-01' }, NOW);
    expect(a.iteration.nextReview).toBe('2026-06-01');
    const b = updateDecision(a, { reviewDate: '2026-07-01' }, NOW);
    expect(b.iteration.nextReview).toBe('2026-07-01');
    const own = setNextReview(b, '2026-05-15');
    expect(updateDecision(own, { reviewDate: '2026-08-01' }, NOW).iteration.nextReview).toBe('2026-05-15');
    // An older workshop whose next review is empty shows the decision's.
    expect(nextReviewDate({ ...b, iteration: { ...b.iteration, nextReview: '' } })).toBe('2026-07-01');
  });

  it('is overdue once past, due within a week, and nothing later or without a date', () => {
    expect(reviewDue('2026-03-01', '2026-03-02')).toBe('overdue');
    expect(reviewDue('2026-03-02', '2026-03-02')).toBe('due');
    expect(reviewDue('2026-03-09', '2026-03-02')).toBe('due');
    expect(reviewDue('2026-03-10', '2026-03-02')).toBeNull();
    expect(reviewDue('', '2026-03-02')).toBeNull();
  });
});
