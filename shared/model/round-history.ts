import { aggregateScores, consensusOf } from '../scoring/aggregate';
import { scoresInForce } from './analysis';
import { hierarchyNode, scoredAtLeaves, type HierarchyJudged } from './hierarchy';
import type { CellRef, RoundCellStat, RoundChange, RoundLeafChange, RoundRecord, WorkshopDoc } from './schema';

/**
 * The room-vote rounds as history (`doc.rounds`): a record is opened with the round (the cells
 * it asks and the group's view of them before), every merged ballot adds its changes (who
 * changed which cell from what to what, with the rationale), and closing the round fixes the
 * group's view after it and the round's disagreement. The per-cell measure is the one the room
 * shows everywhere (shared/scoring: median of the participants' scores, weighted by influence,
 * and their weighted population standard deviation); a round's disagreement is that spread as
 * a share of the largest possible, averaged over the asked cells (one minus `consensusOf`
 * with equal weights). All functions are pure and return a new document, or the same one when
 * nothing changes. Scores are those in force (analysis.ts `scoresInForce`): a dimension scored at
 * its focus points counts with its derived values (`judged`: the engine's answers for pairwise ones).
 */

const cellKey = (c: CellRef) => `${c.candidateId}|${c.criterionId}`;

/** Every cell of the score matrix. */
export const allCells = (doc: WorkshopDoc): CellRef[] => doc.candidates.flatMap((c) => doc.criteria.map((k) => ({ candidateId: c.id, criterionId: k.id })));

/**
 * The group's median and spread of each of `cells`, from the scores of `participants` (influence
 * weighted, as the room aggregates). A cell nobody scored is left out.
 */
export function cellStats(doc: WorkshopDoc, participants: readonly string[], cells: readonly CellRef[], judged: HierarchyJudged = {}): RoundCellStat[] {
  const people = doc.participants.filter((p) => participants.includes(p.id));
  if (people.length === 0 || cells.length === 0) return [];
  const index = new Map(people.map((p, i) => [p.id, i]));
  // One column per cell: a participant × 1 × cells cube.
  const column = new Map(cells.map((c, i) => [cellKey(c), i]));
  const cube = people.map(() => [cells.map((): number | null => null)]);
  for (const s of scoresInForce(doc, judged)) {
    const p = index.get(s.participantId);
    const k = column.get(cellKey(s));
    if (p !== undefined && k !== undefined && s.value !== null) cube[p][0][k] = s.value;
  }
  const { aggregated, disagreement } = aggregateScores(
    cube,
    1,
    cells.length,
    'median',
    people.map((p) => p.influence),
  );
  const stats: RoundCellStat[] = [];
  cells.forEach((c, k) => {
    const median = aggregated[0][k];
    const spread = disagreement[0][k];
    if (median === null || spread === null) return;
    const n = cube.filter((row, p) => row[0][k] !== null && people[p].influence > 0).length;
    stats.push({ candidateId: c.candidateId, criterionId: c.criterionId, median, spread, n });
  });
  return stats;
}

/** The disagreement of a set of cells, 0 (everyone agrees) … 1; null when no cell was scored. */
export function disagreementOf(stats: readonly RoundCellStat[], scale: { min: number; max: number }): number | null {
  if (stats.length === 0) return null;
  return 1 - consensusOf([stats.map((s) => s.spread)], new Float64Array(stats.length).fill(1), scale.min, scale.max);
}

export interface RoundOpening {
  roundId: string;
  kind: RoundRecord['kind'];
  openedAt: string;
  participants: string[];
  /** The cells asked (all cells of the matrix for a full round; none for a pairwise-only round). */
  cells: CellRef[];
  revote: RoundRecord['revote'];
}

