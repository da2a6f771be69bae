import { GPU_NAMES, simDefaults, type SimCalibrateRequest, type SimCalibration } from '../cost/schema';
import { budgetCheck, type BudgetCheck } from './currency';
import { canonicalJson, fingerprint } from './provenance';
import type { CalibrationRecord, PilotConfig, WorkshopDoc } from './schema';
import { seedScenario, simulationOf, withFittingTensorParallel } from './simulation';
import { valueAt } from '../cost/form';

/**
 * Calibration by the team's pilot, the document side. The pilot's measurements are
 * the candidate's imported series (step seconds as iteration speed, rollout/train seconds,
 * generated tokens per second), aligned by step; the pilot's configuration is
 * `metrics.pilots` over the candidate's own scenario; the full-scale run is the candidate's
 * scenario with the needs' planned training steps and model size. `sim.calibrate` (Node side)
 * fits and projects; its answer is kept in `metrics.calibrations` with its provenance and is
 * stale when any of those inputs changes.
 */

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The pilot configuration fields the team states per candidate (and the import's GPUs / GPU type columns fill). */
export const PILOT_FIELDS = ['model.paramsB', 'cluster.gpus', 'cluster.gpu', 'promptsPerStep', 'rolloutsPerPrompt'] as const;
export type PilotField = (typeof PILOT_FIELDS)[number];
export { GPU_NAMES };

/** Fields of the candidate's full-scale scenario that do not carry over to a smaller pilot. */
const SCALE_ONLY = ['cluster.rolloutGpus', 'cluster.trainGpus', 'cost.hybridOwnedGpus'];

function setAt(tree: Tree, path: string, value: unknown): Tree {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) {
    const out = { ...tree };
    if (value === undefined) delete out[head];
    else out[head] = value;
    return out;
  }
  return { ...tree, [head]: setAt(isTree(tree[head]) ? (tree[head] as Tree) : {}, rest.join('.'), value) };
}

function merge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isTree(v) && isTree(out[k]) ? merge(out[k] as Tree, v) : v;
  return out;
}

/** The candidate's own scenario: its simulation's, or the one the simulator would seed for it. */
function candidateScenario(doc: WorkshopDoc, candidateId: string): Tree {
  const sim = simulationOf(doc, candidateId);
  if (sim) return sim.scenario;
  const candidate = doc.candidates.find((c) => c.id === candidateId);
  return candidate ? seedScenario(candidate, doc.needs.answers).scenario : {};
}

/** The pilot configuration the team recorded for a candidate (sparse; empty when none). */
export function pilotConfig(doc: WorkshopDoc, candidateId: string): Tree {
  return doc.metrics.pilots.find((p) => p.candidateId === candidateId)?.scenario ?? {};
}

/** A pilot configuration value: the recorded one, else the candidate's scenario's, else the default. */
export function pilotValue(doc: WorkshopDoc, candidateId: string, path: PilotField): unknown {
  return valueAt(pilotConfig(doc, candidateId), path) ?? valueAt(candidateScenario(doc, candidateId), path) ?? valueAt(simDefaults, path);
}

/** The GPU count changes a candidate's pilot recorded ([first step, GPUs], sorted; empty when it ran on one count). */
export function pilotGpusFrom(doc: WorkshopDoc, candidateId: string): ReadonlyArray<readonly [number, number]> {
  return doc.metrics.pilots.find((p) => p.candidateId === candidateId)?.gpusFrom ?? [];
}

/** The candidate's pilot configuration entry with `patch` over it (created when there is none). */
function withPilot(doc: WorkshopDoc, candidateId: string, patch: Partial<Pick<PilotConfig, 'scenario' | 'gpusFrom'>>): WorkshopDoc {
  const current = doc.metrics.pilots.find((p) => p.candidateId === candidateId) ?? { candidateId, scenario: {}, gpusFrom: [] };
  const pilots = doc.metrics.pilots.filter((p) => p.candidateId !== candidateId);
  return { ...doc, metrics: { ...doc.metrics, pilots: [...pilots, { ...current, ...patch }] } };
}

/** Sets (or, with undefined, clears) one pilot configuration field of a candidate. */
export function setPilotValue(doc: WorkshopDoc, candidateId: string, path: PilotField, value: unknown): WorkshopDoc {
  if (!doc.candidates.some((c) => c.id === candidateId)) return doc;
  const current = pilotConfig(doc, candidateId);
  if (JSON.stringify(valueAt(current, path)) === JSON.stringify(value)) return doc;
  return withPilot(doc, candidateId, { scenario: setAt(current, path, value) });
}

/**
 * The import's GPUs / GPU type per candidate → the pilot configurations (one edit with the
 * import): the last step's GPU count as the pilot's, and the steps at which the count changed
 * (a re-import with a GPU column replaces them, as it replaces the series it holds).
 */
export function recordImportedPilots(
  doc: WorkshopDoc,
  pilots: ReadonlyArray<{ candidateId: string; gpus: number | null; gpu: string | null; gpusFrom?: ReadonlyArray<readonly [number, number]> }>,
): WorkshopDoc {
  let next = doc;
  for (const p of pilots) {
    if (!next.candidates.some((c) => c.id === p.candidateId)) continue;
    if (p.gpus !== null) {
      next = setPilotValue(next, p.candidateId, 'cluster.gpus', p.gpus);
      const gpusFrom = (p.gpusFrom ?? []).map(([x, g]): [number, number] => [x, g]);
      if (JSON.stringify(gpusFrom) !== JSON.stringify(pilotGpusFrom(next, p.candidateId))) next = withPilot(next, p.candidateId, { gpusFrom });
    }
    if (p.gpu !== null && (GPU_NAMES as readonly string[]).includes(p.gpu)) next = setPilotValue(next, p.candidateId, 'cluster.gpu', p.gpu);
  }
  return next;
}

