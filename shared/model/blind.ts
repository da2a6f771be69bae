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

/** One participant's scoring grid as the room may show it. */
export function scoringGridView(doc: WorkshopDoc, participantId: string, blind: boolean): ScoringGridView {
  const entries = new Map<string, { value: number | null; rationale: string }>();
  for (const s of doc.scores) if (s.participantId === participantId) entries.set(`${s.candidateId}|${s.criterionId}`, s);
  let scored = 0;
  const cells = doc.criteria.map((k) =>
    doc.candidates.map((c): CellView => {
      const e = entries.get(`${c.id}|${k.id}`);
      const value = e?.value ?? null;
      if (value !== null) scored++;
      if (blind) return { revealed: false, filled: value !== null, hasRationale: (e?.rationale ?? '') !== '' };
      return { revealed: true, value, rationale: e?.rationale ?? '' };
    }),
  );
  return { participantId, rows: doc.criteria.map((k) => k.id), cols: doc.candidates.map((c) => c.id), cells, scored };
}