/** Opens a round's record (numbered after the last one) with the group's view of its cells before it. */
export function openRoundRecord(doc: WorkshopDoc, o: RoundOpening, judged: HierarchyJudged = {}): WorkshopDoc {
  if (doc.rounds.some((r) => r.roundId === o.roundId)) return doc;
  const no = (doc.rounds.at(-1)?.no ?? 0) + 1;
  const record: RoundRecord = {
    no,
    ...o,
    closedAt: null,
    changes: [],
    before: cellStats(
      doc,
      doc.participants.map((p) => p.id),
      o.cells,
      judged,
    ),
    after: [],
    disagreement: null,
  };
  return { ...doc, rounds: [...doc.rounds, record] };
}

/**
 * The changes one merged ballot made (`before` → `after`) to `participantId`'s cells of the
 * round, added to its record. A cell changed twice in the round keeps one change, from its value
 * before the round to the latest; a cell brought back to where it started, with no rationale,
 * is no change. A dimension scored at its focus points changes through them: its change is of
 * the derived value, and lists each focus point score that moved (or got a rationale) the same
 * way, from where the round found it to the latest.
 */
export function recordBallot(before: WorkshopDoc, after: WorkshopDoc, roundId: string, participantId: string, judged: HierarchyJudged = {}): WorkshopDoc {
  if (before === after) return after;
  const at = after.rounds.findIndex((r) => r.roundId === roundId);
  if (at < 0) return after;
  const record = after.rounds[at];
  const asked = new Set(record.cells.map(cellKey));
  const mine = (d: WorkshopDoc) =>
    new Map(
      scoresInForce(d, judged)
        .filter((s) => s.participantId === participantId && asked.has(cellKey(s)))
        .map((s) => [cellKey(s), s]),
    );
  const was = mine(before);
  const now = mine(after);
  const changes = [...record.changes];
  let touched = false;
  const leaves = leafScoresOf(before, after, participantId, asked);
  for (const k of new Set([...was.keys(), ...now.keys(), ...leaves.cells])) {
    const [candidateId, criterionId] = k.split('|');
    const i = changes.findIndex((c) => c.participantId === participantId && c.candidateId === candidateId && c.criterionId === criterionId);
    const moved = leafChanges(after, k, leaves, i >= 0 ? changes[i].leaves : []);
    const a = was.get(k);
    const b = now.get(k);
    if (moved === null && (a?.value ?? null) === (b?.value ?? null) && (a?.rationale ?? '') === (b?.rationale ?? '')) continue;
    touched = true;
    const from = i >= 0 ? changes[i].from : (a?.value ?? null);
    const change: RoundChange = {
      participantId,
      candidateId,
      criterionId,
      from,
      to: b?.value ?? null,
      rationale: b?.rationale ?? '',
      leaves: moved ?? (i >= 0 ? changes[i].leaves : []),
    };
    const undone = change.from === change.to && change.rationale === '' && change.leaves.length === 0;
    if (i >= 0) {
      if (undone) changes.splice(i, 1);
      else changes[i] = change;
    } else if (!undone) changes.push(change);
  }
  if (!touched) return after;
  const rounds = [...after.rounds];
  rounds[at] = { ...record, changes };
  return { ...after, rounds };
}

/** One participant's focus point scores before and after a ballot (by cell and focus point), and the asked cells they are in. */
interface LeafScoresOf {
  before: Map<string, WorkshopDoc['leafScores'][number]>;
  after: Map<string, WorkshopDoc['leafScores'][number]>;
  cells: Set<string>;
}

/** `participantId`'s focus point scores of the asked cells, before and after a ballot; none when the ballot left every focus point score as it was. */
function leafScoresOf(before: WorkshopDoc, after: WorkshopDoc, participantId: string, asked: ReadonlySet<string>): LeafScoresOf {
  const out: LeafScoresOf = { before: new Map(), after: new Map(), cells: new Set() };
  if (before.leafScores === after.leafScores) return out;
  for (const [d, into] of [
    [before, out.before],
    [after, out.after],
  ] as const)
    for (const s of d.leafScores) {
      const k = cellKey(s);
      if (s.participantId !== participantId || !asked.has(k)) continue;
      into.set(`${k}|${s.leafId}`, s);
      out.cells.add(k);
    }
  return out;
}

