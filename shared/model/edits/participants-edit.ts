import type { Participant, Role, WorkshopDoc } from '../schema';
import { hierarchyWithoutParticipant, leafScoresWithout } from './hierarchy-edit';
import { ratingsWithout } from './ratings-edit';

/**
 * The people in the room: added, renamed, given a role, removed. Removing someone removes
 * their scores and AHP judgments too (one undo step brings all of it back).
 */
export const MAX_PARTICIPANTS = 100;

/** Adds a participant; the name is trimmed and must not be empty. */
export function addRoomParticipant(doc: WorkshopDoc, p: { id: string; name: string; role?: Role }): WorkshopDoc {
  const name = p.name.trim().slice(0, 1000);
  if (!name || doc.participants.length >= MAX_PARTICIPANTS || doc.participants.some((x) => x.id === p.id)) return doc;
  const participant: Participant = { id: p.id, name, role: p.role ?? 'other', influence: 1 };
  return { ...doc, participants: [...doc.participants, participant] };
}

function update(doc: WorkshopDoc, id: string, patch: (p: Participant) => Participant): WorkshopDoc {
  let changed = false;
  const participants = doc.participants.map((p) => {
    if (p.id !== id) return p;
    const next = patch(p);
    if (next !== p) changed = true;
    return next;
  });
  return changed ? { ...doc, participants } : doc;
}

export function renameParticipant(doc: WorkshopDoc, id: string, name: string): WorkshopDoc {
  const trimmed = name.trim().slice(0, 1000);
  return trimmed ? update(doc, id, (p) => (p.name === trimmed ? p : { ...p, name: trimmed })) : doc;
}

export function setParticipantRole(doc: WorkshopDoc, id: string, role: Role): WorkshopDoc {
  return update(doc, id, (p) => (p.role === role ? p : { ...p, role }));
}

/** Removes a participant with their scores and judgments (the dimensions' and the focus points'). */
export function removeParticipant(doc: WorkshopDoc, id: string): WorkshopDoc {
  if (!doc.participants.some((p) => p.id === id)) return doc;
  return {
    ...doc,
    participants: doc.participants.filter((p) => p.id !== id),
    scores: doc.scores.filter((s) => s.participantId !== id),
    leafScores: leafScoresWithout(doc.leafScores, { participantId: id }),
    ratings: ratingsWithout(doc.ratings, { participantId: id }),
    weighting: { ...doc.weighting, ahp: doc.weighting.ahp.filter((a) => a.participantId !== id) },
    hierarchy: hierarchyWithoutParticipant(doc.hierarchy, id),
    scenarios: doc.scenarios.map((s) => {
      const keys = Object.keys(s.scoreOverrides).filter((k) => k.split('|')[0] === id);
      if (keys.length === 0) return s;
      const scoreOverrides = { ...s.scoreOverrides };
      for (const k of keys) delete scoreOverrides[k];
      return { ...s, scoreOverrides };
    }),
  };
}
