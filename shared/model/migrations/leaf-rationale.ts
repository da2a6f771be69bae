import type { Migration } from './types';

/**
 * A focus point score carries a rationale of its own, as a dimension score does: every focus
 * point score of an older document gets an empty one (`rationale: ''`); everything else stays as
 * it was. Pure on plain JSON (no schema imports).
 */
export const leafRationale: Migration = {
  summary: 'Focus point scores carry a rationale, as dimension scores do; older ones start without.',
  up(doc) {
    if (!Array.isArray(doc.leafScores)) return doc;
    const leafScores = doc.leafScores.map((s: unknown) =>
      s !== null && typeof s === 'object' && !Array.isArray(s) && !('rationale' in s) ? { ...s, rationale: '' } : s,
    );
    return { ...doc, leafScores };
  },
};
