import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from './create';
import { mergeBallot } from './edits/ballot';
import { expandCriterion, setHierarchyMethod, setLeafJudgment, setLeafRationale, setLeafScore, setLeafWeight, setScoreAt } from './edits/hierarchy-edit';
import { cellFocus, cellStats, closeRoundRecord, disputedCells, openRoundRecord, recordBallot } from './round-history';
import type { WorkshopDoc } from './schema';

/**
 * The room's per-cell view and the round history of a dimension scored at its focus points: the
 * values that count are the ones derived from the focus point scores (local-share-weighted mean),
 * not the dimension's own scores, which are kept but unused. Before, a round that only changed
 * focus point scores recorded no change, and the cell's median, spread and "disputed" came from
 * the unused scores.
 */
const NOW = '2026-03-01T09:00:00.000Z';
const K = 'mismatch-control';

/** Three equal-influence participants; K expanded to three focus points (points 6/3/1) and scored at them; the unused dimension scores all 5. */
function room(): { doc: WorkshopDoc; leaves: string[]; cand: string; people: string[] } {
  let doc = expandCriterion(createSampleWorkshop('en', NOW, 'w-leaf-rounds'), K);
  doc = { ...doc, hierarchy: doc.hierarchy.map((n) => (n.criterionId === K ? { ...n, leaves: n.leaves.slice(0, 3) } : n)) };
  const leaves = doc.hierarchy[0].leaves.map((l) => l.id);
  [6, 3, 1].forEach((w, j) => (doc = setLeafWeight(doc, K, leaves[j], w)));
  doc = setScoreAt(doc, K, 'leaves');
  const participants = doc.participants.slice(0, 3).map((p) => ({ ...p, influence: 1 }));
  const cand = doc.candidates[0].id;
  const scores = participants.map((p) => ({ participantId: p.id, candidateId: cand, criterionId: K, value: 5, rationale: 'unused' }));
  doc = { ...doc, participants, scores, ratings: [], rounds: [], leafScores: [] };
  return { doc, leaves, cand, people: participants.map((p) => p.id) };
}
const at = (doc: WorkshopDoc, participantId: string, cand: string, leafId: string, v: number) =>
  setLeafScore(doc, { participantId, candidateId: cand, criterionId: K, leafId }, v);

