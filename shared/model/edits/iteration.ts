import { analysisBasis } from '../provenance';
import type { IterationEntry, WorkshopDoc } from '../schema';
import { patched, updateById } from './common';

export type IterationPatch = Partial<Omit<IterationEntry, 'id'>>;
type Decision = WorkshopDoc['decision'];

/** Adds a review to the log (dated; defaults: area "other", empty texts). */
export function addIterationEntry(doc: WorkshopDoc, entry: Pick<IterationEntry, 'id' | 'date'> & IterationPatch): WorkshopDoc {
  if (doc.iteration.log.some((e) => e.id === entry.id)) return doc;
  const full: IterationEntry = { observation: '', area: 'other', decision: '', owner: '', ...entry };
  return { ...doc, iteration: { ...doc.iteration, log: [...doc.iteration.log, full] } };
}

export function updateIterationEntry(doc: WorkshopDoc, id: string, patch: IterationPatch): WorkshopDoc {
  const log = updateById(doc.iteration.log, id, (e) => patched(e, patch));
  return log === doc.iteration.log ? doc : { ...doc, iteration: { ...doc.iteration, log } };
}

export function removeIterationEntry(doc: WorkshopDoc, id: string): WorkshopDoc {
  return doc.iteration.log.some((e) => e.id === id) ? { ...doc, iteration: { ...doc.iteration, log: doc.iteration.log.filter((e) => e.id !== id) } } : doc;
}

export function setNextReview(doc: WorkshopDoc, date: WorkshopDoc['iteration']['nextReview']): WorkshopDoc {
  return doc.iteration.nextReview === date ? doc : { ...doc, iteration: { ...doc.iteration, nextReview: date } };
}

/**
 * Edits the decision record; a candidate that does not exist is refused. Choosing the
 * candidate records the analysis it rests on (`basis`), so a later change of the scores or
 * weights marks the decision stale (provenance.ts `decisionStatus`).
 */
export function updateDecision(doc: WorkshopDoc, patch: Partial<Decision>): WorkshopDoc {
  if (patch.candidateId && !doc.candidates.some((c) => c.id === patch.candidateId)) return doc;
  const chosen = patch.candidateId !== undefined && patch.candidateId !== doc.decision.candidateId;
  const decision = patched(doc.decision, chosen ? { ...patch, basis: patch.candidateId ? analysisBasis(doc) : '' } : patch);
  return decision === doc.decision ? doc : { ...doc, decision };
}

/** The team confirms the decision on the current analysis (it is no longer stale); one undo step. */
export function confirmDecision(doc: WorkshopDoc): WorkshopDoc {
  if (doc.decision.candidateId === null) return doc;
  const basis = analysisBasis(doc);
  return basis === doc.decision.basis ? doc : { ...doc, decision: { ...doc.decision, basis } };
}
