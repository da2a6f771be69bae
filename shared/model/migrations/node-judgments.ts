import type { Migration } from './types';

/**
 * Each participant may judge a hierarchy node's focus points pairwise (`judgments` on every
 * node, one matrix per participant); the node's own `matrix` stays the team's. Older nodes start
 * with no participant's judgments. Pure on plain JSON (no schema imports).
 */
export const nodeJudgments: Migration = {
  summary: 'Participants may judge the focus points of an expanded dimension each on their own; older nodes start with none.',
  up(doc) {
    const hierarchy = doc.hierarchy;
    if (!Array.isArray(hierarchy)) return doc;
    return {
      ...doc,
      hierarchy: hierarchy.map((node: unknown) =>
        node && typeof node === 'object' && !Array.isArray(node) && !('judgments' in node) ? { ...node, judgments: [] } : node,
      ),
    };
  },
};
