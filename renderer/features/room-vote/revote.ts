import type { RoundSpecInput } from '../../../shared/contract/session';
import { allCells, cellStats, hierarchyNode, scoredAtLeaves, type CellRef, type RoundRecord, type WorkshopDoc } from '../../../shared/model';

/** How a new round starts (a Delphi re-vote), as the facilitator chose it. */
export type RevoteChoice = RoundRecord['revote'] & { picked: CellRef[] };

const key = (c: CellRef) => `${c.candidateId}|${c.criterionId}`;

/**
 * The cells participants can score on their devices: every cell but those of dimensions scored at
 * their focus points (their scores are entered in the room's grid, per focus point; a device's
 * score of the dimension would not count, so it is not asked).
 */
export const deviceCells = (doc: WorkshopDoc): CellRef[] => allCells(doc).filter((c) => !scoredAtLeaves(hierarchyNode(doc, c.criterionId)));

/**
 * The re-vote part of a round's spec: the cells asked (only the picked ones, or all a device can score), the group's
 * median and spread of each (round-history.ts, the room's measure), and each invited
 * participant's current answers as their device's start.
 */
export function revoteSpec(doc: WorkshopDoc, invited: readonly string[], choice: RevoteChoice): Pick<RoundSpecInput, 'cells' | 'previous' | 'start'> {
  const picked = choice.onlyCells && choice.picked.length > 0;
  const cells = (picked ? choice.picked : allCells(doc)).filter((c) => !scoredAtLeaves(hierarchyNode(doc, c.criterionId)));
  const asked = new Set(cells.map(key));
  const out: Pick<RoundSpecInput, 'cells' | 'previous' | 'start'> = {};
  if (picked || cells.length < allCells(doc).length) out.cells = cells;
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
