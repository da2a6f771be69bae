import { pacedView } from './paced';
import { pairOrder } from './pairs';
import { ContractError, invalidRequest } from '../../shared/contract/errors';
import {
  ParticipantRequestSchemas,
  type Ballot,
  type BallotResponse,
  type JoinResponse,
  type ParticipantMethod,
  type ParticipantStatusResponse,
  type SubmitResponse,
} from '../../shared/contract/session';
import type { RoundState } from './round';
import { tokenKey } from './tokens';

/**
 * The participant contract's rules, apart from HTTP: who a token belongs to, and whether a
 * ballot fits the round. The manager journals what these accept; nothing is stored otherwise.
 */

export function parseParticipantRequest<M extends ParticipantMethod>(method: M, payload: unknown) {
  const parsed = ParticipantRequestSchemas[method].safeParse(payload);
  if (!parsed.success) throw invalidRequest(parsed.error);
  return parsed.data as ReturnType<(typeof ParticipantRequestSchemas)[M]['parse']>;
}

/** The participant a bearer token stands for, or an `unauthorized` error (forged, revoked or another round's token). */
export function participantOf(round: RoundState, token: string | undefined): string {
  if (!token || !/^[A-Za-z0-9_-]{22,64}$/.test(token))
    throw new ContractError('unauthorized', 'Missing or invalid participant token. Open your personal link or join with the code again.');
  const pid = round.tokens.get(tokenKey(token));
  if (!pid)
    throw new ContractError('unauthorized', 'This participant token is not valid for the open round. Open your personal link or join with the code again.');
  return pid;
}

