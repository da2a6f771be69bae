import { VALIDATION_METHODS, type Lang } from '../../framework';
import type { Candidate, WorkshopDoc } from '../schema';
import { patched, updateById, withLang } from './common';

export interface NewCandidate {
  id: string;
  lang: Lang;
  name: string;
  kind?: Candidate['kind'];
}

/** Adds a candidate with its §七 validation plan (one item per validation method). */
export function addCandidate(doc: WorkshopDoc, { id, lang, name, kind = 'custom' }: NewCandidate): WorkshopDoc {
  if (doc.candidates.some((c) => c.id === id)) return doc;
  const candidate: Candidate = { id, name: withLang({ 'zh-CN': '', en: '' }, lang, name), kind, description: { 'zh-CN': '', en: '' }, notes: '' };
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

/** Renames a candidate in one language; the other language's name stays. */
export function renameCandidate(doc: WorkshopDoc, id: string, lang: Lang, name: string): WorkshopDoc {
  return updateCandidate(doc, id, (c) => patched(c, { name: withLang(c.name, lang, name) }));
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