describe('rounds and cell statistics of a dimension scored at its focus points', () => {
  it('take the derived values, not the unused dimension scores', () => {
    const { doc: start, leaves, cand, people } = room();
    let doc = start;
    // Derived: p0 all 2 → 2; p1 all 8 → 8; p2 (10, 0, 0) → 0.6·10 = 6. Median 6.
    leaves.forEach((l) => (doc = at(doc, people[0], cand, l, 2)));
    leaves.forEach((l) => (doc = at(doc, people[1], cand, l, 8)));
    doc = at(doc, people[2], cand, leaves[0], 10);
    doc = at(doc, people[2], cand, leaves[1], 0);
    doc = at(doc, people[2], cand, leaves[2], 0);
    const [stat] = cellStats(doc, people, [{ candidateId: cand, criterionId: K }]);
    expect(stat.median).toBeCloseTo(6, 12);
    const derived = [2, 8, 6];
    const mean = derived.reduce((a, b) => a + b, 0) / 3;
    expect(stat.spread).toBeCloseTo(Math.sqrt(derived.reduce((a, x) => a + (x - mean) ** 2, 0) / 3), 12);
    expect(disputedCells(doc, 3)[0]).toMatchObject({ candidateId: cand, criterionId: K });
    const focus = cellFocus(doc, { candidateId: cand, criterionId: K }, true);
    expect(focus.values).toEqual([2, 6, 8].map((v) => expect.closeTo(v, 12)));
    // The unused dimension scores' rationale is not the cell's; the focus points' own are, named
    // in participant then focus point order (open), or in text order without names (blind).
    expect(focus.rationales).toEqual([]);
    const why = (d: WorkshopDoc, pid: string, leafId: string, text: string) =>
      setLeafRationale(d, { participantId: pid, candidateId: cand, criterionId: K, leafId }, text);
    doc = why(why(why(doc, people[2], leaves[0], 'A: ten on calibration'), people[0], leaves[2], 'C: feedback is slow'), people[0], leaves[0], 'B: drift seen');
    const names = doc.participants.map((p) => p.name);
    expect(cellFocus(doc, { candidateId: cand, criterionId: K }, true).rationales).toEqual([
      { name: names[0], text: 'B: drift seen', leafId: leaves[0] },
      { name: names[0], text: 'C: feedback is slow', leafId: leaves[2] },
      { name: names[2], text: 'A: ten on calibration', leafId: leaves[0] },
    ]);
    expect(cellFocus(doc, { candidateId: cand, criterionId: K }, false).rationales.map((r) => [r.name, r.text])).toEqual([
      [null, 'A: ten on calibration'],
      [null, 'B: drift seen'],
      [null, 'C: feedback is slow'],
    ]);
    // Scored at the dimension again: its own scores' rationales are the cell's, the focus points' are not.
    const flat = cellFocus(setScoreAt(doc, K, 'dimension'), { candidateId: cand, criterionId: K }, true).rationales;
    expect(flat.map((r) => [r.text, r.leafId])).toEqual(people.map(() => ['unused', null]));
  });

  it('record a ballot of focus point scores as a change of the dimension cell, from and to the derived values', () => {
    const { doc: start, leaves, cand, people } = room();
    const cells = [{ candidateId: cand, criterionId: K }];
    let doc = at(start, people[0], cand, leaves[0], 4); // derived 4 before the round
    doc = openRoundRecord(doc, {
      roundId: 'r1',
      kind: 'scores',
      openedAt: NOW,
      participants: people,
      cells,
      revote: { fromPrevious: true, showPrevious: false, onlyCells: false },
    });
    expect(doc.rounds[0].before).toEqual([expect.objectContaining({ median: 4, n: 1 })]);
    const ballot = {
      cells: [],
      leafCells: [
        { candidateId: cand, criterionId: K, leafId: leaves[0], value: 9 },
        { candidateId: cand, criterionId: K, leafId: leaves[1], value: 3 },
      ],
    };
    const merged = mergeBallot(doc, people[0], { criteria: [K], candidates: [cand] }, ballot);
    expect(merged).not.toBe(doc);
    doc = recordBallot(doc, merged, 'r1', people[0]);
    // (0.6·9 + 0.3·3) / 0.9 = 7
    // The change also names the focus points that moved it, each from → to with its rationale.
    expect(doc.rounds[0].changes).toEqual([
      {
        participantId: people[0],
        candidateId: cand,
        criterionId: K,
        from: 4,
        to: expect.closeTo(7, 12),
        rationale: '',
        leaves: [
          { leafId: leaves[0], from: 4, to: 9, rationale: '' },
          { leafId: leaves[1], from: null, to: 3, rationale: '' },
        ],
      },
    ]);
    doc = closeRoundRecord(doc, 'r1', NOW);
    expect(doc.rounds[0].after[0].median).toBeCloseTo(7, 12);
  });

  it('record a focus point’s rationale, from a later ballot too, and drop a change undone', () => {
    const { doc: start, leaves, cand, people } = room();
    let doc = at(start, people[1], cand, leaves[0], 5);
    doc = openRoundRecord(doc, {
      roundId: 'r1',
      kind: 'scores',
      openedAt: NOW,
      participants: people,
      cells: [{ candidateId: cand, criterionId: K }],
      revote: { fromPrevious: true, showPrevious: false, onlyCells: false },
    });
    const send = (d: WorkshopDoc, leafCells: Array<{ leafId: string; value: number; rationale?: string }>) =>
      recordBallot(
        d,
        mergeBallot(
          d,
          people[1],
          { criteria: [K], candidates: [cand] },
          { cells: [], leafCells: leafCells.map((c) => ({ candidateId: cand, criterionId: K, ...c })) },
        ),
        'r1',
        people[1],
      );
    // Only a reason, the score kept: the derived value does not move, the change is still told.
    doc = send(doc, [{ leafId: leaves[0], value: 5, rationale: 'calibration drifts weekly' }]);
    expect(doc.rounds[0].changes).toEqual([
      expect.objectContaining({ from: 5, to: 5, rationale: '', leaves: [{ leafId: leaves[0], from: 5, to: 5, rationale: 'calibration drifts weekly' }] }),
    ]);
    // A later ballot moves the score: the focus point's change keeps where the round found it.
    doc = send(doc, [{ leafId: leaves[0], value: 8 }]);
    expect(doc.rounds[0].changes[0]).toMatchObject({ from: 5, to: 8, leaves: [{ leafId: leaves[0], from: 5, to: 8, rationale: 'calibration drifts weekly' }] });
    // Back to where it was, the reason removed: nothing changed in this round.
    doc = send(doc, [{ leafId: leaves[0], value: 5, rationale: '' }]);
    expect(doc.rounds[0].changes).toEqual([]);
  });

  it('leave out a pairwise dimension until the engine’s answer is given, then use it', () => {
    const { doc: start, leaves, cand, people } = room();
    let doc = setHierarchyMethod(start, K, 'pairwise');
    doc = setLeafJudgment(doc, K, 0, 1, 2);
    doc = setLeafJudgment(doc, K, 1, 2, 2);
    doc = at(doc, people[0], cand, leaves[0], 10);
    doc = at(doc, people[0], cand, leaves[2], 0);
    const cell = [{ candidateId: cand, criterionId: K }];
    // Without the answer: not scored (never the unused 5s).
    expect(cellStats(doc, people, cell)).toEqual([]);
    const judged = { [K]: { weights: [4 / 7, 2 / 7, 1 / 7], cr: 0, crAlonsoLamata: 0, nextPair: null } };
    // (4/7·10 + 1/7·0) / (5/7) = 8
    expect(cellStats(doc, people, cell, judged)[0].median).toBeCloseTo(8, 12);
  });
});
