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

/** Edits the decision record; a candidate that does not exist is refused. */
export function updateDecision(doc: WorkshopDoc, patch: Partial<Decision>): WorkshopDoc {
  if (patch.candidateId && !doc.candidates.some((c) => c.id === patch.candidateId)) return doc;
  const decision = patched(doc.decision, patch);
  return decision === doc.decision ? doc : { ...doc, decision };
}
