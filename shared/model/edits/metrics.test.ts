import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../create';
import { addParticipant, dataParticipants, takeSuggestedScores } from './metrics';

describe('dataParticipants', () => {
  const doc = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');
  const cells = doc.candidates.flatMap((c) => doc.criteria.slice(0, 2).map((k) => ({ candidateId: c.id, criterionId: k.id, value: 6, rationale: 'measured' })));
  const withPilot = takeSuggestedScores(addParticipant(doc, { id: 'pilot', name: 'Pilot data' }), 'pilot', cells, '2026-01-02T00:00:00.000Z');

  it('names a participant whose every score was taken from the measurements, and no person', () => {
    expect([...dataParticipants(withPilot)]).toEqual(['pilot']);
    expect(dataParticipants(doc).size).toBe(0);
  });

  it('a person who took suggested scores and scored by hand as well is a person', () => {
    const [p] = doc.participants;
    const mixed = takeSuggestedScores(doc, p.id, cells.slice(0, 1), '2026-01-02T00:00:00.000Z');
    expect(dataParticipants(mixed).has(p.id)).toBe(false);
  });
});
