import { createSampleWorkshop } from '../../shared/model/create';
import { mergeBallot, type BallotCell, type BallotCellRef } from '../../shared/model/edits/ballot';
import type { WorkshopDoc } from '../../shared/model/schema';
import { allCells, openRoundRecord, recordBallot } from '../../shared/model/round-history';
import { percentile, timeRuns } from './types';

/**
 * A second room-vote round merged into the workshop: the sample workshop with 30 participants
 * who all scored every cell in round 1; in round 2 each participant's ballot answers a third of
 * the cells (a changed score, some with a rationale), every fifth participant also clears one
 * cell on purpose, and the 30 ballots are merged one after the other with `mergeBallot` and their
 * changes recorded in round 2's history (`recordBallot`), as the room does when they arrive.
 * Browser-free (plain Node).
 */
export const REVOTE_PARTICIPANTS = 30;
const ROUND_ID = 'bench-round-2';
const RUNS = 21;
const WARMUP = 5;

interface Revote {
  doc: WorkshopDoc;
  round: { criteria: string[]; candidates: string[] };
  ballots: { participantId: string; ballot: { cells: BallotCell[]; cleared?: BallotCellRef[] } }[];
  /** Cells whose score round 2 changes or clears (what a correct merge must change, and only those). */
  changed: number;
}

/** Round 1's workshop and round 2's ballots. */
export function revoteFixture(): Revote {
  const sample = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'bench-revote');
  const extra = Array.from({ length: REVOTE_PARTICIPANTS - sample.participants.length }, (_, i) => ({
    id: `p-${String(i + 1).padStart(2, '0')}`,
    name: `Participant ${i + 1}`,
    role: 'other' as const,
    influence: 1,
  }));
  const participants = [...sample.participants, ...extra];
  const cells = sample.candidates.flatMap((cand) => sample.criteria.map((crit) => ({ candidateId: cand.id, criterionId: crit.id })));
  const round1 = (p: number, c: number) => (p * 7 + c * 3) % 11;
  const doc: WorkshopDoc = openRoundRecord(
    {
      ...sample,
      participants,
      scores: participants.flatMap((p, pi) => cells.map((cell, ci) => ({ participantId: p.id, ...cell, value: round1(pi, ci), rationale: '' }))),
      rounds: [],
    },
    {
      roundId: ROUND_ID,
      kind: 'scores',
      openedAt: '2026-01-01T01:00:00.000Z',
      participants: participants.map((p) => p.id),
      cells: allCells(sample),
      revote: { fromPrevious: true, showPrevious: true, onlyCells: false },
    },
  );
  let changed = 0;
  const ballots = participants.map((p, pi) => {
    const answered: BallotCell[] = [];
    cells.forEach((cell, ci) => {
      if ((ci + pi) % 3 !== 0) return;
      const value = (round1(pi, ci) + 1 + (ci % 2)) % 11;
      answered.push({ ...cell, value, rationale: ci % 4 === 0 ? `Round 2: moved to ${value} after the discussion.` : '' });
      changed++;
    });
    // Every fifth participant clears, on purpose, one cell the ballot does not otherwise answer.
    const cleared = pi % 5 === 0 ? [cells[(((1 - pi) % 3) + 3) % 3]] : [];
    changed += cleared.length;
    return { participantId: p.id, ballot: { cells: answered, cleared } };
  });
  return { doc, round: { criteria: doc.criteria.map((c) => c.id), candidates: doc.candidates.map((c) => c.id) }, ballots, changed };
}

export const mergeRevote = (f: Revote): WorkshopDoc =>
  f.ballots.reduce((d, b) => recordBallot(d, mergeBallot(d, b.participantId, f.round, b.ballot), ROUND_ID, b.participantId), f.doc);

/** Median milliseconds to merge the 30 ballots, after checking the merge changed exactly the answered cells. */
export async function revoteMergeMs(log: (line: string) => void): Promise<number> {
  const f = revoteFixture();
  const merged = mergeRevote(f);
  const before = new Map(f.doc.scores.map((s) => [`${s.participantId}|${s.candidateId}|${s.criterionId}`, s.value]));
  const after = new Map(merged.scores.map((s) => [`${s.participantId}|${s.candidateId}|${s.criterionId}`, s.value]));
  const differ = [...before].filter(([k, v]) => after.get(k) !== v).length;
  if (differ !== f.changed) throw new Error(`the re-vote merge changed ${differ} cells, expected ${f.changed}`);
  const recorded = merged.rounds[0].changes.filter((c) => c.from !== c.to).length;
  if (recorded !== f.changed) throw new Error(`the round history recorded ${recorded} changed cells, expected ${f.changed}`);
  const times = await timeRuns(() => mergeRevote(f), RUNS, WARMUP);
  const cells = f.ballots.reduce((n, b) => n + b.ballot.cells.length, 0);
  log(
    `re-vote merge: ${f.ballots.length} ballots (${cells} cells answered, ${f.changed} changed or cleared) into ${f.doc.scores.length} scores; ${RUNS} runs: median ${percentile(times, 50).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms`,
  );
  return percentile(times, 50);
}
