import type { Migration } from './types';

/**
 * A dimension may be expanded into its focus points as sub-criteria with local weights
 * (`hierarchy`, one node per expanded dimension). Older documents are flat: they start with
 * no expanded dimension, and everything else stays as it was. Pure on plain JSON (no schema imports).
 */
export const criteriaHierarchy: Migration = {
  summary: 'Dimensions may be expanded into their focus points with local weights; older documents stay flat.',
  up(doc) {
    return 'hierarchy' in doc ? doc : { ...doc, hierarchy: [] };
  },
};
