import { describe, expect, it } from 'vitest';
import { evaluate } from '../scoring';
import { evaluateInput, scoreCube, scoreKey } from './analysis';
import { applyWhatIf } from './edits/scenarios';
import { analysisBasis, decisionStatus } from './provenance';
import { setRationale, setScore, updateDecision } from './edits';
import { removalImpact } from './removal';
import { createSampleWorkshop } from './create';
import { removeCandidate } from './edits/candidates';
import { removeCriterion } from './edits/criteria';
import { collapseCriterion, expandCriterion, setHierarchyMethod, setLeafRationale, setLeafScore, setLeafWeight, setScoreAt } from './edits/hierarchy-edit';
import { analysisSubject } from './analysis-subject';
import { removeParticipant } from './edits/participants-edit';
import { leafGridViews } from './blind';
import { derivedDimensionScores, dimensionFromLeaves, dimensionOfAnswers, hierarchyPriorities } from './hierarchy';
import { migrate } from './migrate';
import { WorkshopDocSchema, type WorkshopDoc } from './schema';

const NOW = '2026-03-01T09:00:00.000Z';
const K = 'mismatch-control';

/** The sample with `mismatch-control` expanded (three focus points, points 6 / 3 / 1) and scored at its leaves. */
function leafScored(): { doc: WorkshopDoc; leaves: string[] } {
  let doc = expandCriterion(createSampleWorkshop('en', NOW, 'w1'), K);
  const leaves = doc.hierarchy[0].leaves.map((l) => l.id);
  expect(leaves.length).toBe(3);
  [6, 3, 1].forEach((w, j) => (doc = setLeafWeight(doc, K, leaves[j], w)));
  doc = setScoreAt(doc, K, 'leaves');
  return { doc, leaves };
}
const cell = (participantId: string, candidateId: string, leafId: string) => ({ participantId, candidateId, criterionId: K, leafId });

