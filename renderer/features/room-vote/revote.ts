import type { RoundSpecInput } from '../../../shared/contract/session';
import { allCells, cellStats, hierarchyNode, scoredAtLeaves, type CellRef, type RoundRecord, type WorkshopDoc } from '../../../shared/model';

/** How a new round starts (a Delphi re-vote), as the facilitator chose it. */
export type RevoteChoice = RoundRecord['revote'] & { picked: CellRef[] };

const key = (c: CellRef) => `${c.candidateId}|${c.criterionId}`;

/**
 * The focus points a device scores for a criterion (a dimension scored at its focus points), in
 * a free round and a facilitator-paced one alike (there a question on such a cell asks its focus
 * points together); undefined: the criterion's own score.
 */
export function roundLeaves(doc: WorkshopDoc, criterionId: string): { id: string; name: { 'zh-CN': string; en: string } }[] | undefined {
  const node = hierarchyNode(doc, criterionId);
  if (!scoredAtLeaves(node) || node!.leaves.length === 0) return undefined;
  return node!.leaves.map((l) => ({ id: l.id, name: { 'zh-CN': l.name['zh-CN'], en: l.name.en } }));
}

/**
 * The re-vote part of a round's spec: the cells asked (only the picked ones, or all), the group's
 * median and spread of each (round-history.ts, the room's measure; not for a dimension scored at its focus points,
 * whose own scores do not count), and each invited participant's current answers as their device's start (their
 * focus-point scores for such a dimension).
 */
export function revoteSpec(doc: WorkshopDoc, invited: readonly string[], choice: RevoteChoice): Pick<RoundSpecInput, 'cells' | 'previous' | 'start'> {
  const picked = choice.onlyCells && choice.picked.length > 0;
  const cells = picked ? choice.picked : allCells(doc);
  const asked = new Set(cells.map(key));
  const leaves = new Map(doc.criteria.map((c) => [c.id, new Set(roundLeaves(doc, c.id)?.map((l) => l.id) ?? [])]));
  const byLeaves = (c: CellRef) => (leaves.get(c.criterionId)?.size ?? 0) > 0;
  const out: Pick<RoundSpecInput, 'cells' | 'previous' | 'start'> = {};
  if (picked || cells.length < allCells(doc).length) out.cells = cells;
  if (choice.showPrevious)
    out.previous = cellStats(
      doc,
      doc.participants.map((p) => p.id),
      cells.filter((c) => !byLeaves(c)),
    ).map(({ candidateId, criterionId, median, spread }) => ({ candidateId, criterionId, median, spread }));
  const onScale = (v: number) => Number.isFinite(v) && v >= doc.scale.min && v <= doc.scale.max;
  if (choice.fromPrevious)
    out.start = invited.map((participantId) => ({
      participantId,
      cells: doc.scores
        .filter((s) => s.participantId === participantId && asked.has(key(s)) && !byLeaves(s) && (s.value !== null || s.rationale !== ''))
        .map((s) => ({ candidateId: s.candidateId, criterionId: s.criterionId, value: s.value, rationale: s.rationale.slice(0, 1000) })),
      leafCells: doc.leafScores.flatMap((s) =>
        s.participantId === participantId && asked.has(key(s)) && leaves.get(s.criterionId)?.has(s.leafId) && s.value !== null && onScale(s.value)
          ? [
              {
                candidateId: s.candidateId,
                criterionId: s.criterionId,
                leafId: s.leafId,
                value: s.value,
                ...(s.rationale === '' ? {} : { rationale: s.rationale.slice(0, 1000) }),
              },
            ]
          : [],
      ),
    }));
  return out;
}
