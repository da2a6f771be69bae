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
 * A cell of a dimension scored at its focus points asks that candidate's focus points together:
 * its answer is a score per focus point (the ballot's `leafCells` of that cell).
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

type CellQuestion = Extract<PacedQuestion, { kind: 'cell' }>;
type LeafAnswer = Ballot['leafCells'][number];

/** The focus points a question asks: those of a cell of a dimension scored at its focus points; undefined for any other question. */
export function leavesAsked(spec: RoundSpec, q: PacedQuestion): { id: string }[] | undefined {
  return q.kind === 'cell' ? spec.criteria.find((k) => k.id === q.criterionId)?.leaves : undefined;
}

/** The participant's focus-point answers to a cell question in a ballot (none for a cell scored at the dimension). */
export function leafAnswersIn(ballot: Ballot | undefined, q: PacedQuestion): LeafAnswer[] {
  if (!ballot || q.kind !== 'cell') return [];
  return ballot.leafCells.filter((c) => c.candidateId === q.candidateId && c.criterionId === q.criterionId);
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

/**
 * The ballot with the answer to a cell scored at its focus points in place of any earlier one:
 * that cell's focus-point scores (and any it had emptied) are replaced; every other answer stays.
 */
export function withLeafAnswer(ballot: Ballot | undefined, q: CellQuestion, leafCells: readonly LeafAnswer[]): Ballot {
  const base: Ballot = ballot ?? { cells: [], cleared: [], leafCells: [], clearedLeaves: [], ahp: [] };
  const same = (c: { candidateId: string; criterionId: string }) => c.candidateId === q.candidateId && c.criterionId === q.criterionId;
  return {
    ...base,
    leafCells: [
      ...base.leafCells.filter((c) => !same(c)),
      ...leafCells.map((c) => ({
        candidateId: c.candidateId,
        criterionId: c.criterionId,
        leafId: c.leafId,
        value: c.value,
        ...(c.rationale === undefined ? {} : { rationale: c.rationale }),
      })),
    ],
    clearedLeaves: base.clearedLeaves.filter((c) => !same(c)),
  };
}

/** An answer as a device sends it: `value` (a cell, a pair), or `leafCells` (a cell scored at its focus points). */
export interface PacedAnswer {
  index: number;
  value?: number;
  rationale?: string;
  leafCells?: readonly LeafAnswer[];
}

/** Checks an answer against the round and its current question; answers the question asked. */
export function checkAnswer(round: PacedRound, answer: PacedAnswer): PacedQuestion {
  const { index } = answer;
  const questions = pacedQuestions(round.spec);
  if (!round.spec.paced || !round.pace) throw new ContractError('invalid_request', 'This round is not facilitator-paced.');
  if (index !== round.pace.index)
    throw new ContractError('invalid_request', 'That question is no longer on the screen; answer the current one.', [
      { path: 'index', message: 'not the current question' },
    ]);
  if (round.pace.revealed) throw new ContractError('forbidden', 'This question’s answers are revealed; wait for the next question.');
  const q = questions[index];
  const leaves = leavesAsked(round.spec, q);
  if (leaves && q.kind === 'cell') {
    checkLeafAnswer(round.spec, q, leaves, answer);
    return q;
  }
  if (answer.leafCells !== undefined)
    throw new ContractError('invalid_request', 'Invalid answer: leafCells: this question asks one value, not focus points.', [
      { path: 'leafCells', message: 'this question asks one value, not focus points' },
    ]);
  const value = answer.value;
  if (value === undefined) throw new ContractError('invalid_request', 'Invalid answer: value is missing.', [{ path: 'value', message: 'missing' }]);
  const { min, max } = q.kind === 'cell' ? round.spec.scale : { min: 1 / 9 - 1e-9, max: 9 };
  if (value < min || value > max)
    throw new ContractError('invalid_request', `Invalid answer: value must be within ${q.kind === 'cell' ? `the scale ${min}..${max}` : '1/9..9'}.`, [
      { path: 'value', message: 'off the scale' },
    ]);
  return q;
}

/**
 * An answer to a cell of a dimension scored at its focus points: a score on the scale for every
 * focus point of that cell, each once, nothing of another candidate, criterion or focus point,
 * and no rationale of the question (each focus point's comes with its score). Each fault is named
 * with its path.
 */
function checkLeafAnswer(spec: RoundSpec, q: CellQuestion, leaves: readonly { id: string }[], answer: PacedAnswer): void {
  const issues: { path: string; message: string }[] = [];
  if (answer.value !== undefined)
    issues.push({ path: 'value', message: `criterion "${q.criterionId}" is scored at its focus points: answer them in leafCells` });
  if (answer.rationale) issues.push({ path: 'rationale', message: 'a question scored at its focus points takes no rationale' });
  const known = new Set(leaves.map((l) => l.id));
  const seen = new Set<string>();
  (answer.leafCells ?? []).forEach((c, i) => {
    const path = `leafCells[${i}]`;
    if (c.candidateId !== q.candidateId)
      issues.push({ path: `${path}.candidateId`, message: `candidate "${c.candidateId}" is not the one asked ("${q.candidateId}")` });
    if (c.criterionId !== q.criterionId)
      issues.push({ path: `${path}.criterionId`, message: `criterion "${c.criterionId}" is not the one asked ("${q.criterionId}")` });
    else if (!known.has(c.leafId)) issues.push({ path: `${path}.leafId`, message: `unknown focus point "${c.leafId}" of criterion "${q.criterionId}"` });
    if (c.value < spec.scale.min || c.value > spec.scale.max)
      issues.push({ path: `${path}.value`, message: `must be within the scale ${spec.scale.min}..${spec.scale.max}` });
    if (seen.has(c.leafId)) issues.push({ path, message: 'the same focus point twice' });
    seen.add(c.leafId);
  });
  const asked = (answer.leafCells ?? []).filter((c) => c.candidateId === q.candidateId && c.criterionId === q.criterionId);
  for (const l of leaves)
    if (!asked.some((c) => c.leafId === l.id)) issues.push({ path: 'leafCells', message: `focus point "${l.id}" is not answered (answer every focus point)` });
  if (issues.length)
    throw new ContractError(
      'invalid_request',
      `Invalid answer: ${issues[0].path}: ${issues[0].message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`,
      issues.slice(0, 20),
    );
}

/** What a device is shown of a paced round (its own answer only). */
export function pacedView(round: PacedRound, pid: string): PacedView | undefined {
  if (!round.spec.paced || !round.pace) return undefined;
  const questions = pacedQuestions(round.spec);
  const q = questions[round.pace.index];
  const ballot = round.submitted.get(pid)?.ballot;
  return {
    index: round.pace.index,
    total: questions.length,
    revealed: round.pace.revealed,
    question: q,
    answer: answerIn(ballot, q),
    ...(leavesAsked(round.spec, q)
      ? {
          leaves: leafAnswersIn(ballot, q).map((c) => ({
            leafId: c.leafId,
            value: c.value,
            ...(c.rationale === undefined ? {} : { rationale: c.rationale }),
          })),
        }
      : {}),
  };
}

/**
 * The board of a paced round: how many of the invited answered the current question and, once
 * revealed, the answers (sorted) and the group's value: for a pair the geometric mean (the AIJ
 * aggregation of the room's judgments), for a cell the median. A cell scored at its focus points
 * counts who answered its focus points, and once revealed gives each focus point's answers and
 * median, and each answer's row of focus point scores (sorted rows: no order of people).
 */
export function pacedTally(round: PacedRound): RoundStatus['paced'] {
  if (!round.spec.paced || !round.pace) return undefined;
  const questions = pacedQuestions(round.spec);
  const q = questions[round.pace.index];
  const leaves = leavesAsked(round.spec, q);
  if (leaves) {
    const answers = round.spec.participants.map((p) => leafAnswersIn(round.submitted.get(p.id)?.ballot, q)).filter((a) => a.length > 0);
    const base = {
      index: round.pace.index,
      total: questions.length,
      revealed: round.pace.revealed,
      question: q,
      answered: answers.length,
      leafIds: leaves.map((l) => l.id),
    };
    if (!round.pace.revealed) return base;
    // Each answer's row (every focus point is answered: checkLeafAnswer), rows in value order.
    const leafRows = answers
      .map((a) => leaves.map((l) => a.find((c) => c.leafId === l.id)?.value))
      .filter((row): row is number[] => row.every((v) => v !== undefined))
      .sort((x, y) => x.reduce((d, v, j) => d || v - y[j], 0));
    return {
      ...base,
      leaves: leaves.map((l) => {
        const values = answers.flatMap((a) => a.filter((c) => c.leafId === l.id).map((c) => c.value)).sort((a, b) => a - b);
        return { leafId: l.id, values, group: groupValue(q, values) };
      }),
      leafRows,
    };
  }
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