describe('scoring at the focus points', () => {
  it('derives a dimension value as the local-share-weighted mean of the scored focus points, renormalised when partly scored', () => {
    // Hand-computed: shares 0.6 / 0.3 / 0.1.
    expect(dimensionFromLeaves([0.6, 0.3, 0.1], [8, 4, 10])).toBeCloseTo(0.6 * 8 + 0.3 * 4 + 0.1 * 10, 12); // 7
    // Partly scored: the third is left out, 0.6 and 0.3 renormalised to 2/3 and 1/3.
    expect(dimensionFromLeaves([0.6, 0.3, 0.1], [8, 5, null])).toBeCloseTo((2 / 3) * 8 + (1 / 3) * 5, 12); // 7
    expect(dimensionFromLeaves([0.6, 0.3, 0.1], [null, null, 4])).toBeCloseTo(4, 12);
    expect(dimensionFromLeaves([0.6, 0.3, 0.1], [null, null, null])).toBeNull();
    // Only focus points of local share 0 scored: nothing carries weight, not scored.
    expect(dimensionFromLeaves([1, 0], [null, 7])).toBeNull();
  });

  it("puts the derived value in the score cube in place of the dimension's own scores, and back when switched to the dimension", () => {
    const start = leafScored();
    const leaves = start.leaves;
    let doc = start.doc;
    const k = doc.criteria.findIndex((c) => c.id === K);
    const own = scoreCube(setScoreAt(doc, K, 'dimension'))[0][0][k];
    expect(own).not.toBeNull();
    // Nothing scored at the leaves yet: the dimension is not scored.
    expect(scoreCube(doc)[0][0][k]).toBeNull();
    doc = setLeafScore(doc, cell('p-lin', 'self-built', leaves[0]), 9);
    doc = setLeafScore(doc, cell('p-lin', 'self-built', leaves[2]), 4);
    // (0.6·9 + 0.1·4) / 0.7
    expect(scoreCube(doc)[0][0][k]).toBeCloseTo((0.6 * 9 + 0.1 * 4) / 0.7, 12);
    const d = derivedDimensionScores(doc).find((x) => x.participantId === 'p-lin' && x.candidateId === 'self-built')!;
    expect([d.scored, d.of]).toEqual([2, 3]);
    // Back to the dimension: its own scores count again, the leaf scores are kept.
    const back = setScoreAt(doc, K, 'dimension');
    expect(scoreCube(back)[0][0][k]).toBe(own);
    expect(back.leafScores).toEqual(doc.leafScores);
    expect(scoreCube(setScoreAt(back, K, 'leaves'))[0][0][k]).toBeCloseTo((0.6 * 9 + 0.1 * 4) / 0.7, 12);
  });

  it("takes a pairwise dimension's local weights from the engine's answer, and derives nothing while they are pending", () => {
    const start = leafScored();
    const leaves = start.leaves;
    let doc = start.doc;
    doc = setHierarchyMethod(doc, K, 'pairwise');
    doc = setLeafScore(doc, cell('p-lin', 'managed', leaves[0]), 10);
    doc = setLeafScore(doc, cell('p-lin', 'managed', leaves[1]), 2);
    doc = setLeafScore(doc, cell('p-lin', 'managed', leaves[2]), 5);
    const k = doc.criteria.findIndex((c) => c.id === K);
    const m = doc.candidates.findIndex((c) => c.id === 'managed');
    expect(scoreCube(doc)[0][m][k]).toBeNull();
    // A consistent matrix 1 : 2 : 4 has the eigenvector (4, 2, 1) / 7.
    const judged = { [K]: { weights: [4 / 7, 2 / 7, 1 / 7], cr: 0, nextPair: null } };
    expect(scoreCube(doc, {}, judged)[0][m][k]).toBeCloseTo((4 * 10 + 2 * 2 + 1 * 5) / 7, 12); // 7
  });

  it('gives the totals of scoring every focus point with its global weight (mean aggregation)', () => {
    const start = leafScored();
    const leaves = start.leaves;
    let doc = start.doc;
    doc = { ...doc, aggregation: 'mean' };
    // Every participant scores every focus point of every candidate: a spread of values.
    doc.participants.forEach((p, pi) =>
      doc.candidates.forEach((c, ci) => leaves.forEach((l, j) => (doc = setLeafScore(doc, cell(p.id, c.id, l), (pi * 3 + ci * 5 + j * 7) % 11)))),
    );
    const ev = evaluate(evaluateInput(doc));
    // Independently: Σ over flat dimensions of share × mean score + Σ over leaves of global weight × mean leaf score, on 0…1.
    const { min, max } = doc.scale;
    const sum = doc.criteria.reduce((a, c) => a + c.weight, 0);
    const globals = hierarchyPriorities(doc)[0].leaves;
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    doc.candidates.forEach((c, ci) => {
      let total = 0;
      for (const crit of doc.criteria) {
        if (crit.id === K) continue;
        const xs = doc.scores.filter((s) => s.candidateId === c.id && s.criterionId === crit.id).map((s) => s.value!);
        total += (crit.weight / sum) * ((mean(xs) - min) / (max - min));
      }
      globals.forEach((g, j) => {
        const xs = doc.participants.map((_, pi) => (pi * 3 + ci * 5 + j * 7) % 11);
        total += g.global * ((mean(xs) - min) / (max - min));
      });
      expect(Math.abs(ev.totals[ci] - total)).toBeLessThan(1e-12);
    });
  });

  it('drops the leaf scores of a removed candidate, participant, dimension or folded-back dimension', () => {
    const start = leafScored();
    const leaves = start.leaves;
    let doc = start.doc;
    doc = setLeafScore(doc, cell('p-lin', 'self-built', leaves[0]), 9);
    doc = setLeafScore(doc, cell('p-chen', 'managed', leaves[1]), 3);
    doc = setLeafScore(doc, cell('p-wang', 'hybrid', leaves[2]), 6);
    expect(doc.leafScores).toHaveLength(3);
    // The confirmation counts them with the scores it names.
    const own = (d: WorkshopDoc, id: string) => d.scores.filter((s) => s.candidateId === id && (s.value !== null || s.rationale.trim() !== '')).length;
    expect(removalImpact(doc, { kind: 'candidate', id: 'self-built' }).scores).toBe(own(doc, 'self-built') + 1);
    expect(removeCandidate(doc, 'self-built').leafScores.map((s) => s.candidateId)).toEqual(['managed', 'hybrid']);
    expect(removeParticipant(doc, 'p-chen').leafScores.map((s) => s.participantId)).toEqual(['p-lin', 'p-wang']);
    expect(removeCriterion(doc, K).leafScores).toEqual([]);
    expect(collapseCriterion(doc, K).leafScores).toEqual([]);
    for (const d of [removeCandidate(doc, 'self-built'), removeParticipant(doc, 'p-chen'), removeCriterion(doc, K), collapseCriterion(doc, K)])
      expect(WorkshopDocSchema.safeParse(d).success).toBe(true);
  });

  it('refuses a leaf score off the scale or for an unknown focus point, and clears one with null', () => {
    const start = leafScored();
    const leaves = start.leaves;
    let doc = start.doc;
    expect(setLeafScore(doc, cell('p-lin', 'self-built', leaves[0]), 11)).toBe(doc);
    expect(setLeafScore(doc, cell('p-lin', 'self-built', 'nowhere'), 5)).toBe(doc);
    expect(setLeafScore(doc, cell('p-nobody', 'self-built', leaves[0]), 5)).toBe(doc);
    doc = setLeafScore(doc, cell('p-lin', 'self-built', leaves[0]), 5);
    expect(doc.leafScores).toHaveLength(1);
    expect(setLeafScore(doc, cell('p-lin', 'self-built', leaves[0]), null).leafScores).toEqual([]);
  });

  it('keeps a focus point score’s rationale: through a new score, a cleared one and alone; empty with no score removes the entry', () => {
    const { doc: start, leaves } = leafScored();
    const at = cell('p-lin', 'managed', leaves[1]);
    const entry = (d: WorkshopDoc) => d.leafScores.find((s) => s.participantId === 'p-lin' && s.candidateId === 'managed' && s.leafId === leaves[1]);
    // A rationale before any score: the entry holds it, with no score (the derived value does not count it).
    let doc = setLeafRationale(start, at, 'Rollout data from two pilots');
    expect(entry(doc)).toEqual({ ...at, value: null, rationale: 'Rollout data from two pilots' });
    expect(derivedDimensionScores(doc).find((d) => d.participantId === 'p-lin' && d.candidateId === 'managed' && d.criterionId === K)).toMatchObject({
      value: null,
      scored: 0,
    });
    doc = setLeafScore(doc, at, 7);
    expect(entry(doc)).toEqual({ ...at, value: 7, rationale: 'Rollout data from two pilots' });
    doc = setLeafScore(doc, at, null);
    expect(entry(doc)).toEqual({ ...at, value: null, rationale: 'Rollout data from two pilots' });
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
    // The same rationale again is no edit; an empty one with no score removes the entry.
    expect(setLeafRationale(doc, at, 'Rollout data from two pilots')).toBe(doc);
    expect(entry(setLeafRationale(doc, at, ''))).toBeUndefined();
    // Refused, as a score is: an unknown focus point or participant.
    expect(setLeafRationale(doc, cell('p-lin', 'managed', 'nowhere'), 'x')).toBe(doc);
    expect(setLeafRationale(doc, cell('p-nobody', 'managed', leaves[1]), 'x')).toBe(doc);
    // It counts in what removing the participant would take away; the analysis request carries no rationale.
    expect(removalImpact(doc, { kind: 'participant', id: 'p-lin' }).scores).toBeGreaterThan(
      removalImpact(setLeafRationale(doc, at, ''), { kind: 'participant', id: 'p-lin' }).scores,
    );
    expect(analysisSubject(doc).leafScores.every((s) => s.rationale === '')).toBe(true);
    // The grid shows it with the score, and while blind only that there is one.
    const m = doc.candidates.findIndex((c) => c.id === 'managed');
    expect(leafGridViews(setLeafScore(doc, at, 4), 'p-lin', false)[0].leaves[1].cells[m]).toEqual({
      revealed: true,
      value: 4,
      rationale: 'Rollout data from two pilots',
    });
    expect(leafGridViews(doc, 'p-lin', true)[0].leaves[1].cells[m]).toEqual({ revealed: false, filled: false, hasRationale: true });
  });

  it('refuses bad leaf scores at import with a message naming the problem', () => {
    const { doc, leaves } = leafScored();
    const good = { participantId: 'p-lin', candidateId: 'self-built', criterionId: K, leafId: leaves[0], value: 5 };
    expect(migrate({ ...doc, leafScores: [good] }).ok).toBe(true);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, value: 12 }, 'must be within the scale 0..10'],
      [{ ...good, leafId: 'fp-99' }, 'unknown focus point "fp-99"'],
      [{ ...good, criterionId: 'scalability' }, 'is not expanded into focus points'],
      [{ ...good, participantId: 'p-ghost' }, 'unknown participant "p-ghost"'],
      [{ ...good, candidateId: 'c-ghost' }, 'unknown candidate "c-ghost"'],
    ];
    for (const [bad, message] of cases) {
      const r = migrate({ ...doc, leafScores: [bad] });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues.map((i) => `${i.path}: ${i.message}`).join('\n')).toContain(message);
    }
  });
});