/** Checks a ballot against the round: known ids, values on the scale, each cell and pair once. */
export function checkBallot(round: RoundState, ballot: Ballot): void {
  const { spec } = round;
  const crit = new Set(spec.criteria.map((c) => c.id));
  const cand = new Set(spec.candidates.map((c) => c.id));
  const issues: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  const asked = spec.cells ? new Set(spec.cells.map((c) => `${c.candidateId}|${c.criterionId}`)) : null;
  const leavesOf = new Map(spec.criteria.filter((c) => c.leaves).map((c) => [c.id, new Set(c.leaves!.map((l) => l.id))]));
  ballot.cells.forEach((c, i) => {
    if (leavesOf.has(c.criterionId))
      issues.push({ path: `ballot.cells[${i}]`, message: `criterion "${c.criterionId}" is scored at its focus points: answer them in leafCells` });
    if (asked && !asked.has(`${c.candidateId}|${c.criterionId}`)) issues.push({ path: `ballot.cells[${i}]`, message: 'this round does not ask that cell' });
    if (!cand.has(c.candidateId)) issues.push({ path: `ballot.cells[${i}].candidateId`, message: `unknown candidate "${c.candidateId}"` });
    if (!crit.has(c.criterionId)) issues.push({ path: `ballot.cells[${i}].criterionId`, message: `unknown criterion "${c.criterionId}"` });
    const key = `${c.candidateId}|${c.criterionId}`;
    if (seen.has(key)) issues.push({ path: `ballot.cells[${i}]`, message: 'the same cell twice' });
    seen.add(key);
    if (c.value !== null && (c.value < spec.scale.min || c.value > spec.scale.max))
      issues.push({ path: `ballot.cells[${i}].value`, message: `must be within the scale ${spec.scale.min}..${spec.scale.max}` });
  });
  const cleared = new Set<string>();
  ballot.cleared.forEach((c, i) => {
    if (!cand.has(c.candidateId) || !crit.has(c.criterionId)) issues.push({ path: `ballot.cleared[${i}]`, message: 'must be a cell of the round' });
    const key = `${c.candidateId}|${c.criterionId}`;
    if (cleared.has(key)) issues.push({ path: `ballot.cleared[${i}]`, message: 'the same cell twice' });
    cleared.add(key);
  });
  // Focus points: a leaf of a round criterion scored at its focus points, a round candidate, a cell the round asks, on the scale; each once.
  const checkLeaf = (c: { candidateId: string; criterionId: string; leafId: string }, path: string, seenLeaves: Set<string>) => {
    const leaves = leavesOf.get(c.criterionId);
    if (!leaves) issues.push({ path: `${path}.criterionId`, message: `criterion "${c.criterionId}" is not scored at its focus points in this round` });
    else if (!leaves.has(c.leafId)) issues.push({ path: `${path}.leafId`, message: `unknown focus point "${c.leafId}" of criterion "${c.criterionId}"` });
    if (!cand.has(c.candidateId)) issues.push({ path: `${path}.candidateId`, message: `unknown candidate "${c.candidateId}"` });
    else if (leaves && asked && !asked.has(`${c.candidateId}|${c.criterionId}`)) issues.push({ path, message: 'this round does not ask that cell' });
    const key = `${c.candidateId}|${c.criterionId}|${c.leafId}`;
    if (seenLeaves.has(key)) issues.push({ path, message: 'the same focus point twice' });
    seenLeaves.add(key);
  };
  const seenLeaves = new Set<string>();
  ballot.leafCells.forEach((c, i) => {
    checkLeaf(c, `ballot.leafCells[${i}]`, seenLeaves);
    if (c.value < spec.scale.min || c.value > spec.scale.max)
      issues.push({ path: `ballot.leafCells[${i}].value`, message: `must be within the scale ${spec.scale.min}..${spec.scale.max}` });
  });
  const clearedLeaves = new Set<string>();
  ballot.clearedLeaves.forEach((c, i) => checkLeaf(c, `ballot.clearedLeaves[${i}]`, clearedLeaves));
  if (!spec.ahp && ballot.ahp.length > 0) issues.push({ path: 'ballot.ahp', message: 'this round asks no pairwise judgments' });
  const pairs = new Set<string>();
  ballot.ahp.forEach((j, i) => {
    if (!crit.has(j.a) || !crit.has(j.b) || j.a === j.b) issues.push({ path: `ballot.ahp[${i}]`, message: 'must compare two different criteria of the round' });
    const key = [j.a, j.b].sort().join('|');
    if (pairs.has(key)) issues.push({ path: `ballot.ahp[${i}]`, message: 'the same pair twice' });
    pairs.add(key);
  });
  if (issues.length)
    throw new ContractError(
      'invalid_request',
      `Invalid ballot: ${issues[0].path}: ${issues[0].message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`,
      issues.slice(0, 20),
    );
}

export function ballotResponse(round: RoundState, pid: string): BallotResponse {
  const { spec } = round;
  const p = spec.participants.find((x) => x.id === pid)!;
  const sub = round.submitted.get(pid);
  return {
    roundId: round.roundId,
    title: spec.title,
    lang: spec.lang,
    scale: spec.scale,
    criteria: spec.criteria,
    candidates: spec.candidates,
    ahp: spec.ahp,
    pairs: spec.ahp
      ? pairOrder(
          spec.criteria.map((c) => c.id),
          spec.participants.indexOf(p),
          spec.participants.length,
        )
      : undefined,
    participant: { id: p.id, name: p.name },
    ...(spec.cells ? { cells: spec.cells } : {}),
    ...(spec.previous ? { previous: spec.previous } : {}),
    ...(spec.start
      ? (() => {
          const own = spec.start.find((s) => s.participantId === pid);
          return { start: own?.cells ?? [], ...(own?.leafCells.length ? { startLeaves: own.leafCells } : {}) };
        })()
      : {}),
    open: round.open,
    draft: round.drafts.get(pid) ?? null,
    submitted: sub?.ballot ?? null,
    rev: sub?.rev ?? 0,
    ...(round.pace ? { paced: pacedView(round, pid) } : {}),
  };
}

export type { JoinResponse, ParticipantStatusResponse, SubmitResponse };
