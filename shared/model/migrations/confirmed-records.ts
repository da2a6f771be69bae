import type { Migration } from './types';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * What the team confirmed is recorded with what it rested on:
 * - `metrics.written`: per score the team took into the evaluation from the pilot metrics'
 *   suggestions, the value written and the suggestion it was reconciled with, so a later
 *   change of the metrics becomes a proposal instead of a rewrite. Older files recorded
 *   nothing: the list starts empty, and scores taken before count as the team's own.
 * - `decision.basis`: a fingerprint of the analysis inputs (scores, weights…) when the
 *   decision was recorded, so the decision is marked stale when they change. Older files: ''
 *   (not recorded, so never marked stale until the team confirms it again).
 * Pure on plain JSON; anything of an unexpected shape is left for the schema to report.
 */
export const confirmedRecords: Migration = {
  summary: 'Scores taken from the pilot metrics and the recorded decision keep what they rested on, so later changes are proposed or marked stale.',
  up(doc) {
    const out: Record<string, unknown> = { ...doc };
    if (isObject(doc.metrics) && !Array.isArray(doc.metrics.written)) out.metrics = { ...doc.metrics, written: [] };
    if (isObject(doc.decision) && typeof doc.decision.basis !== 'string') out.decision = { ...doc.decision, basis: '' };
    return out;
  },
};
