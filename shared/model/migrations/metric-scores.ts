import type { Migration } from './index';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Scores taken from the pilot metrics are recorded (issue 15): `metrics.written` lists, per
 * score the team took into the evaluation from the suggestions, the value written and the
 * suggestion it was reconciled with, so a later change of the metrics becomes a proposal
 * instead of a rewrite. Older files recorded nothing: the list starts empty, and scores taken
 * before count as the team's own (never proposed for change). Pure on plain JSON.
 */
export const metricScores: Migration = {
  summary: 'Scores taken from the pilot metrics are recorded, so a change of the metrics is proposed, not written.',
  up(doc) {
    if (!isObject(doc.metrics)) return doc;
    if (Array.isArray(doc.metrics.written)) return doc;
    return { ...doc, metrics: { ...doc.metrics, written: [] } };
  },
};
