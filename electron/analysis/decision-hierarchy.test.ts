import { describe, expect, it } from 'vitest';
import {
  changesSinceDecision,
  currentTotals,
  hasChanges,
  lastReevaluation,
  saveReevaluation,
  standing,
  updateDecision,
  type WorkshopDoc,
} from '../../shared/model';
import { evaluateInput, scoreCube, scoreKey } from '../../shared/model/analysis';
import { createSampleWorkshop } from '../../shared/model/create';
import { expandCriterion, setHierarchyMethod, setLeafJudgment, setLeafScore, setScoreAt } from '../../shared/model/edits/hierarchy-edit';
import { evaluate } from '../../shared/scoring';
import { dispatch } from '../service/dispatch';
import { createInlineRunner } from '../service/tasks/runner';
import { hierarchyJudged } from './analysis';

/**
 * A decision taken on a dimension scored at its focus points with pairwise local weights: the
 * snapshot, the standing, "what changed" and the re-evaluation must rest on the room's own
 * analysis (the derived values need the engine's AHP answer for the node). Without it such a
 * dimension counted as not scored, so the snapshot's totals disagreed with the room's ranking and
 * "what changed" reported every derived score as gone, silently.
 */
const NOW = '2026-03-01T09:00:00.000Z';
const K = 'mismatch-control';

function leafScoredPairwise(): WorkshopDoc {
  let doc = expandCriterion(createSampleWorkshop('en', NOW, 'w1'), K);
  const node = doc.hierarchy.find((n) => n.criterionId === K)!;
  doc = { ...doc, hierarchy: doc.hierarchy.map((n) => (n === node ? { ...n, leaves: n.leaves.slice(0, 3) } : n)) };
  doc = setHierarchyMethod(doc, K, 'pairwise');
  for (const [i, j, v] of [
    [0, 1, 3],
    [0, 2, 5],
    [1, 2, 2],
  ] as const)
    doc = setLeafJudgment(doc, K, i, j, v);
  doc = setScoreAt(doc, K, 'leaves');
  const leaves = doc.hierarchy.find((n) => n.criterionId === K)!.leaves;
  // Every participant scores every candidate on the three focus points, spread apart so the dimension moves totals.
  doc.participants.forEach((p, pi) =>
    doc.candidates.forEach((c, ci) =>
      leaves.forEach(
        (l, j) => (doc = setLeafScore(doc, { participantId: p.id, candidateId: c.id, criterionId: K, leafId: l.id }, ((ci * 4 + pi + j * 3) % 10) + 1)),
      ),
    ),
  );
  return doc;
}

const roomTotals = (doc: WorkshopDoc) => evaluate(evaluateInput(doc, undefined, scoreCube(doc, {}, hierarchyJudged(doc)))).totals;
const argmax = (xs: readonly number[]) => xs.reduce((best, x, i) => (x > xs[best] ? i : best), 0);

describe('the decision on a pairwise dimension scored at its focus points', () => {
  const doc = leafScoredPairwise();
  const judged = hierarchyJudged(doc);
  const room = roomTotals(doc);

  it('counts the dimension (the test would not bite otherwise)', () => {
    expect(judged[K]?.weights).toHaveLength(3);
    const without = currentTotals(doc)!;
    expect(room.some((t, i) => Math.abs(t - without[i]) > 1e-3)).toBe(true);
  });

  it("freezes the room's totals and the derived group scores in the snapshot", () => {
    const winner = doc.candidates[argmax(room)].id;
    const decided = updateDecision(doc, { candidateId: winner }, NOW, judged);
    const snap = decided.decision.snapshot!;
    snap.candidates.forEach((c, i) => expect(c.total).toBeCloseTo(room[i], 12));
    for (const c of doc.candidates) expect(snap.scores[`${c.id}|${K}`]).toEqual(expect.any(Number));
    expect(currentTotals(doc, judged)).toEqual(room);
    // Nothing changed since: the same analysis, so no score, weight or total differs.
    expect(hasChanges(changesSinceDecision(decided, snap, judged))).toBe(false);
    const others = room.filter((_, i) => doc.candidates[i].id !== winner);
    expect(standing(decided, judged).margin).toBeCloseTo(Math.max(...room) - Math.max(...others), 12);
    expect(standing(decided, judged).stillWins).toBe(true);
  });

  it("answers the CLI's and the service's review on the room's analysis", async () => {
    const winner = doc.candidates[argmax(room)].id;
    const decided = updateDecision(doc, { candidateId: winner }, NOW, judged);
    const out = (await dispatch('workshop.review', { workshop: decided }, { host: 'test', tasks: createInlineRunner(), checkResponse: true })) as {
      ok: boolean;
      result?: { stillWins: boolean; margin: number; changedSinceDecision: boolean };
    };
    expect(out.ok).toBe(true);
    expect(out.result!.changedSinceDecision).toBe(false);
    expect(out.result!.stillWins).toBe(true);
    const others = room.filter((_, i) => doc.candidates[i].id !== winner);
    expect(out.result!.margin).toBeCloseTo(Math.max(...room) - Math.max(...others), 12);
  });

  it("re-evaluates a kept what-if of the dimension's cells with the same derived values", () => {
    const winner = argmax(room);
    const decided = updateDecision(doc, { candidateId: doc.candidates[winner].id }, NOW, judged);
    // A what-if that sets the winner's value of K to the scale's minimum for everyone.
    const overrides = Object.fromEntries(decided.participants.map((p) => [scoreKey(p.id, decided.candidates[winner].id, K), decided.scale.min]));
    const kept = lastReevaluation(saveReevaluation(decided, { overrides }, { name: 'what-if', at: NOW }), judged)!;
    const what = evaluate(evaluateInput(decided, undefined, scoreCube(decided, overrides, judged))).totals;
    const best = Math.max(...what.filter((_, i) => i !== winner));
    expect(kept.margin).toBeCloseTo(what[winner] - best, 12);
  });
});
