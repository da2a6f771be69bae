import { describe, expect, it } from 'vitest';
import { createWorkshop } from '../model/create';
import { addCandidate, removeCandidate } from '../model/edits/candidates';
import { paletteIndex, SERIES_COLOURS, seriesColour } from './colours';

describe('series colours follow the colour slot', () => {
  it('maps a slot to the same colour on screen (theme variable) and in reports (hex), cycling beyond ten', () => {
    expect(seriesColour(2)).toBe(SERIES_COLOURS[2]);
    expect(seriesColour(2, 'css')).toBe(`var(--c3, ${SERIES_COLOURS[2]})`);
    expect(paletteIndex(12)).toBe(2);
  });

  it("a candidate's colour is the same after another is deleted and whatever the order charts draw it in", () => {
    let doc = addCandidate(createWorkshop({ title: 'T', lang: 'en', id: 'w', now: '2026-03-01T09:00:00.000Z' }), { id: 'x', name: 'X' });
    const before = Object.fromEntries(doc.candidates.map((c) => [c.id, seriesColour(c.colour)]));
    doc = removeCandidate(doc, 'self-built');
    for (const c of doc.candidates) expect(seriesColour(c.colour)).toBe(before[c.id]);
  });
});
