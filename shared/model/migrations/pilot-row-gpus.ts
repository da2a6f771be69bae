import type { Migration } from './types';

/**
 * The GPUs of each pilot row: `metrics.pilots[].gpusFrom`, the steps at which the
 * pilot's GPU count changed, so a pilot scaled from 8 to 16 GPUs part-way is fitted on each
 * row's own count. An older document recorded one count per pilot (the import's last row's) and
 * cannot tell which rows ran on fewer: its pilots get no changes and keep that one count, so
 * their calibration requests, and whether a stored calibration is current, stay as they were.
 * Pure on plain JSON (no schema imports); anything of an unexpected shape is left for the schema
 * to report.
 */
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export const pilotRowGpus: Migration = {
  summary: 'Each pilot records the steps at which its GPU count changed; older pilots keep their one count.',
  up(doc) {
    if (!isObject(doc.metrics) || !Array.isArray(doc.metrics.pilots)) return doc;
    const pilots = doc.metrics.pilots.map((p: unknown) => (isObject(p) && !('gpusFrom' in p) ? { ...p, gpusFrom: [] } : p));
    return { ...doc, metrics: { ...doc.metrics, pilots } };
  },
};