/**
 * The focus point changes of one cell (`cell`: its `cellKey`) after a ballot, merged into those
 * the round recorded (`recorded`: each keeps where the round found it), in the node's focus point
 * order; null when the ballot changed no focus point score or rationale of the cell (or it is not
 * scored at its focus points). A focus point back where it started, with no rationale, drops out.
 */
function leafChanges(after: WorkshopDoc, cell: string, scores: LeafScoresOf, recorded: readonly RoundLeafChange[]): RoundLeafChange[] | null {
  if (!scores.cells.has(cell)) return null;
  const node = hierarchyNode(after, cell.split('|')[1]);
  if (!scoredAtLeaves(node)) return null;
  let changed = false;
  const out: RoundLeafChange[] = [];
  for (const leaf of node.leaves) {
    const a = scores.before.get(`${cell}|${leaf.id}`);
    const b = scores.after.get(`${cell}|${leaf.id}`);
    const kept = recorded.find((l) => l.leafId === leaf.id);
    if ((a?.value ?? null) === (b?.value ?? null) && (a?.rationale ?? '') === (b?.rationale ?? '')) {
      if (kept) out.push(kept);
      continue;
    }
    changed = true;
    const change: RoundLeafChange = { leafId: leaf.id, from: kept ? kept.from : (a?.value ?? null), to: b?.value ?? null, rationale: b?.rationale ?? '' };
    if (change.from !== change.to || change.rationale !== '') out.push(change);
  }
  return changed ? out : null;
}

/** Closes a round's record: the group's view of its cells after it and the round's disagreement (computed again if it closes again after a reopening). */
export function closeRoundRecord(doc: WorkshopDoc, roundId: string, closedAt: string, judged: HierarchyJudged = {}): WorkshopDoc {
  const at = doc.rounds.findIndex((r) => r.roundId === roundId);
  if (at < 0) return doc;
  const record = doc.rounds[at];
  const after = cellStats(
    doc,
    doc.participants.map((p) => p.id),
    record.cells,
    judged,
  );
  const disagreement = disagreementOf(after, doc.scale);
  // Closed again with nothing changed (a close seen twice): the same document, no new undo step.
  if (record.closedAt !== null && disagreement === record.disagreement && JSON.stringify(after) === JSON.stringify(record.after)) return doc;
  const rounds = [...doc.rounds];
  rounds[at] = { ...record, closedAt, after, disagreement };
  return { ...doc, rounds };
}

export type Trend = 'first' | 'converging' | 'diverging' | 'steady' | 'unknown';

/** Whether a round's disagreement fell (converging), rose, or stayed within `tolerance` of the previous closed round's. */
export function roundTrends(rounds: readonly RoundRecord[], tolerance = 0.005): { no: number; disagreement: number | null; trend: Trend }[] {
  let previous: number | null = null;
  let seen = false;
  return rounds.map((r) => {
    const d = r.disagreement;
    let trend: Trend;
    if (d === null) trend = 'unknown';
    else if (!seen) trend = 'first';
    else if (previous === null) trend = 'unknown';
    else if (d < previous - tolerance) trend = 'converging';
    else if (d > previous + tolerance) trend = 'diverging';
    else trend = 'steady';
    if (d !== null) {
      previous = d;
      seen = true;
    }
    return { no: r.no, disagreement: d, trend };
  });
}

export interface CellMovement {
  candidateId: string;
  criterionId: string;
  /** Sum of |to − from| over the round's changes of this cell (scale units). */
  moved: number;
  spreadBefore: number | null;
  spreadAfter: number | null;
  changes: RoundChange[];
}

/** The cells of a round whose scores moved most (most first), with every change and its rationale. */
export function mostChangedCells(record: RoundRecord, limit = 5): CellMovement[] {
  const byCell = new Map<string, CellMovement>();
  const spreadOf = (list: readonly RoundCellStat[], k: string) => list.find((s) => cellKey(s) === k)?.spread ?? null;
  for (const c of record.changes) {
    const k = cellKey(c);
    let m = byCell.get(k);
    if (!m) {
      m = {
        candidateId: c.candidateId,
        criterionId: c.criterionId,
        moved: 0,
        spreadBefore: spreadOf(record.before, k),
        spreadAfter: spreadOf(record.after, k),
        changes: [],
      };
      byCell.set(k, m);
    }
    if (c.from !== null && c.to !== null) m.moved += Math.abs(c.to - c.from);
    m.changes.push(c);
  }
  return [...byCell.values()].sort((a, b) => b.moved - a.moved || b.changes.length - a.changes.length).slice(0, limit);
}

