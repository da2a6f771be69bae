import { describe, expect, it } from 'vitest';
import { allCells, createSampleWorkshop } from '../../../shared/model';
import { expandCriterion, setScoreAt } from '../../../shared/model/edits/hierarchy-edit';
import { deviceCells, revoteSpec } from './revote';

const choice = { fromPrevious: true, showPrevious: false, onlyCells: false, picked: [] };

describe('what a round asks the devices when a dimension is scored at its focus points', () => {
  const flat = createSampleWorkshop('en', '2026-12-03T00:00:00.000Z', 'w');
  const dim = flat.criteria[0].id;
  const leafScored = setScoreAt(expandCriterion(flat, dim), dim, 'leaves');
  const invited = flat.participants.map((p) => p.id);

  it('a flat workshop asks every cell (no list sent)', () => {
    expect(revoteSpec(flat, invited, choice).cells).toBeUndefined();
    expect(deviceCells(flat)).toEqual(allCells(flat));
  });

  it('leaves out the cells of the dimension scored at its focus points, and starts no device on them', () => {
    const spec = revoteSpec(leafScored, invited, choice);
    expect(spec.cells).toHaveLength(allCells(flat).length - flat.candidates.length);
    expect(spec.cells!.some((c) => c.criterionId === dim)).toBe(false);
    expect(spec.start!.flatMap((p) => p.cells).some((c) => c.criterionId === dim)).toBe(false);
    // A re-vote of picked cells drops the picked cell of that dimension too.
    const picked = [allCells(flat)[0], allCells(flat)[1]];
    expect(revoteSpec(leafScored, invited, { ...choice, onlyCells: true, picked }).cells).toEqual(picked.filter((c) => c.criterionId !== dim));
  });
});
