import type { Migration } from './types';

/**
 * AHP ratings: candidates compared pairwise on a dimension give that dimension's
 * scores. Adds `ratings` (one entry per participant and dimension compared this way), empty:
 * every score of an older document was typed directly, so none is marked as from pairwise
 * comparisons. Pure on plain JSON (no schema imports).
 */
export const pairwiseRatings: Migration = {
  summary: 'Pairwise ratings of the candidates per dimension (none in older workshops: their scores were all typed).',
  up(doc) {
    return 'ratings' in doc ? doc : { ...doc, ratings: [] };
  },
};
