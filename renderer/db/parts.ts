import type { Score, WorkshopDoc } from '../../shared/model';
import type { PartRow, WorkshopRow } from './database';

/**
 * A document is stored in parts so that one edit writes little: the head (the small
 * sections) in one row; the scores in one row per participant; the metrics and the
 * simulations (which can be megabytes) in a row each. Documents are immutable, so a
 * part whose objects are the same as at the last save has not changed and is skipped.
 */
const BULKY = ['metrics', 'simulations'] as const;
type Bulky = (typeof BULKY)[number];
export type DocHead = Omit<WorkshopDoc, 'scores' | Bulky>;

export interface DocParts {
  head: WorkshopRow;
  parts: PartRow[];
}

export function splitDoc(doc: WorkshopDoc): DocParts {
  const { scores, metrics, simulations, ...head } = doc;
  const groups = new Map<string, { indexes: number[]; scores: Score[] }>();
  scores.forEach((s, i) => {
    let g = groups.get(s.participantId);
    if (!g) groups.set(s.participantId, (g = { indexes: [], scores: [] }));
    g.indexes.push(i);
    g.scores.push(s);
  });
  const parts: PartRow[] = [...groups].map(([pid, g]) => ({ workshopId: doc.id, key: `scores/${pid}`, value: g.scores, indexes: g.indexes }));
  parts.push({ workshopId: doc.id, key: 'metrics', value: metrics }, { workshopId: doc.id, key: 'simulations', value: simulations });
  return { head: { id: doc.id, doc: head, scoreCount: scores.length }, parts };
}

/** Rebuilds the document; null when the parts do not add up (a damaged store). */
export function joinDoc(head: WorkshopRow, parts: PartRow[]): WorkshopDoc | null {
  const scores = new Array<Score>(head.scoreCount);
  let placed = 0;
  const bulky: Partial<Record<Bulky, unknown>> = {};
  for (const part of parts) {
    if (part.key.startsWith('scores/')) {
      const values = part.value as Score[];
      if (!Array.isArray(values) || !Array.isArray(part.indexes) || part.indexes.length !== values.length) return null;
      part.indexes.forEach((index, k) => {
        if (index >= 0 && index < scores.length && scores[index] === undefined) {
          scores[index] = values[k];
          placed++;
        }
      });
    } else if ((BULKY as readonly string[]).includes(part.key)) bulky[part.key as Bulky] = part.value;
  }
  if (placed !== head.scoreCount || BULKY.some((k) => !(k in bulky))) return null;
  return { ...head.doc, scores, ...bulky } as WorkshopDoc;
}

const sameRefs = (a: unknown, b: unknown) => a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]));

/** The parts of `doc` that differ from `prev` (the last saved version), and the score rows to delete. */
export function changedParts(doc: WorkshopDoc, prev: WorkshopDoc | undefined): { parts: PartRow[]; removed: string[] } {
  const next = splitDoc(doc).parts;
  if (!prev || prev.id !== doc.id) return { parts: next, removed: [] };
  const before = new Map(splitDoc(prev).parts.map((p) => [p.key, p]));
  const parts = next.filter((p) => {
    const old = before.get(p.key);
    return !old || !sameRefs(old.value, p.value) || !sameRefs(old.indexes, p.indexes);
  });
  const live = new Set(next.map((p) => p.key));
  return { parts, removed: [...before.keys()].filter((k) => !live.has(k)) };
}
