import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from './create';
import { scoringGridView } from './blind';
import { setRationale, setScore } from './edits/score-grid';

/** A workshop whose scores are all distinctive decimals, so any leak is easy to spot. */
function distinctive() {
  let doc = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');
  doc = { ...doc, scores: [] };
  let n = 0;
  const values: number[] = [];
  for (const p of doc.participants)
    for (const c of doc.candidates)
      for (const k of doc.criteria) {
        const v = Math.round((1.17 + ((n++ * 0.0731) % 8.5)) * 1000) / 1000;
        values.push(v);
        doc = setScore(doc, p.id, c.id, k.id, v);
      }
  doc = setRationale(doc, doc.participants[0].id, doc.candidates[0].id, doc.criteria[0].id, 'secret reason 7.777');
  return { doc, values };
}

describe('blind projection', () => {
  it('carries no score and no rationale before reveal, only whether a cell is filled', () => {
    const { doc, values } = distinctive();
    for (const p of doc.participants) {
      const view = scoringGridView(doc, p.id, true);
      const text = JSON.stringify(view);
      const leaked = values.filter((v) => text.includes(String(v)));
      expect(leaked).toEqual([]);
      expect(text).not.toContain('secret reason');
      expect(view.cells.flat().every((cell) => !cell.revealed && cell.filled)).toBe(true);
      for (const cell of view.cells.flat()) expect(Object.keys(cell).sort()).toEqual(['filled', 'hasRationale', 'revealed']);
      expect(view.scored).toBe(doc.criteria.length * doc.candidates.length);
    }
  });

  it('shows values and rationales after reveal, criterion rows × candidate columns', () => {
    const { doc } = distinctive();
    const p = doc.participants[0];
    const view = scoringGridView(doc, p.id, false);
    expect(view.rows).toEqual(doc.criteria.map((k) => k.id));
    expect(view.cols).toEqual(doc.candidates.map((c) => c.id));
    const first = doc.scores.find((s) => s.participantId === p.id && s.candidateId === doc.candidates[1].id && s.criterionId === doc.criteria[2].id)!;
    expect(view.cells[2][1]).toEqual({ revealed: true, value: first.value, rationale: '' });
    expect(view.cells[0][0]).toMatchObject({ rationale: 'secret reason 7.777' });
  });

  it('an unscored cell is not filled', () => {
    const { doc } = distinctive();
    const p = doc.participants[1];
    const cleared = setScore(doc, p.id, doc.candidates[0].id, doc.criteria[0].id, null);
    expect(scoringGridView(cleared, p.id, true).cells[0][0]).toEqual({ revealed: false, filled: false, hasRationale: false });
  });
});