type PilotRow = SimCalibrateRequest['rows'][number];

/**
 * The pilot's measurements of a candidate, one row per step (x) found in any of its timing
 * series, each with the GPUs it ran on when the pilot recorded a change of count (`gpusFrom`;
 * otherwise the row names none and the pilot scenario's count holds).
 */
export function pilotRows(doc: WorkshopDoc, candidateId: string): { xs: number[]; rows: PilotRow[] } {
  const byX = new Map<number, PilotRow>();
  const row = (x: number) => {
    let r = byX.get(x);
    if (!r) byX.set(x, (r = { stepSeconds: null, rolloutSeconds: null, trainSeconds: null, tokensPerSecond: null }));
    return r;
  };
  for (const s of doc.metrics.series) {
    if (s.candidateId !== candidateId) continue;
    const key =
      s.metric === 'iteration-speed'
        ? 'stepSeconds'
        : s.metric === 'rollout-seconds'
          ? 'rolloutSeconds'
          : s.metric === 'train-seconds'
            ? 'trainSeconds'
            : s.metric === 'tokens-per-second'
              ? 'tokensPerSecond'
              : null;
    if (!key) continue;
    for (const [x, y] of s.points) if (y > 0) row(x)[key] = key === 'stepSeconds' ? 3600 / y : y;
  }
  const xs = [...byX.keys()].sort((a, b) => a - b);
  const changes = pilotGpusFrom(doc, candidateId);
  let c = -1;
  const rows = xs.map((x) => {
    const r = byX.get(x)!;
    while (c + 1 < changes.length && changes[c + 1][0] <= x) c++;
    return c >= 0 ? { ...r, gpus: changes[c][1] } : r;
  });
  return { xs, rows };
}

const answerNumber = (doc: WorkshopDoc, id: string): number | null => {
  const v = doc.needs.answers[id];
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
};

/**
 * The full-scale run of a candidate: its scenario, with the needs' planned training steps and
 * model size when answered, on the smallest tensor-parallel degree that holds that model when
 * the scenario's own does not.
 */
export function targetScenario(doc: WorkshopDoc, candidateId: string): Tree {
  let target = candidateScenario(doc, candidateId);
  const steps = answerNumber(doc, 'plannedTrainingSteps');
  if (steps !== null) target = setAt(target, 'steps', Math.round(steps));
  const size = answerNumber(doc, 'modelSizeB');
  if (size !== null) target = setAt(target, 'model.paramsB', size);
  return withFittingTensorParallel(target);
}

/** The scenario the pilot ran: the candidate's scenario without its scale-only fields, with the pilot configuration over it. */
export function pilotScenario(doc: WorkshopDoc, candidateId: string, rows: number): Tree {
  let base = candidateScenario(doc, candidateId);
  for (const path of SCALE_ONLY) if (valueAt(base, path) !== undefined) base = setAt(base, path, undefined);
  return { ...merge(base, pilotConfig(doc, candidateId)), steps: Math.max(2, Math.min(10_000, rows)) };
}

export interface CalibrationInput {
  request: { pilot: Tree; rows: PilotRow[]; target: Tree };
  /** Fingerprint of the request (keys sorted, so a saved and read-back document gives the same): a stored calibration with another one is stale. */
  basis: string;
  firstStep: number;
  lastStep: number;
}

/** What `sim.calibrate` needs for a candidate, or null when its pilot has no timing measurements. */
export function calibrationInput(doc: WorkshopDoc, candidateId: string): CalibrationInput | null {
  const { xs, rows } = pilotRows(doc, candidateId);
  if (rows.length === 0) return null;
  const request = { pilot: pilotScenario(doc, candidateId, rows.length), rows, target: targetScenario(doc, candidateId) };
  return { request, basis: fingerprint(canonicalJson(request)), firstStep: xs[0], lastStep: xs[xs.length - 1] };
}

/** Keeps a candidate's calibration with its provenance (replacing the previous one). */
export function attachCalibration(doc: WorkshopDoc, candidateId: string, input: CalibrationInput, result: SimCalibration, at: string): WorkshopDoc {
  if (!doc.candidates.some((c) => c.id === candidateId)) return doc;
  const record: CalibrationRecord = {
    candidateId,
    at,
    basis: input.basis,
    rows: input.request.rows.length,
    firstStep: input.firstStep,
    lastStep: input.lastStep,
    result,
  };
  const calibrations = [...doc.metrics.calibrations.filter((c) => c.candidateId !== candidateId), record];
  return { ...doc, metrics: { ...doc.metrics, calibrations } };
}

export interface CalibrationStatus {
  record: CalibrationRecord;
  /** The pilot data, pilot configuration or full-scale scenario changed since. */
  stale: boolean;
  /** The projected run against the workshop's budget (mid projection). */
  budget: BudgetCheck;
}

/** A candidate's stored calibration, whether it is stale, and its projection against the budget; null when none. */
export function calibrationStatus(doc: WorkshopDoc, candidateId: string): CalibrationStatus | null {
  const record = doc.metrics.calibrations.find((c) => c.candidateId === candidateId);
  if (!record) return null;
  const input = calibrationInput(doc, candidateId);
  const p = record.result.projection;
  return { record, stale: !input || input.basis !== record.basis, budget: budgetCheck(doc, p.costUsd.mid, p.wallHours.mid) };
}
