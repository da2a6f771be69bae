import type { Migration } from './types';

/**
 * Calibration by the pilot.
 * - `metrics.pilots`: each candidate's pilot configuration (the scenario the pilot ran: model
 *   size, GPUs, GPU type, batch), none recorded yet;
 * - `metrics.calibrations`: each candidate's last calibration with its provenance, none yet.
 * Series of the new pilot timing kinds (rollout/train seconds, tokens per second) need nothing:
 * older documents have none. Pure on plain JSON (no schema imports); a `metrics` of an
 * unexpected shape is left for the schema to report.
 */
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export const pilotCalibration: Migration = {
  summary: 'Each candidate’s pilot configuration and its calibration by the pilot (with provenance).',
  up(doc) {
    if (!isObject(doc.metrics)) return doc;
    const metrics = { ...doc.metrics };
    if (!('pilots' in metrics)) metrics.pilots = [];
    if (!('calibrations' in metrics)) metrics.calibrations = [];
    return { ...doc, metrics };
  },
};
