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
  const key = (c: BallotCellRef) => `${c.candidateId}|${c.criterionId}`;
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
  return changed ? { ...doc, scores } : doc;
}

/**
 * A ballot's focus-point answers merge into the participant's leaf scores as cells merge into
 * scores: an answer on the scale takes its place, a focus point listed in `cleared` loses its
 * score, every other one keeps what it had. Only focus points of dimensions the document scores
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
  const answers = new Map<string, number | null>();
  for (const c of cleared) if (isLeaf(c)) answers.set(key(c), null);
  for (const c of leafCells) if (isLeaf(c) && Number.isFinite(c.value) && c.value >= doc.scale.min && c.value <= doc.scale.max) answers.set(key(c), c.value);
  if (answers.size === 0) return doc;
  let changed = false;
  const seen = new Set<string>();
  const leafScores: WorkshopDoc['leafScores'] = [];
  for (const s of doc.leafScores) {
    const k = key(s);
    const a = s.participantId === participantId ? answers.get(k) : undefined;
    if (a === undefined) {
      leafScores.push(s);
      continue;
    }
    seen.add(k);
    if (a === s.value) leafScores.push(s);
    else {
      changed = true;
      if (a !== null) leafScores.push({ ...s, value: a });
    }
  }
  for (const [k, value] of answers) {
    if (seen.has(k) || value === null) continue;
    const [candidateId, criterionId, leafId] = k.split('|');
    leafScores.push({ participantId, candidateId, criterionId, leafId, value });
    changed = true;
  }
  return changed ? { ...doc, leafScores } : doc;
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
