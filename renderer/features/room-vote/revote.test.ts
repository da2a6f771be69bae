import { describe, expect, it } from 'vitest';
import { RoundSpecSchema } from '../../../shared/contract/session';
import { allCells, createSampleWorkshop, type WorkshopDoc } from '../../../shared/model';
import { expandCriterion, setLeafScore, setScoreAt } from '../../../shared/model/edits/hierarchy-edit';
import { revoteSpec, roundLeaves } from './revote';

const choice = { fromPrevious: true, showPrevious: false, onlyCells: false, picked: [] };

/** The round part of a spec the room sends for `doc` (names as ids), to which the re-vote's part is added. */
const roundOf = (doc: WorkshopDoc) => ({
  workshopId: 'w',
  title: 't',
  lang: 'en' as const,
  scale: doc.scale,
  criteria: doc.criteria.map((c) => ({ id: c.id, name: { 'zh-CN': c.id, en: c.id }, leaves: roundLeaves(doc, c.id) })),
  candidates: doc.candidates.map((c) => ({ id: c.id, name: { 'zh-CN': c.id, en: c.id } })),
  participants: doc.participants.map((p) => ({ id: p.id, name: p.name })),
});

describe('what a round asks the devices when a dimension is scored at its focus points', () => {
  const flat = createSampleWorkshop('en', '2026-12-03T00:00:00.000Z', 'w');
  const dim = flat.criteria[0].id;
  const leafScored = setScoreAt(expandCriterion(flat, dim), dim, 'leaves');
  const node = leafScored.hierarchy.find((n) => n.criterionId === dim)!;
  const invited = flat.participants.map((p) => p.id);
  const [p1, p2] = invited;
  const cand = flat.candidates[0].id;
  const withLeafScore = setLeafScore(leafScored, { participantId: p1, candidateId: cand, criterionId: dim, leafId: node.leaves[1].id }, 4);

  it('a flat workshop asks every cell (no list sent) and no focus point', () => {
    expect(revoteSpec(flat, invited, choice).cells).toBeUndefined();
    expect(flat.criteria.map((c) => roundLeaves(flat, c.id))).toEqual(flat.criteria.map(() => undefined));
  });

  it('asks the dimension’s cells with its focus points; each device starts from its owner’s focus-point scores', () => {
    expect(roundLeaves(leafScored, dim)).toEqual(node.leaves.map((l) => ({ id: l.id, name: l.name })));
    expect(roundLeaves(leafScored, flat.criteria[1].id)).toBeUndefined();
    // Expanded but scored at the dimension: the dimension's score is asked, as before.
    expect(roundLeaves(expandCriterion(flat, dim), dim)).toBeUndefined();
    const spec = revoteSpec(withLeafScore, invited, choice);
    expect(spec.cells).toBeUndefined();
    const start = new Map(spec.start!.map((s) => [s.participantId, s]));
    expect(start.get(p1)!.leafCells).toEqual([{ candidateId: cand, criterionId: dim, leafId: node.leaves[1].id, value: 4 }]);
    expect(start.get(p2)!.leafCells).toEqual([]);
    // The dimension's own (unused) scores are not a device's start.
    expect(start.get(p1)!.cells.some((c) => c.criterionId === dim)).toBe(false);
    // A picked cell of that dimension stays picked.
    const picked = [allCells(flat)[0], allCells(flat)[1]];
    expect(revoteSpec(leafScored, invited, { ...choice, onlyCells: true, picked }).cells).toEqual(picked);
  });

  it('the spec the room builds passes the contract', () => {
    const spec = { ...roundOf(withLeafScore), ...revoteSpec(withLeafScore, invited, { ...choice, showPrevious: true }) };
    expect(RoundSpecSchema.safeParse(spec).error?.issues ?? []).toEqual([]);
  });

  it('a facilitator-paced round asks the same: the dimension’s cells with their focus points', () => {
    const spec = { ...roundOf(leafScored), paced: true, ...revoteSpec(leafScored, invited, choice) };
    const parsed = RoundSpecSchema.safeParse(spec);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data!.criteria.find((c) => c.id === dim)!.leaves).toEqual(node.leaves.map((l) => ({ id: l.id, name: l.name })));
    expect(parsed.data!.cells).toBeUndefined();
  });
});
