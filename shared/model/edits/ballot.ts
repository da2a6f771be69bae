import type { WorkshopDoc } from '../schema';
import { setJudgment } from './ahp-edit';
import { hierarchyNode, scoredAtLeaves } from '../hierarchy';

/**
 * A room-vote ballot merged into the workshop cell by cell, like hand-entered scores:
 * - a cell the ballot answers (a score on the scale, or a rationale) takes the ballot's answer;
 * - a cell the participant cleared on purpose (listed in `cleared`) loses its score;
 * - every other cell keeps what it had: a ballot that leaves a cell out, or sends it empty
 *   without saying it was cleared, has not answered it (a second round's device that starts
 *   empty must not wipe the first round's scores).
 * A dimension scored at its focus points is answered per focus point (`leafCells`,
 * `clearedLeaves`), merged into `doc.leafScores` the same way (`mergeLeaves`).
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
/** A focus point of a cell (a dimension scored at its focus points). */
export interface BallotLeafRef extends BallotCellRef {
  leafId: string;
}
export interface BallotLeaf extends BallotLeafRef {
  value: number;
  /** Absent: the focus point's rationale stays as it is. */
  rationale?: string;
}

export function mergeBallot(
  doc: WorkshopDoc,
  participantId: string,
  round: { criteria: string[]; candidates: string[] },
  ballot: { cells: BallotCell[]; cleared?: BallotCellRef[]; leafCells?: BallotLeaf[]; clearedLeaves?: BallotLeafRef[]; ahp?: BallotPair[] },
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
  let next = answers.size === 0 ? doc : mergeCells(doc, participantId, answers);
  next = mergeLeaves(next, participantId, inRound, ballot.leafCells ?? [], ballot.clearedLeaves ?? []);
  if (ballot.ahp && ballot.ahp.length > 0) next = mergeJudgments(next, participantId, ballot.ahp);
  return next;
}

function mergeCells(doc: WorkshopDoc, participantId: string, answers: Map<string, { value: number | null | undefined; rationale: string }>): WorkshopDoc {
  const scores = mergeAnswers(
    doc.scores,
    participantId,
    answers,
    (s) => `${s.candidateId}|${s.criterionId}`,
    (s, a) => {
      const value = a.value === undefined ? s.value : a.value;
      const rationale = a.rationale;
      if (value === s.value && rationale === s.rationale) return s;
      return value !== null || rationale !== '' ? { ...s, value, rationale } : null;
    },
    (k, a) => {
      const value = a.value ?? null;
      const rationale = a.rationale;
      if (value === null && rationale === '') return null;
      const [candidateId, criterionId] = k.split('|');
      return { participantId, candidateId, criterionId, value, rationale };
    },
  );
  return scores ? { ...doc, scores } : doc;
}

/**
 * The one merge of a participant's answers into their records (scores, or focus-point scores),
 * by key: a record of theirs that is answered becomes `update(record, answer)` (the same record
 * when nothing changes, null when the answer empties it: it is dropped); every other record
 * stays as it is, in its place; an answer with no record of theirs adds `create(key, answer)`
 * at the end (unless null: an empty answer). Null when nothing changed.
 */
function mergeAnswers<R extends { participantId: string }, A>(
  records: readonly R[],
  participantId: string,
  answers: ReadonlyMap<string, A>,
  key: (r: R) => string,
  update: (r: R, a: A) => R | null,
  create: (k: string, a: A) => R | null,
): R[] | null {
  let changed = false;
  const seen = new Set<string>();
  const out: R[] = [];
  for (const s of records) {
    const k = key(s);
    if (s.participantId !== participantId || !answers.has(k)) {
      out.push(s);
      continue;
    }
    seen.add(k);
    const next = update(s, answers.get(k)!);
    if (next !== s) changed = true;
    if (next) out.push(next);
  }
  for (const [k, a] of answers) {
    if (seen.has(k)) continue;
    const added = create(k, a);
    if (!added) continue;
    out.push(added);
    changed = true;
  }
  return changed ? out : null;
}

/**
 * A ballot's focus-point answers merge into the participant's leaf scores as cells merge into
 * scores: an answer on the scale takes its place, a focus point listed in `cleared` loses its
 * score (not its rationale), every other one keeps what it had. A focus point's rationale is the
 * ballot's when it gives one (a device sends it only when its field was shown filled or was typed in). Only focus points of dimensions the document scores
 * at their focus points (and cells of the round) are taken.
 */
function mergeLeaves(
  doc: WorkshopDoc,
  participantId: string,
  inRound: (c: BallotCellRef) => boolean,
  leafCells: readonly BallotLeaf[],
  cleared: readonly BallotLeafRef[],
): WorkshopDoc {
  if (leafCells.length === 0 && cleared.length === 0) return doc;
  const key = (c: BallotLeafRef) => `${c.candidateId}|${c.criterionId}|${c.leafId}`;
  const isLeaf = (c: BallotLeafRef) => {
    const node = hierarchyNode(doc, c.criterionId);
    return inRound(c) && scoredAtLeaves(node) && node!.leaves.some((l) => l.id === c.leafId);
  };
  const answers = new Map<string, { value: number | null; rationale?: string }>();
  for (const c of cleared) if (isLeaf(c)) answers.set(key(c), { value: null });
  for (const c of leafCells)
    if (isLeaf(c) && Number.isFinite(c.value) && c.value >= doc.scale.min && c.value <= doc.scale.max)
      answers.set(key(c), { value: c.value, ...(c.rationale === undefined ? {} : { rationale: c.rationale.slice(0, 10_000) }) });
  if (answers.size === 0) return doc;
  const leafScores = mergeAnswers(
    doc.leafScores,
    participantId,
    answers,
    key,
    // A rationale the ballot does not give stays (a cleared score keeps it too).
    (s, a) => {
      const rationale = a.rationale ?? s.rationale;
      if (a.value === s.value && rationale === s.rationale) return s;
      return a.value !== null || rationale !== '' ? { ...s, value: a.value, rationale } : null;
    },
    (k, a) => {
      if (a.value === null) return null;
      const [candidateId, criterionId, leafId] = k.split('|');
      return { participantId, candidateId, criterionId, leafId, value: a.value, rationale: a.rationale ?? '' };
    },
  );
  return leafScores ? { ...doc, leafScores } : doc;
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
