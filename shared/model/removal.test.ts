import { describe, expect, it } from 'vitest';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { removeCandidate, removeCriterion, removeParticipant } from './edits';
import { impactParts, isEmptyImpact, removalImpact } from './removal';
import { addCandidate } from './edits/candidates';
import { setRatingJudgment } from './edits/ratings-edit';
import type { WorkshopDoc } from './schema';

// The workshop: 5 participants, 4 candidates, all nine dimensions.
const doc = fullWorkshop({ participants: 5, candidates: 4, criteria: 9 });
// Scores with a value or a rationale, and focus point scores with a value (the fixture keeps one: participant 0, candidate 0, dimension 0).
const meaningful = (d: WorkshopDoc) =>
  d.scores.filter((s) => s.value !== null || s.rationale.trim() !== '').length + d.leafScores.filter((s) => s.value !== null).length;

describe('what a removal destroys', () => {
  it('counts, for every candidate, exactly what removeCandidate deletes', () => {
    for (const c of doc.candidates) {
      const impact = removalImpact(doc, { kind: 'candidate', id: c.id });
      const after = removeCandidate(doc, c.id);
      expect(impact.scores).toBe(meaningful(doc) - meaningful(after));
      expect(impact.simulations).toBe(doc.simulations.length - after.simulations.length);
      // The plan items the team filled in (addCandidate seeds an empty one per method).
      const filled = (d: WorkshopDoc) => d.validation.filter((v) => v.owner || v.title || v.result || v.due || v.status !== 'todo').length;
      expect(impact.validation).toBe(filled(doc) - filled(after));
      expect(impact.metrics).toBe(doc.metrics.series.length - after.metrics.series.length);
      expect(impact.judgments).toBe(0);
      expect(isEmptyImpact(impact)).toBe(false);
    }
    // A candidate scored by all 5 participants on 9 dimensions: 45 scores, and the fixture's one focus point score; its one simulation has a result.
    const first = removalImpact(doc, { kind: 'candidate', id: doc.candidates[0].id });
    // It is also in one answered pairwise comparison (the fixture's rating of the first three candidates).
    expect(first).toMatchObject({ scores: 46, ratings: 1, simulations: 1, results: 1 });
    expect(impactParts(first).slice(0, 4)).toEqual([
      { part: 'scores', count: 46 },
      { part: 'ratings', count: 1 },
      { part: 'simulations', count: 1 },
      { part: 'results', count: 1 },
    ]);
  });

  it('counts a dimension’s scores, its AHP judgments and the rules that would be left without effect', () => {
    for (const k of doc.criteria) {
      const impact = removalImpact(doc, { kind: 'criterion', id: k.id });
      const after = removeCriterion(doc, k.id);
      expect(impact.scores).toBe(meaningful(doc) - meaningful(after));
      expect(impact.rules).toBe(doc.adaptation.rules.length - after.adaptation.rules.length);
    }
    // The fixture's AHP matrix judges the first three criteria: the first is in 2 of its 3 pairs.
    expect(removalImpact(doc, { kind: 'criterion', id: doc.criteria[0].id }).judgments).toBe(2);
    expect(removalImpact(doc, { kind: 'criterion', id: doc.criteria[5].id }).judgments).toBe(0);
  });

  it('counts a participant’s scores and judgments', () => {
    const p = doc.participants[0];
    const impact = removalImpact(doc, { kind: 'participant', id: p.id });
    expect(impact.scores).toBe(meaningful(doc) - meaningful(removeParticipant(doc, p.id)));
    expect(impact.scores).toBe(4 * 9 + 1); // and the fixture's focus point score
    expect(impact.judgments).toBe(3);
    expect(impact.overrides).toBe(1);
  });

  it('counts the pairwise comparisons of candidates (AHP ratings) each removal takes', () => {
    const [p, q] = doc.participants.map((x) => x.id);
    const [k0, k1] = doc.criteria.map((x) => x.id);
    const [a, b, c] = doc.candidates.map((x) => x.id);
    let d = setRatingJudgment(doc, p, k0, a, b, 3);
    d = setRatingJudgment(d, p, k0, b, c, 2);
    d = setRatingJudgment(d, p, k1, a, c, 1 / 5);
    d = setRatingJudgment(d, q, k0, a, c, 4);
    const pairs = (x: WorkshopDoc) =>
      x.ratings.reduce((n, r) => n + r.matrix.reduce((m, row, i) => m + row.filter((v, j) => j > i && v !== null).length, 0), 0);
    expect(pairs(d)).toBe(4);
    const cases = [
      { target: { kind: 'participant' as const, id: p }, after: removeParticipant(d, p), count: 3 },
      { target: { kind: 'criterion' as const, id: k0 }, after: removeCriterion(d, k0), count: 3 },
      { target: { kind: 'candidate' as const, id: a }, after: removeCandidate(d, a), count: 3 },
      { target: { kind: 'candidate' as const, id: b }, after: removeCandidate(d, b), count: 2 },
    ];
    for (const { target, after, count } of cases) {
      const impact = removalImpact(d, target);
      expect(impact.ratings).toBe(count);
      // … exactly what the removal deletes.
      expect(impact.ratings).toBe(pairs(d) - pairs(after));
      expect(impactParts(impact).some((x) => x.part === 'ratings' && x.count === count)).toBe(true);
    }
  });

  it('a new candidate with nothing entered needs no confirmation', () => {
    const d = addCandidate(doc, { id: 'fresh', name: 'Fresh' });
    expect(isEmptyImpact(removalImpact(d, { kind: 'candidate', id: 'fresh' }))).toBe(true);
  });
});
