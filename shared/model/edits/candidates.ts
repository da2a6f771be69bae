import { VALIDATION_METHODS, type Lang } from '../../framework';
import { defaultName, NEW_CANDIDATE_NAME, typedName } from '../names';
import { COLOUR_SLOTS, type Candidate, type WorkshopDoc } from '../schema';
import { patched, renamed, translated, updateById, withLang } from './common';
import { leafScoresWithout } from './hierarchy-edit';
import { ratingsWithout } from './ratings-edit';

export interface NewCandidate {
  id: string;
  /** The name the team typed; empty → the app's default name ("New candidate"), shown in the UI's language. */
  name: string;
  kind?: Candidate['kind'];
}

/** The first colour slot no current candidate holds (a slot is never shared while its candidate exists). */
export function freeColourSlot(doc: WorkshopDoc): number {
  const taken = new Set(doc.candidates.map((c) => c.colour));
  for (let slot = 0; slot < COLOUR_SLOTS; slot++) if (!taken.has(slot)) return slot;
  return -1;
}

/** Adds a candidate with its own colour slot and its §七 validation plan (one item per validation method). */
export function addCandidate(doc: WorkshopDoc, { id, name, kind = 'custom' }: NewCandidate): WorkshopDoc {
  const colour = freeColourSlot(doc);
  if (doc.candidates.some((c) => c.id === id) || colour < 0) return doc;
  const candidate: Candidate = {
    id,
    name: name.trim() ? typedName(name) : defaultName(NEW_CANDIDATE_NAME),
    colour,
    kind,
    description: { 'zh-CN': '', en: '' },
    notes: '',
  };
  const plan = VALIDATION_METHODS.map((m) => ({
    id: `${id}.${m.id}`,
    candidateId: id,
    methodId: m.id,
    title: '',
    owner: '',
    status: 'todo' as const,
    due: '' as const,
    result: '',
  }));
  return {
    ...doc,
    candidates: [...doc.candidates, candidate],
    validation: [...doc.validation, ...plan.filter((p) => !doc.validation.some((v) => v.id === p.id))],
  };
}

function updateCandidate(doc: WorkshopDoc, id: string, patch: (c: Candidate) => Candidate): WorkshopDoc {
  const candidates = updateById(doc.candidates, id, patch);
  return candidates === doc.candidates ? doc : { ...doc, candidates };
}

/**
 * Gives a candidate the name the team typed: its name in every language and export from now on
 * (a default stops being one). An empty name is refused (the document is returned unchanged).
 */
export function renameCandidate(doc: WorkshopDoc, id: string, name: string): WorkshopDoc {
  return updateCandidate(doc, id, (c) => renamed(c, name));
}

/** Keeps an optional translation of the candidate's typed name (shown as a translation). */
export function translateCandidateName(doc: WorkshopDoc, id: string, translation: string): WorkshopDoc {
  return updateCandidate(doc, id, (c) => translated(c, translation));
}

export function describeCandidate(doc: WorkshopDoc, id: string, lang: Lang, text: string): WorkshopDoc {
  return updateCandidate(doc, id, (c) => patched(c, { description: withLang(c.description, lang, text) }));
}

export function setCandidateKind(doc: WorkshopDoc, id: string, kind: Candidate['kind']): WorkshopDoc {
  return updateCandidate(doc, id, (c) => patched(c, { kind }));
}

/**
 * Removes a candidate and everything that only makes sense with it: its scores,
 * validation items, pilot metrics, simulations and score overrides in what-if
 * scenarios; a decision for it is cleared. One edit, so one undo brings all of it back.
 */
export function removeCandidate(doc: WorkshopDoc, id: string): WorkshopDoc {
  if (!doc.candidates.some((c) => c.id === id)) return doc;
  const overrideKey = (k: string) => k.split('|')[1] === id;
  return {
    ...doc,
    candidates: doc.candidates.filter((c) => c.id !== id),
    scores: doc.scores.filter((s) => s.candidateId !== id),
    leafScores: leafScoresWithout(doc.leafScores, { candidateId: id }),
    ratings: ratingsWithout(doc.ratings, { candidateId: id }),
    validation: doc.validation.filter((v) => v.candidateId !== id),
    metrics: { ...doc.metrics, series: doc.metrics.series.filter((s) => s.candidateId !== id) },
    simulations: doc.simulations.filter((s) => s.candidateId !== id),
    scenarios: doc.scenarios.map((s) =>
      Object.keys(s.scoreOverrides).some(overrideKey)
        ? { ...s, scoreOverrides: Object.fromEntries(Object.entries(s.scoreOverrides).filter(([k]) => !overrideKey(k))) }
        : s,
    ),
    decision: doc.decision.candidateId === id ? { ...doc.decision, candidateId: null } : doc.decision,
  };
}
