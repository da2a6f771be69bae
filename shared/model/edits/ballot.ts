import type { WorkshopDoc } from '../schema';
import { clearJudgments, setJudgment } from './ahp-edit';

/**
 * A room-vote ballot merged into the workshop: the participant's cells of the round (its
 * criteria × candidates) are replaced by the ballot's, like hand-entered scores. Cells the
 * ballot leaves out (or leaves empty without a rationale) are cleared; cells outside the
 * round and other participants' scores are untouched. Merging the same ballot twice gives
 * the very same document, so a ballot seen again after a reconnect is not a new edit.
 */
export interface BallotCell {
  candidateId: string;
  criterionId: string;
  value: number | null;
  rationale: string;
}
export interface BallotPair {
  a: string;
  b: string;
  value: number;
}

export function mergeBallot(
  doc: WorkshopDoc,
  participantId: string,
  round: { criteria: string[]; candidates: string[] },
  ballot: { cells: BallotCell[]; ahp?: BallotPair[] },
): WorkshopDoc {
  if (!doc.participants.some((p) => p.id === participantId)) return doc;
  const crit = new Set(round.criteria.filter((id) => doc.criteria.some((c) => c.id === id)));
  const cand = new Set(round.candidates.filter((id) => doc.candidates.some((c) => c.id === id)));
  const inRound = (s: { participantId: string; candidateId: string; criterionId: string }) =>
    s.participantId === participantId && crit.has(s.criterionId) && cand.has(s.candidateId);
  const onScale = (v: number | null) => (v !== null && v >= doc.scale.min && v <= doc.scale.max ? v : null);
  const incoming = ballot.cells
    .filter((c) => crit.has(c.criterionId) && cand.has(c.candidateId))
    .map((c) => ({ participantId, candidateId: c.candidateId, criterionId: c.criterionId, value: onScale(c.value), rationale: c.rationale.slice(0, 10_000) }))
    .filter((c) => c.value !== null || c.rationale !== '');
  const kept = doc.scores.filter((s) => !inRound(s));
  const current = doc.scores.filter(inRound);
  const key = (s: BallotCell) => `${s.candidateId}|${s.criterionId}|${s.value}|${s.rationale}`;
  const same = current.length === incoming.length && current.map(key).sort().join('\n') === incoming.map(key).sort().join('\n');
  let next = same ? doc : { ...doc, scores: [...kept, ...incoming] };
  if (ballot.ahp && ballot.ahp.length > 0) next = mergeJudgments(next, participantId, ballot.ahp);
  return next;
}

/**
 * A ballot's pairwise judgments become the participant's AHP judgments (a new entry, replacing
 * any earlier one). Pairs the participant skipped are not in the ballot and stay `null` in
 * the document: not answered, never "equal".
 */
function mergeJudgments(doc: WorkshopDoc, participantId: string, pairs: BallotPair[]): WorkshopDoc {
  let next = clearJudgments(doc, participantId);
  for (const p of pairs) next = setJudgment(next, participantId, p.a, p.b, p.value);
  const before = doc.weighting.ahp.find((a) => a.participantId === participantId);
  const after = next.weighting.ahp.find((a) => a.participantId === participantId);
  return JSON.stringify(before) === JSON.stringify(after) ? doc : next;
}
