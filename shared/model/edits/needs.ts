import type { Answer, WorkshopDoc } from '../schema';
import { holdWeights } from './common';

/** Is `a` an answer at all (not missing, empty text or an empty selection)? */
export function isAnswered(a: Answer | undefined): boolean {
  return a !== undefined && a !== null && a !== '' && !(Array.isArray(a) && a.length === 0);
}

/**
 * Records the answer to a needs question; `null` (or empty text) clears it. The weights in
 * force stay the team's: if the adapted weights change (an accepted rule stops or starts
 * holding), that is a proposal in the room (provenance.ts), not a rewrite.
 */
export function setAnswer(doc: WorkshopDoc, questionId: string, value: Answer): WorkshopDoc {
  const answers = { ...doc.needs.answers };
  if (!isAnswered(value)) {
    if (!(questionId in answers)) return doc;
    delete answers[questionId];
  } else {
    if (Object.is(answers[questionId], value)) return doc;
    answers[questionId] = value;
  }
  return holdWeights(doc, { ...doc, needs: { ...doc.needs, answers } });
}

export function setNeedsNotes(doc: WorkshopDoc, notes: string): WorkshopDoc {
  return doc.needs.notes === notes ? doc : { ...doc, needs: { ...doc.needs, notes } };
}

/** Sets the workshop's currency and/or the team's exchange rate (a rate ≤ 0 or not finite is ignored). */
export function setCurrency(doc: WorkshopDoc, patch: Partial<WorkshopDoc['currency']>): WorkshopDoc {
  const next = { ...doc.currency, ...patch };
  if (!(Number.isFinite(next.cnyPerUsd) && next.cnyPerUsd > 0 && next.cnyPerUsd < 1000)) return doc;
  if (next.code === doc.currency.code && next.cnyPerUsd === doc.currency.cnyPerUsd) return doc;
  return { ...doc, currency: next };
}
