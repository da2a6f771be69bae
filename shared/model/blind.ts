import { derivedDimensionScores, hierarchyNode, scoredAtLeaves, type HierarchyJudged } from './hierarchy';
import type { WorkshopDoc } from './schema';

/**
 * Blind scoring: until the facilitator reveals them, nobody sees a score — not even the
 * participant's own after it is entered — so early numbers cannot anchor the room. The
 * grid renders *only* from this projection, and a hidden cell carries no value at all
 * (only whether it is filled), so a hidden score can never reach the page.
 */
export type CellView = { revealed: true; value: number | null; rationale: string } | { revealed: false; filled: boolean; hasRationale: boolean };

export interface ScoringGridView {
  participantId: string;
  /** Criterion ids, top to bottom. */
  rows: string[];
  /** Candidate ids, left to right. */
  cols: string[];
  /** `cells[row][col]`: criterion × candidate. */
  cells: CellView[][];
  scored: number;
}

/** One entry (a score or a focus point score, with its rationale) as the grid may show it: hidden while blind. */
function cellView(e: { value: number | null; rationale: string } | undefined, blind: boolean): CellView {
  const value = e?.value ?? null;
  const rationale = e?.rationale ?? '';
  return blind ? { revealed: false, filled: value !== null, hasRationale: rationale !== '' } : { revealed: true, value, rationale };
}

/** One participant's scoring grid as the room may show it. */
export function scoringGridView(doc: WorkshopDoc, participantId: string, blind: boolean): ScoringGridView {
  const entries = new Map<string, { value: number | null; rationale: string }>();
  for (const s of doc.scores) if (s.participantId === participantId) entries.set(`${s.candidateId}|${s.criterionId}`, s);
  let scored = 0;
  const cells = doc.criteria.map((k) =>
    doc.candidates.map((c) => {
      const view = cellView(entries.get(`${c.id}|${k.id}`), blind);
      if (view.revealed ? view.value !== null : view.filled) scored++;
      return view;
    }),
  );
  return { participantId, rows: doc.criteria.map((k) => k.id), cols: doc.candidates.map((c) => c.id), cells, scored };
}

/** One participant's focus point cell (score and rationale) as the grid may show it: hidden while blind. */
export function leafCellView(
  doc: Pick<WorkshopDoc, 'leafScores'>,
  cell: { participantId: string; candidateId: string; criterionId: string; leafId: string },
  blind: boolean,
): CellView {
  const e = doc.leafScores.find(
    (s) => s.participantId === cell.participantId && s.candidateId === cell.candidateId && s.criterionId === cell.criterionId && s.leafId === cell.leafId,
  );
  return cellView(e, blind);
}

/** A dimension scored at its focus points, as one participant's grid may show it (see `leafGridViews`). */
export interface LeafGridView {
  criterionId: string;
  /** Per candidate (grid order): the derived dimension value and how many focus points are scored; hidden while blind. */
  derived: Array<{ revealed: true; value: number | null; scored: number; of: number } | { revealed: false; filled: boolean }>;
  /** Per focus point: its id, and per candidate its score as the grid may show it. */
  leaves: Array<{ leafId: string; cells: CellView[] }>;
}

/**
 * One participant's focus-point scores of every dimension scored at its leaves, blind or not
 * (a hidden cell carries no value). The derived values come from `derivedDimensionScores`
 * (hierarchy.ts), the one derivation; `judged` as there.
 */
export function leafGridViews(doc: WorkshopDoc, participantId: string, blind: boolean, judged: HierarchyJudged = {}): LeafGridView[] {
  const nodes = doc.criteria.map((c) => hierarchyNode(doc, c.id)).filter((n): n is NonNullable<typeof n> => scoredAtLeaves(n));
  if (nodes.length === 0) return [];
  const mine = { ...doc, participants: doc.participants.filter((p) => p.id === participantId) };
  const derived = new Map(derivedDimensionScores(mine, judged).map((d) => [`${d.candidateId}|${d.criterionId}`, d]));
  const entries = new Map<string, { value: number | null; rationale: string }>();
  for (const s of doc.leafScores) if (s.participantId === participantId) entries.set(`${s.candidateId}|${s.criterionId}|${s.leafId}`, s);
  return nodes.map((node) => ({
    criterionId: node.criterionId,
    derived: doc.candidates.map((c) => {
      const d = derived.get(`${c.id}|${node.criterionId}`);
      const value = d?.value ?? null;
      return blind
        ? { revealed: false as const, filled: (d?.scored ?? 0) > 0 }
        : { revealed: true as const, value, scored: d?.scored ?? 0, of: node.leaves.length };
    }),
    leaves: node.leaves.map((l) => ({
      leafId: l.id,
      cells: doc.candidates.map((c) => cellView(entries.get(`${c.id}|${node.criterionId}|${l.id}`), blind)),
    })),
  }));
}
