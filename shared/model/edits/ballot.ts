import type { WorkshopDoc } from '../schema';
import { setJudgment } from './ahp-edit';

/**
 * A room-vote ballot merged into the workshop cell by cell, like hand-entered scores:
 * - a cell the ballot answers (a score on the scale, or a rationale) takes the ballot's answer;
 * - a cell the participant cleared on purpose (listed in `cleared`) loses its score;
 * - every other cell keeps what it had: a ballot that leaves a cell out, or sends it empty
 *   without saying it was cleared, has not answered it (a second round's device that starts
 *   empty must not wipe the first round's scores).
 * Cells outside the round and other participants' scores are untouched. Merging the same
 * ballot twice gives the very same document, so a ballot seen again after a reconnect is not
 * a new edit.
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
export interface BallotCellRef {
  candidateId: string;
  criterionId: string;
}

export function mergeBallot(
  doc: WorkshopDoc,
  participantId: string,
  round: { criteria: string[]; candidates: string[] },
  ballot: { cells: BallotCell[]; cleared?: BallotCellRef[]; ahp?: BallotPair[] },
): WorkshopDoc {
  if (!doc.participants.some((p) => p.id === participantId)) return doc;
  const crit = new Set(round.criteria.filter((id) => doc.criteria.some((c) => c.id === id)));
  const cand = new Set(round.candidates.filter((id) => doc.candidates.some((c) => c.id === id)));
  const inRound = (c: BallotCellRef) => crit.has(c.criterionId) && cand.has(c.candidateId);
  const key = (c: BallotCellRef) => `${c.candidateId}|${c.criterionId}`;
  const onScale = (v: number | null) => (v !== null && v >= doc.scale.min && v <= doc.scale.max ? v : null);
  const cleared = new Set((ballot.cleared ?? []).filter(inRound).map(key));
  const answers = new Map<string, { value: number | null | undefined; rationale: string }>();
  for (const k of cleared) answers.set(k, { value: null, rationale: '' });
  for (const c of ballot.cells) {
    if (!inRound(c)) continue;
    const k = key(c);
    const value = onScale(c.value) ?? (cleared.has(k) ? null : undefined);
    const rationale = c.rationale.slice(0, 10_000);
    if (value === undefined && rationale === '') continue; // not answered
    answers.set(k, { value, rationale });
  }
  if (answers.size === 0) return ballot.ahp && ballot.ahp.length > 0 ? mergeJudgments(doc, participantId, ballot.ahp) : doc;
  let changed = false;
  const seen = new Set<string>();
  const scores: WorkshopDoc['scores'] = [];
  for (const s of doc.scores) {
    const k = key(s);
    const a = s.participantId === participantId ? answers.get(k) : undefined;
    if (!a) {
      scores.push(s);
      continue;
    }
    seen.add(k);
    const value = a.value === undefined ? s.value : a.value;
    const rationale = a.rationale;
    if (value === s.value && rationale === s.rationale) {
      scores.push(s);
      continue;
    }
    changed = true;
    if (value !== null || rationale !== '') scores.push({ ...s, value, rationale });
  }
  for (const [k, a] of answers) {
    if (seen.has(k)) continue;
    const value = a.value ?? null;
    const rationale = a.rationale;
    if (value === null && rationale === '') continue;
    const [candidateId, criterionId] = k.split('|');
    scores.push({ participantId, candidateId, criterionId, value, rationale });
    changed = true;
  }
  let next = changed ? { ...doc, scores } : doc;
  if (ballot.ahp && ballot.ahp.length > 0) next = mergeJudgments(next, participantId, ballot.ahp);
  return next;
}

/**
 * A ballot's pairwise judgments merge into the participant's AHP judgments pair by pair, as its
 * cells merge into the scores: a pair the ballot does not answer keeps the earlier judgment (a
 * round's devices start empty), and one never answered stays `null`: not answered, never "equal".
 */
function mergeJudgments(doc: WorkshopDoc, participantId: string, pairs: BallotPair[]): WorkshopDoc {
  let next = doc;
  for (const p of pairs) next = setJudgment(next, participantId, p.a, p.b, p.value);
  const before = doc.weighting.ahp.find((a) => a.participantId === participantId);
  const after = next.weighting.ahp.find((a) => a.participantId === participantId);
  return JSON.stringify(before) === JSON.stringify(after) ? doc : next;
}
