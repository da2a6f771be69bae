import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkshopDoc } from '../../shared/model';
import { createSampleWorkshop } from '../../shared/model/create';
import { expandCriterion, setHierarchyMethod, setLeafJudgment, setLeafScore, setScoreAt } from '../../shared/model/edits/hierarchy-edit';
import * as scoring from '../../shared/scoring';

/** Evaluations by the shared kernel (the page's preview and, in this test, the Node side's echo), counted. */
const evaluated = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../shared/scoring', async (original) => {
  const m = await original<typeof import('../../shared/scoring')>();
  return {
    ...m,
    evaluate: (...args: Parameters<typeof m.evaluate>) => {
      evaluated.count++;
      return m.evaluate(...args);
    },
  };
});

/** The Node side: `engine.ahp` is answered by the test; `engine.evaluate` by the shared kernel (as on the Node side). */
const ahpCalls = vi.hoisted(() => [] as { answer: (v: unknown) => void }[]);
vi.mock('../api/client', () => ({
  call: (method: string, request: never) =>
    method === 'engine.ahp'
      ? new Promise((answer) => {
          ahpCalls.push({ answer });
        })
      : Promise.resolve(scoring.evaluate(request)),
}));

const { evaluateLive, resetLive, showLiveEvaluation } = await import('./live');
const { useRoom } = await import('./room');
const { useWorkshop } = await import('./workshop');

const K = 'mismatch-control';
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The sample with K expanded to three focus points judged pairwise and scored at them, by everyone, candidate i scoring 1 + i. */
function judgedDoc(): WorkshopDoc {
  let d = expandCriterion(createSampleWorkshop('en', '2026-03-01T09:00:00.000Z', 'w1'), K);
  d = { ...d, hierarchy: d.hierarchy.map((n) => (n.criterionId === K ? { ...n, leaves: n.leaves.slice(0, 3) } : n)) };
  d = setHierarchyMethod(d, K, 'pairwise');
  d = setLeafJudgment(d, K, 0, 1, 3);
  d = setLeafJudgment(d, K, 1, 2, 2);
  d = setScoreAt(d, K, 'leaves');
  const leaves = d.hierarchy.find((n) => n.criterionId === K)!.leaves;
  for (const p of d.participants)
    d.candidates.forEach((c, i) => {
      for (const l of leaves) d = setLeafScore(d, { participantId: p.id, candidateId: c.id, criterionId: K, leafId: l.id }, 1 + i);
    });
  return d;
}
const answer = { weights: [0.6, 0.3, 0.1], cr: 0, crAlonsoLamata: 0, nextPair: null };
const k = (doc: WorkshopDoc) => doc.criteria.findIndex((c) => c.id === K);
/** What the room shows for K: every candidate's aggregated score on it (null: not scored). */
const shownForK = (doc: WorkshopDoc) => useRoom.getState().result?.aggregated.map((row) => row[k(doc)]);
/** K's value of candidate i once its focus points' weights are in (every focus point scored 1 + i). */
const scoredK = (doc: WorkshopDoc) => doc.candidates.map((_, i) => 1 + i);
const notScoredK = (doc: WorkshopDoc) => doc.candidates.map(() => null);

describe('the live evaluation and the engine answers for focus-point weights', () => {
  beforeEach(() => {
    ahpCalls.length = 0;
    evaluated.count = 0;
    resetLive();
  });

  it('an answer with no room on screen evaluates nothing; the room shown afterwards has it', async () => {
    const doc = judgedDoc();
    useWorkshop.setState({ doc, whatIf: {} });
    // The room was on screen, the answer on its way: K not scored yet.
    const release = showLiveEvaluation();
    evaluateLive(doc);
    await settle();
    expect(ahpCalls).toHaveLength(1);
    expect(shownForK(doc)).toEqual(notScoredK(doc));
    // The room leaves the screen (step 7's board); then the answer arrives.
    release();
    resetLive();
    evaluated.count = 0;
    ahpCalls[0].answer(answer);
    await settle();
    expect(evaluated.count).toBe(0);
    expect(useRoom.getState().result).toBeNull();
    // The room comes back and evaluates the document: the answer is in.
    const again = showLiveEvaluation();
    evaluateLive(doc);
    await settle();
    expect(ahpCalls).toHaveLength(1);
    expect(shownForK(doc)!.map((v) => v && Math.round(v * 1e9) / 1e9)).toEqual(scoredK(doc));
    again();
  });

  it('an answer while the room is on screen evaluates it again at once', async () => {
    const doc = { ...judgedDoc(), id: 'w2' };
    const d = setLeafJudgment(doc, K, 0, 2, 5); // another request than the first test's
    useWorkshop.setState({ doc: d, whatIf: {} });
    const release = showLiveEvaluation();
    evaluateLive(d);
    await settle();
    expect(ahpCalls).toHaveLength(1);
    evaluated.count = 0;
    ahpCalls[0].answer(answer);
    await settle();
    expect(evaluated.count).toBeGreaterThan(0);
    expect(shownForK(d)!.map((v) => v && Math.round(v * 1e9) / 1e9)).toEqual(scoredK(d));
    release();
  });
});
