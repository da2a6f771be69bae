import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from './create';
import { mergeBallot } from './edits/ballot';
import { allCells, cellFocus, cellStats, closeRoundRecord, openRoundRecord, recordBallot } from './round-history';
import type { WorkshopDoc } from './schema';

const NOW = '2026-03-01T09:00:00.000Z';

/** Three people scoring one cell, with rationales written in an order that is not the text order. */
function room(): WorkshopDoc {
  const base = createSampleWorkshop('en', NOW, 'w-focus');
  const participants = base.participants.slice(0, 3).map((p) => ({ ...p, influence: 1 }));
  const cell = { candidateId: base.candidates[0].id, criterionId: base.criteria[0].id };
  const rows: [number, string][] = [
    [8, 'works at scale'],
    [2, 'already failed once'],
    [5, ''],
  ];
  const scores = participants.map((p, i) => ({ participantId: p.id, ...cell, value: rows[i][0], rationale: rows[i][1] }));
  return { ...base, participants, scores, ratings: [], weighting: { ...base.weighting, ahp: [] }, rounds: [] };
}

describe('cellFocus', () => {
  it('gives the scores without their owners, and the room’s median and spread of the cell', () => {
    const doc = room();
    const cell = allCells(doc)[0];
    const focus = cellFocus(doc, cell, false);
    expect(focus.values).toEqual([2, 5, 8]);
    const stat = cellStats(
      doc,
      doc.participants.map((p) => p.id),
      [cell],
    )[0];
    expect(focus.median).toBe(stat.median);
    expect(focus.spread).toBeCloseTo(stat.spread, 12);
    // An unscored cell: nothing to show, no invented median.
    const empty = cellFocus(doc, allCells(doc)[1], false);
    expect(empty).toMatchObject({ values: [], median: null, spread: null, rationales: [] });
  });

  it('lists every written rationale: without names (in text order) while blind, named in participant order when open', () => {
    const doc = room();
    const cell = allCells(doc)[0];
    const blind = cellFocus(doc, cell, false);
    expect(blind.rationales).toEqual([
      { name: null, text: 'already failed once', leafId: null },
      { name: null, text: 'works at scale', leafId: null },
    ]);
    const open = cellFocus(doc, cell, true);
    expect(open.rationales).toEqual([
      { name: doc.participants[0].name, text: 'works at scale', leafId: null },
      { name: doc.participants[1].name, text: 'already failed once', leafId: null },
    ]);
  });

  it('shows the spread before → after of each closed round that asked the cell', () => {
    let doc = room();
    const cell = allCells(doc)[0];
    const people = doc.participants.map((p) => p.id);
    const round = { criteria: doc.criteria.map((c) => c.id), candidates: doc.candidates.map((c) => c.id) };
    const revote = { fromPrevious: true, showPrevious: true, onlyCells: true };
    doc = openRoundRecord(doc, { roundId: 'r1', kind: 'scores', openedAt: NOW, participants: people, cells: [cell], revote });
    const before = cellFocus(doc, cell, false).spread;
    // Still open: not yet a before → after.
    expect(cellFocus(doc, cell, false).rounds).toEqual([]);
    const next = mergeBallot(doc, people[1], round, { cells: [{ ...cell, value: 6, rationale: 'heard the others' }], cleared: [] });
    doc = recordBallot(doc, next, 'r1', people[1]);
    doc = closeRoundRecord(doc, 'r1', NOW);
    const focus = cellFocus(doc, cell, false);
    expect(focus.rounds).toHaveLength(1);
    expect(focus.rounds[0].before).toBeCloseTo(before!, 12);
    expect(focus.rounds[0].after).toBeCloseTo(focus.spread!, 12);
    expect(focus.rounds[0].after!).toBeLessThan(focus.rounds[0].before!);
    // A round that did not ask this cell is not its history.
    expect(cellFocus(doc, allCells(doc)[1], false).rounds).toEqual([]);
  });
});
