import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from './create';
import { mergeBallot } from './edits/ballot';
import {
  allCells,
  cellStats,
  closeRoundRecord,
  disagreementOf,
  disputedCells,
  mostChangedCells,
  openRoundRecord,
  recordBallot,
  roundTrends,
} from './round-history';
import { WorkshopDocSchema, type WorkshopDoc } from './schema';

const NOW = '2026-03-01T09:00:00.000Z';

/** Three people scoring the first two cells; everything else unscored. */
function room(): WorkshopDoc {
  const base = createSampleWorkshop('en', NOW, 'w-rounds');
  const participants = base.participants.slice(0, 3).map((p) => ({ ...p, influence: 1 }));
  const [c0, c1] = [base.criteria[0].id, base.criteria[1].id];
  const cand = base.candidates[0].id;
  const values = [
    [2, 8],
    [5, 8],
    [8, 8],
  ];
  const scores = participants.flatMap((p, i) => [
    { participantId: p.id, candidateId: cand, criterionId: c0, value: values[i][0], rationale: '' },
    { participantId: p.id, candidateId: cand, criterionId: c1, value: values[i][1], rationale: '' },
  ]);
  return { ...base, participants, scores, ratings: [], weighting: { ...base.weighting, ahp: [] }, rounds: [] };
}

const sd = (xs: number[]) => {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length);
};

describe('round history', () => {
  it('keeps every change of a two-round re-vote, and round 2’s disagreement comes from round 2’s scores', () => {
    let doc = room();
    const cells = allCells(doc).slice(0, 2);
    const round = { criteria: doc.criteria.map((c) => c.id), candidates: doc.candidates.map((c) => c.id) };
    const people = doc.participants.map((p) => p.id);
    const revote = { fromPrevious: true, showPrevious: true, onlyCells: true };
    doc = openRoundRecord(doc, { roundId: 'r1', kind: 'scores', openedAt: NOW, participants: people, cells, revote });
    doc = closeRoundRecord(doc, 'r1', NOW);
    // A close seen twice (the answer and the event stream) changes nothing.
    expect(closeRoundRecord(doc, 'r1', '2026-03-01T10:00:00.000Z')).toBe(doc);
    const first = doc.rounds[0];
    expect(first.no).toBe(1);
    const d1 = sd([2, 5, 8]) / ((doc.scale.max - doc.scale.min) / 2);
    // Two cells: one with spread sd(2,5,8), one where all agree.
    expect(first.disagreement).toBeCloseTo(d1 / 2, 10);

    doc = openRoundRecord(doc, { roundId: 'r2', kind: 'scores', openedAt: NOW, participants: people, cells, revote });
    expect(doc.rounds[1].no).toBe(2);
    expect(doc.rounds[1].before).toEqual(first.after);
    // The low scorer moves up twice (one change kept, from the start of the round), the high scorer comes down.
    const step = (d: WorkshopDoc, pid: string, value: number, rationale: string) => {
      const next = mergeBallot(d, pid, round, { cells: [{ ...cells[0], value, rationale }], cleared: [] });
      return recordBallot(d, next, 'r2', pid);
    };
    doc = step(doc, people[0], 3, 'first thought');
    doc = step(doc, people[0], 4, 'heard the others');
    doc = step(doc, people[2], 6, 'too optimistic');
    doc = closeRoundRecord(doc, 'r2', NOW);
    const second = doc.rounds[1];
    expect(second.changes).toEqual([
      { participantId: people[0], ...cells[0], from: 2, to: 4, rationale: 'heard the others', leaves: [] },
      { participantId: people[2], ...cells[0], from: 8, to: 6, rationale: 'too optimistic', leaves: [] },
    ]);
    // Nothing lost: the untouched cell and the untouched participant keep their scores.
    expect(doc.scores.filter((s) => s.value !== null)).toHaveLength(6);
    const d2 = sd([4, 5, 6]) / ((doc.scale.max - doc.scale.min) / 2);
    expect(second.disagreement).toBeCloseTo(d2 / 2, 10);
    expect(second.after.find((s) => s.criterionId === cells[0].criterionId)).toMatchObject({ median: 5, n: 3 });
    expect(roundTrends(doc.rounds).map((t) => t.trend)).toEqual(['first', 'converging']);
    const moved = mostChangedCells(second);
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ ...cells[0], moved: 4, spreadBefore: sd([2, 5, 8]), spreadAfter: sd([4, 5, 6]) });
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
  });

  it('a change undone within the round is no change, and an unchanged ballot adds nothing', () => {
    let doc = room();
    const cells = allCells(doc).slice(0, 2);
    const round = { criteria: doc.criteria.map((c) => c.id), candidates: doc.candidates.map((c) => c.id) };
    const pid = doc.participants[0].id;
    doc = openRoundRecord(doc, {
      roundId: 'r1',
      kind: 'scores',
      openedAt: NOW,
      participants: [pid],
      cells,
      revote: { fromPrevious: false, showPrevious: false, onlyCells: false },
    });
    const there = mergeBallot(doc, pid, round, { cells: [{ ...cells[0], value: 7, rationale: '' }] });
    doc = recordBallot(doc, there, 'r1', pid);
    expect(doc.rounds[0].changes).toHaveLength(1);
    const back = mergeBallot(doc, pid, round, { cells: [{ ...cells[0], value: 2, rationale: '' }] });
    doc = recordBallot(doc, back, 'r1', pid);
    expect(doc.rounds[0].changes).toEqual([]);
    expect(recordBallot(doc, doc, 'r1', pid)).toBe(doc);
  });

  it('names the disputed cells, most spread first, and none when all agree', () => {
    const doc = room();
    const top = disputedCells(doc);
    expect(top).toHaveLength(1);
    expect(top[0].criterionId).toBe(doc.criteria[0].id);
    expect(disagreementOf([], doc.scale)).toBeNull();
    expect(cellStats(doc, [], allCells(doc))).toEqual([]);
  });
});
