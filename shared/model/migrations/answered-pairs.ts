import type { Migration } from './types';

/**
 * Which AHP pairs were answered. From this version an unanswered pair is `null` in
 * `weighting.ahp[].matrix` (on both sides of the diagonal). Until now the document filled
 * every pair nobody judged with 1, which cannot be told from a judged "equal": each stored
 * judgment is kept as it is, every pair counted as answered, and marked
 * `pairsTracked: false` so the room can say it was recorded before missing pairs were tracked.
 * Pure on plain JSON (no schema imports); anything of an unexpected shape is left for the
 * schema to report.
 */
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export const answeredPairs: Migration = {
  summary: 'AHP judgments record which pairs were answered; older judgments count every pair as answered and say so.',
  up(doc) {
    if (!isObject(doc.weighting) || !Array.isArray(doc.weighting.ahp)) return doc;
    const ahp = doc.weighting.ahp.map((j: unknown) => (isObject(j) && !('pairsTracked' in j) ? { ...j, pairsTracked: false } : j));
    return { ...doc, weighting: { ...doc.weighting, ahp } };
  },
};