describe('the grid of a dimension scored at its focus points', () => {
  it('shows the participant their focus point scores and the derived value, and only whether they are filled while blind', () => {
    const start = leafScored();
    let doc = start.doc;
    doc = setLeafScore(doc, cell('p-lin', 'managed', start.leaves[1]), 6);
    doc = setLeafScore(doc, cell('p-chen', 'managed', start.leaves[0]), 2);
    const [open] = leafGridViews(doc, 'p-lin', false);
    const m = doc.candidates.findIndex((c) => c.id === 'managed');
    expect(open.criterionId).toBe(K);
    expect(open.leaves[1].cells[m]).toEqual({ revealed: true, value: 6, rationale: '' });
    // Only p-lin's own: p-chen's score of the first focus point is not in p-lin's grid.
    expect(open.leaves[0].cells[m]).toEqual({ revealed: true, value: null, rationale: '' });
    expect(open.derived[m]).toEqual({ revealed: true, value: 6, scored: 1, of: 3 });
    const [blind] = leafGridViews(doc, 'p-lin', true);
    expect(blind.leaves[1].cells[m]).toEqual({ revealed: false, filled: true, hasRationale: false });
    expect(blind.derived[m]).toEqual({ revealed: false, filled: true });
    expect(JSON.stringify(blind)).not.toContain('6');
    // Scored at the dimension: no focus point rows.
    expect(leafGridViews(setScoreAt(doc, K, 'dimension'), 'p-lin', false)).toEqual([]);
  });
});