/**
 * The cells most in dispute now (largest spread first, only cells where people differ): what
 * the room talks about first, and what a re-vote of the disputed cells asks.
 */
export function disputedCells(doc: WorkshopDoc, limit = 3, judged: HierarchyJudged = {}): RoundCellStat[] {
  return cellStats(
    doc,
    doc.participants.map((p) => p.id),
    allCells(doc),
    judged,
  )
    .filter((s) => s.spread > 0)
    .sort((a, b) => b.spread - a.spread)
    .slice(0, limit);
}

/** One cell opened up for the room: its scores, the group's view, every rationale, and its spread across the rounds that asked it. */
export interface CellFocus {
  candidateId: string;
  criterionId: string;
  /** Every score given to the cell, ascending: whose is whose is not in it. */
  values: number[];
  /** The group's median and spread (the room's measure), null when nobody scored it. */
  median: number | null;
  spread: number | null;
  /**
   * Each non-empty rationale: named (participant order, then focus point order) in an open round;
   * in a blind one without names, in text order so the order gives nobody away. A dimension scored
   * at its focus points has its focus point scores' rationales, each with its focus point (`leafId`).
   */
  rationales: { name: string | null; text: string; leafId: string | null }[];
  /** The closed rounds that asked this cell: its spread before and after each. */
  rounds: { no: number; before: number | null; after: number | null }[];
}

export function cellFocus(doc: WorkshopDoc, cell: CellRef, named: boolean, judged: HierarchyJudged = {}): CellFocus {
  const k = cellKey(cell);
  const people = new Map(doc.participants.map((p, i) => [p.id, { name: p.name, i }]));
  const mine = scoresInForce(doc, judged).filter((s) => cellKey(s) === k && people.has(s.participantId));
  const values = mine.flatMap((s) => (s.value === null ? [] : [s.value])).sort((a, b) => a - b);
  const stat = cellStats(
    doc,
    doc.participants.map((p) => p.id),
    [cell],
    judged,
  )[0];
  // A dimension scored at its focus points: the derived values carry no rationale, its focus point scores do.
  const node = hierarchyNode(doc, cell.criterionId);
  const leafOrder = new Map((scoredAtLeaves(node) ? node!.leaves : []).map((l, j) => [l.id, j]));
  const written = [
    ...mine.map((s) => ({ ...s, leafId: null, j: -1 })),
    ...doc.leafScores
      .filter((s) => cellKey(s) === k && people.has(s.participantId) && leafOrder.has(s.leafId))
      .map((s) => ({ ...s, j: leafOrder.get(s.leafId)! })),
  ].filter((s) => s.rationale.trim() !== '');
  const rationales = named
    ? written
        .sort((a, b) => people.get(a.participantId)!.i - people.get(b.participantId)!.i || a.j - b.j)
        .map((s) => ({ name: people.get(s.participantId)!.name, text: s.rationale.trim(), leafId: s.leafId }))
    : written.map((s) => ({ name: null, text: s.rationale.trim(), leafId: s.leafId })).sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  const spreadIn = (list: readonly RoundCellStat[]) => list.find((s) => cellKey(s) === k)?.spread ?? null;
  const rounds = doc.rounds
    .filter((r) => r.closedAt !== null && r.cells.some((c) => cellKey(c) === k))
    .map((r) => ({ no: r.no, before: spreadIn(r.before), after: spreadIn(r.after) }));
  return {
    candidateId: cell.candidateId,
    criterionId: cell.criterionId,
    values,
    median: stat?.median ?? null,
    spread: stat?.spread ?? null,
    rationales,
    rounds,
  };
}
