import type { RoundSpecInput } from '../../../shared/contract/session';
import { allCells, cellStats, type CellRef, type RoundRecord, type WorkshopDoc } from '../../../shared/model';

/** How a new round starts (a Delphi re-vote), as the facilitator chose it. */
export type RevoteChoice = RoundRecord['revote'] & { picked: CellRef[] };

const key = (c: CellRef) => `${c.candidateId}|${c.criterionId}`;

/**
 * The re-vote part of a round's spec: the cells asked (only the picked ones, or all), the group's
 * median and spread of each (round-history.ts, the room's measure), and each invited
 * participant's current answers as their device's start.
 */
export function revoteSpec(doc: WorkshopDoc, invited: readonly string[], choice: RevoteChoice): Pick<RoundSpecInput, 'cells' | 'previous' | 'start'> {
  const cells = choice.onlyCells && choice.picked.length > 0 ? choice.picked : allCells(doc);
  const asked = new Set(cells.map(key));
  const out: Pick<RoundSpecInput, 'cells' | 'previous' | 'start'> = {};
  if (choice.onlyCells && choice.picked.length > 0) out.cells = choice.picked;
  if (choice.showPrevious)
    out.previous = cellStats(
      doc,
      doc.participants.map((p) => p.id),
      cells,
    ).map(({ candidateId, criterionId, median, spread }) => ({ candidateId, criterionId, median, spread }));
  if (choice.fromPrevious)
    out.start = invited.map((participantId) => ({
      participantId,
      cells: doc.scores
        .filter((s) => s.participantId === participantId && asked.has(key(s)) && (s.value !== null || s.rationale !== ''))
        .map((s) => ({ candidateId: s.candidateId, criterionId: s.criterionId, value: s.value, rationale: s.rationale.slice(0, 1000) })),
    }));
  return out;
}
