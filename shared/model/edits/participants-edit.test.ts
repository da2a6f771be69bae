import { describe, expect, it } from 'vitest';
import { setJudgment } from './ahp-edit';
import { scoreKey } from '../analysis';
import { createSampleWorkshop, createWorkshop } from '../create';
import { addRoomParticipant, removeParticipant, renameParticipant, setParticipantRole } from './participants-edit';
import { addScenario } from './scenarios';
import { WorkshopDocSchema } from '../schema';

describe('participants', () => {
  it('adds with a trimmed name, refuses empty names and duplicate ids', () => {
    const doc = createWorkshop({ title: 'T', lang: 'en', id: 'w', now: '2026-01-01T00:00:00.000Z' });
    const one = addRoomParticipant(doc, { id: 'a', name: '  Ana ', role: 'security' });
    expect(one.participants).toEqual([{ id: 'a', name: 'Ana', role: 'security', influence: 1 }]);
    expect(addRoomParticipant(one, { id: 'b', name: '  ' })).toBe(one);
    expect(addRoomParticipant(one, { id: 'a', name: 'Again' })).toBe(one);
    expect(renameParticipant(one, 'a', 'Ana Li').participants[0].name).toBe('Ana Li');
    expect(renameParticipant(one, 'a', ' ')).toBe(one);
    expect(setParticipantRole(one, 'a', 'finance').participants[0].role).toBe('finance');
    expect(WorkshopDocSchema.safeParse(one).success).toBe(true);
  });

  it('removing someone removes their scores, judgments and scenario overrides; the document stays valid', () => {
    let doc = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');
    const gone = doc.participants[1].id;
    doc = setJudgment(doc, gone, doc.criteria[0].id, doc.criteria[1].id, 3);
    doc = addScenario(doc, {
      id: 's',
      name: 'S',
      createdAt: '2026-01-02T00:00:00.000Z',
      weights: doc.criteria.map(() => 1),
      scoreOverrides: {
        [scoreKey(gone, doc.candidates[0].id, doc.criteria[0].id)]: 2,
        [scoreKey(doc.participants[0].id, doc.candidates[0].id, doc.criteria[0].id)]: 3,
      },
    });
    const next = removeParticipant(doc, gone);
    expect(next.participants.map((p) => p.id)).not.toContain(gone);
    expect(next.scores.some((s) => s.participantId === gone)).toBe(false);
    expect(next.scores.length).toBe(doc.scores.length - doc.candidates.length * doc.criteria.length);
    expect(next.weighting.ahp).toEqual([]);
    expect(Object.keys(next.scenarios[0].scoreOverrides)).toEqual([scoreKey(doc.participants[0].id, doc.candidates[0].id, doc.criteria[0].id)]);
    expect(WorkshopDocSchema.safeParse(next).success).toBe(true);
    expect(removeParticipant(next, gone)).toBe(next);
  });
});
