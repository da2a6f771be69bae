import { takeSnapshot } from '../decision-snapshot';
import type { HierarchyJudged } from '../hierarchy';
import { nowIso } from '../ids';
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
 * weights marks the decision stale (provenance.ts `decisionStatus`), and freezes what it rests
 * on (`snapshot`, taken at `at`); clearing the choice drops the snapshot. Other fields of the
 * record (texts, dates) leave the snapshot as it is. The snapshot itself is never patched.
 * `judged`: the engine's answers for pairwise dimensions scored at their focus points (see
 * decision-snapshot.ts), so the snapshot's totals are the room's.
 */
export function updateDecision(doc: WorkshopDoc, patch: Partial<Omit<Decision, 'snapshot'>>, at: string = nowIso(), judged: HierarchyJudged = {}): WorkshopDoc {
  if (patch.candidateId && !doc.candidates.some((c) => c.id === patch.candidateId)) return doc;
  const { snapshot: _ignored, ...fields } = patch as Partial<Decision>;
  const chosen = fields.candidateId !== undefined && fields.candidateId !== doc.decision.candidateId;
  const decision = patched(doc.decision, chosen ? { ...fields, basis: fields.candidateId ? analysisBasis(doc) : '' } : fields);
  if (decision === doc.decision) return doc;
  // Step 7's next review follows the decision's review date until the team sets another.
  const follows = decision.reviewDate !== doc.decision.reviewDate && (doc.iteration.nextReview === '' || doc.iteration.nextReview === doc.decision.reviewDate);
  if (follows) doc = { ...doc, iteration: { ...doc.iteration, nextReview: decision.reviewDate } };
  if (!chosen) return { ...doc, decision };
  const next = { ...doc, decision };
  return { ...next, decision: { ...decision, snapshot: takeSnapshot(next, at, judged) } };
}

/**
 * The team confirms the decision on the current analysis (it is no longer stale): a new decision
 * on the same candidate, so its basis is frozen anew (`snapshot` at `at`); one undo step. A
 * decision recorded before snapshots (none kept) gets its first one. `judged`: as for `updateDecision`.
 */
export function confirmDecision(doc: WorkshopDoc, at: string = nowIso(), judged: HierarchyJudged = {}): WorkshopDoc {
  if (doc.decision.candidateId === null) return doc;
  const basis = analysisBasis(doc);
  if (basis === doc.decision.basis && doc.decision.snapshot !== null) return doc;
  return { ...doc, decision: { ...doc.decision, basis, snapshot: takeSnapshot(doc, at, judged) } };
}
