import type { Migration } from './types';

/**
 * An expanded dimension may be scored at its focus points instead of at the dimension
 * (`scoreAt` on its hierarchy node, the scores in `leafScores`). Older documents score every
 * dimension at the dimension: each node gets `scoreAt: 'dimension'` and there are no leaf
 * scores; everything else stays as it was. Pure on plain JSON (no schema imports).
 */
export const leafScores: Migration = {
  summary: 'Expanded dimensions may be scored at their focus points; older documents score at the dimension.',
  up(doc) {
    const hierarchy = Array.isArray(doc.hierarchy)
      ? doc.hierarchy.map((node: unknown) =>
          node !== null && typeof node === 'object' && !Array.isArray(node) && !('scoreAt' in node) ? { ...node, scoreAt: 'dimension' } : node,
        )
      : doc.hierarchy;
    return { ...doc, ...(hierarchy === undefined ? {} : { hierarchy }), leafScores: Array.isArray(doc.leafScores) ? doc.leafScores : [] };
  },
};