describe('what-if scores of a dimension scored at its focus points', () => {
  it('set its derived value, in the scenario document as in the live cube', () => {
    const start = leafScored();
    let doc = start.doc;
    doc = setLeafScore(doc, cell('p-lin', 'hybrid', start.leaves[0]), 2);
    const k = doc.criteria.findIndex((c) => c.id === K);
    const h = doc.candidates.findIndex((c) => c.id === 'hybrid');
    const overrides = { [scoreKey('p-lin', 'hybrid', K)]: 9 };
    expect(scoreCube(doc, overrides)[0][h][k]).toBe(9);
    const what = applyWhatIf(doc, undefined, overrides);
    expect(scoreCube(what)[0][h][k]).toBeCloseTo(9, 12);
    // The other participants' and candidates' focus point scores are untouched; the document is valid.
    expect(what.leafScores.filter((s) => !(s.participantId === 'p-lin' && s.candidateId === 'hybrid'))).toEqual(
      doc.leafScores.filter((s) => !(s.participantId === 'p-lin' && s.candidateId === 'hybrid')),
    );
    expect(WorkshopDocSchema.safeParse(what).success).toBe(true);
  });
});

describe('the recorded decision and focus point scores', () => {
  it('goes stale when a focus point score in force changes, and not for a flat workshop’s fingerprint', () => {
    const flat = createSampleWorkshop('en', NOW, 'w1');
    // A dimension scored at the dimension leaves the fingerprint as it was.
    expect(analysisBasis(expandCriterion(flat, K))).toBe(analysisBasis(flat));
    const start = leafScored();
    const before = analysisBasis(start.doc);
    expect(before).not.toBe(analysisBasis(flat));
    const after = setLeafScore(start.doc, cell('p-lin', 'managed', start.leaves[0]), 7);
    expect(analysisBasis(after)).not.toBe(before);
  });
});

