import { ContractError } from '../../shared/contract/errors';
import type { Ballot, PacedQuestion, PacedView, RoundSpec, RoundStatus } from '../../shared/contract/session';
import { weightedMedian } from '../../shared/scoring/aggregate';
import { aggregateJudgments } from '../engine/ahp';
import { pairOrder } from './pairs';

/**
 * A facilitator-paced round: one question to the whole room at a time. The questions follow
 * from the round spec: its cells (the re-voted ones, else every cell, criterion by criterion),
 * then its pairs in the order that links all criteria first (pairs.ts). An answer joins the
 * participant's earlier answers of the round, so it is stored, acknowledged and merged into the
 * workshop exactly like a submitted ballot (a question not answered keeps its earlier value).
 */

/** What the paced logic reads of a round (RoundState has it; kept apart so round.ts can use this file). */
export interface PacedRound {
  spec: RoundSpec;
  pace: { index: number; revealed: boolean } | null;
  submitted: ReadonlyMap<string, { ballot: Ballot }>;
}

export function pacedQuestions(spec: RoundSpec): PacedQuestion[] {
  const cells: PacedQuestion[] = spec.cells
    ? spec.cells.map((c) => ({ kind: 'cell', candidateId: c.candidateId, criterionId: c.criterionId }))
    : spec.criteria.flatMap((k) => spec.candidates.map((c): PacedQuestion => ({ kind: 'cell', candidateId: c.id, criterionId: k.id })));
  const pairs: PacedQuestion[] = spec.ahp
    ? pairOrder(
        spec.criteria.map((k) => k.id),
        0,
        1,
      ).map(([a, b]) => ({ kind: 'pair', a, b }))
    : [];
  return [...cells, ...pairs];
}

const samePair = (j: { a: string; b: string }, q: { a: string; b: string }) => (j.a === q.a && j.b === q.b) || (j.a === q.b && j.b === q.a);

/** The participant's answer to a question in a ballot (a pair judged the other way round is inverted), or null. */
export function answerIn(ballot: Ballot | undefined, q: PacedQuestion): { value: number; rationale: string } | null {
  if (!ballot) return null;
  if (q.kind === 'cell') {
    const c = ballot.cells.find((x) => x.candidateId === q.candidateId && x.criterionId === q.criterionId);
    return c && c.value !== null ? { value: c.value, rationale: c.rationale } : null;
  }
  const j = ballot.ahp.find((x) => samePair(x, q));
  return j ? { value: j.a === q.a ? j.value : 1 / j.value, rationale: '' } : null;
}

/** The ballot with the answer to `q` in place of any earlier one; every other answer stays. */
export function withAnswer(ballot: Ballot | undefined, q: PacedQuestion, value: number, rationale: string): Ballot {
  const base: Ballot = ballot ?? { cells: [], cleared: [], leafCells: [], clearedLeaves: [], ahp: [] };
  if (q.kind === 'cell') {
    const same = (c: { candidateId: string; criterionId: string }) => c.candidateId === q.candidateId && c.criterionId === q.criterionId;
    return {
      cells: [...base.cells.filter((c) => !same(c)), { candidateId: q.candidateId, criterionId: q.criterionId, value, rationale }],
      cleared: base.cleared.filter((c) => !same(c)),
      leafCells: base.leafCells,
      clearedLeaves: base.clearedLeaves,
      ahp: base.ahp,
    };
  }
  return { ...base, ahp: [...base.ahp.filter((j) => !samePair(j, q)), { a: q.a, b: q.b, value }] };
}

/** Checks an answer against the round and its current question; answers the question asked. */
export function checkAnswer(round: PacedRound, index: number, value: number): PacedQuestion {
  const questions = pacedQuestions(round.spec);
  if (!round.spec.paced || !round.pace) throw new ContractError('invalid_request', 'This round is not facilitator-paced.');
  if (index !== round.pace.index)
    throw new ContractError('invalid_request', 'That question is no longer on the screen; answer the current one.', [
      { path: 'index', message: 'not the current question' },
    ]);
  if (round.pace.revealed) throw new ContractError('forbidden', 'This question’s answers are revealed; wait for the next question.');
  const q = questions[index];
  const { min, max } = q.kind === 'cell' ? round.spec.scale : { min: 1 / 9 - 1e-9, max: 9 };
  if (value < min || value > max)
    throw new ContractError('invalid_request', `Invalid answer: value must be within ${q.kind === 'cell' ? `the scale ${min}..${max}` : '1/9..9'}.`, [
      { path: 'value', message: 'off the scale' },
    ]);
  return q;
}

/** What a device is shown of a paced round (its own answer only). */
export function pacedView(round: PacedRound, pid: string): PacedView | undefined {
  if (!round.spec.paced || !round.pace) return undefined;
  const questions = pacedQuestions(round.spec);
  const q = questions[round.pace.index];
  return {
    index: round.pace.index,
    total: questions.length,
    revealed: round.pace.revealed,
    question: q,
    answer: answerIn(round.submitted.get(pid)?.ballot, q),
  };
}

/**
 * The board of a paced round: how many of the invited answered the current question and, once
 * revealed, the answers (sorted) and the group's value: for a pair the geometric mean (the AIJ
 * aggregation of the room's judgments), for a cell the median.
 */
export function pacedTally(round: PacedRound): RoundStatus['paced'] {
  if (!round.spec.paced || !round.pace) return undefined;
  const questions = pacedQuestions(round.spec);
  const q = questions[round.pace.index];
  const values = round.spec.participants
    .map((p) => answerIn(round.submitted.get(p.id)?.ballot, q)?.value)
    .filter((v): v is number => v !== undefined)
    .sort((a, b) => a - b);
  const base = { index: round.pace.index, total: questions.length, revealed: round.pace.revealed, question: q, answered: values.length };
  if (!round.pace.revealed) return base;
  return { ...base, values, group: groupValue(q, values) };
}

function groupValue(q: PacedQuestion, values: number[]): number | null {
  if (values.length === 0) return null;
  if (q.kind === 'pair') {
    const matrices = values.map((v) => [
      [1, v],
      [1 / v, 1],
    ]);
    return aggregateJudgments(matrices)[0][1];
  }
  return weightedMedian(Float64Array.from(values), new Float64Array(values.length).fill(1), values.length);
}
