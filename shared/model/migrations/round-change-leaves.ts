import type { Migration } from './types';

/**
 * A round's change of a dimension scored at its focus points names the focus points that moved it
 * (`leaves`: each one's score from → to with its rationale). Older records kept only the
 * dimension's derived values: every change of every round gets an empty list; everything else
 * stays as it was. Pure on plain JSON (no schema imports).
 */
export const roundChangeLeaves: Migration = {
  summary: 'A round change of a dimension scored at its focus points lists the focus points that moved; older changes list none.',
  up(doc) {
    if (!Array.isArray(doc.rounds)) return doc;
    const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
    const rounds = doc.rounds.map((r: unknown) =>
      isObject(r) && Array.isArray(r.changes)
        ? { ...r, changes: r.changes.map((c: unknown) => (isObject(c) && !('leaves' in c) ? { ...c, leaves: [] } : c)) }
        : r,
    );
    return { ...doc, rounds };
  },
};