describe('a decision on a dimension scored at its focus points', () => {
  /** What the app before this change recorded as the basis of `decided` below (the unused scores in its fingerprint). */
  const RECORDED_BY_THE_APP_BEFORE = '01e603d7';

  it('goes stale when a focus point score changes, not when an unused dimension score does', () => {
    const { doc, leaves } = leafScored();
    const scored = setLeafScore(doc, cell('p-lin', 'managed', leaves[0]), 8);
    const decided = updateDecision(scored, { candidateId: 'managed', decidedAt: '2026-03-02' });
    expect(decisionStatus(decided)).toEqual({ stale: false });
    // A score (or a rationale's empty entry) typed on the dimension itself: kept, unused, not the analysis.
    expect(scored.scores.some((s) => s.criterionId === K)).toBe(true);
    expect(decisionStatus(setScore(decided, 'p-lin', 'managed', K, 2))).toEqual({ stale: false });
    expect(decisionStatus(setRationale(decided, 'p-wang', 'hybrid', K, 'why'))).toEqual({ stale: false });
    expect(decisionStatus(setLeafScore(decided, cell('p-lin', 'managed', leaves[0]), 3))).toEqual({ stale: true });
    // A decision the app recorded before (its basis held the unused scores) is not stale for that alone.
    expect(decisionStatus({ ...decided, decision: { ...decided.decision, basis: RECORDED_BY_THE_APP_BEFORE } })).toEqual({ stale: false });
    expect(
      decisionStatus(
        setLeafScore({ ...decided, decision: { ...decided.decision, basis: RECORDED_BY_THE_APP_BEFORE } }, cell('p-lin', 'managed', leaves[0]), 3),
      ),
    ).toEqual({ stale: true });
  });
});

describe('the dimension’s value in a paced question’s answers', () => {
  it('derives each answer as the grid derives a participant’s value, sorted, with their median', () => {
    const { doc } = leafScored(); // points 6 / 3 / 1
    const node = doc.hierarchy[0];
    const ids = node.leaves.map((l) => l.id);
    // Columns in another order than the node's: (leaf 2, leaf 0, leaf 1).
    const rows = [
      [0, 10, 0], // 0.6·10 = 6
      [10, 0, 10], // 0.3·10 + 0.1·10 = 4
      [5, 5, 5], // 5
    ];
    const got = dimensionOfAnswers(node, undefined, [ids[2], ids[0], ids[1]], rows)!;
    expect(got.values).toEqual([4, 5, 6].map((v) => expect.closeTo(v, 12)));
    expect(got.group).toBeCloseTo(5, 12);
    // The same as the grid's derivation of those scores.
    const local = [0.6, 0.3, 0.1];
    expect(got.values[2]).toBeCloseTo(dimensionFromLeaves(local, [10, 0, 0])!, 12);
    // Two answers: the median is their midpoint.
    expect(dimensionOfAnswers(node, undefined, [ids[2], ids[0], ids[1]], rows.slice(0, 2))!.group).toBeCloseTo(5, 12);
    // A focus point the round asked that the document no longer has is left out; none at all: null.
    expect(dimensionOfAnswers(node, undefined, [ids[0], 'gone'], [[8, 1]])!.values).toEqual([8]);
    expect(dimensionOfAnswers(node, undefined, ids, [])).toBeNull();
    // A pairwise node whose shares are not settled derives nothing.
    const pairwise = setHierarchyMethod(doc, K, 'pairwise').hierarchy[0];
    expect(dimensionOfAnswers(pairwise, undefined, ids, rows)).toBeNull();
  });
});
