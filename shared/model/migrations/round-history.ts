import type { Migration } from './types';

/**
 * Room-vote rounds are kept as history: `rounds`, each round's record (who was asked what, every
 * change a ballot made with its rationale, the group's median and spread of each asked cell
 * before and after, the round's disagreement). Rounds held before this version left no record,
 * so an older document starts with an empty history. Pure on plain JSON (no schema imports).
 */
export const roundHistory: Migration = {
  summary: 'Room-vote rounds are kept as a history of changes and disagreement; older documents start with none.',
  up(doc) {
    return 'rounds' in doc ? doc : { ...doc, rounds: [] };
  },
};
