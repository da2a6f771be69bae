import { SimResultSchema, SimScenarioSchema, simDefaults, type SimResult, type SimSweepResult } from '../cost/schema';
import { engineFit, fittingTensorParallel } from '../cost/shape';
import type { Answer, Candidate, Simulation, WorkshopDoc } from './schema';
import { issuesAdded, valueAt, withValue } from '../cost/form';
import { defaultName } from './names';
import { horizonUse } from '../cost/horizon';
import { HOURS_PER_MONTH, monthlyBudget } from './currency';

/**
 * The cost simulator inside a workshop: one scenario per candidate in `doc.simulations`,
 * seeded from the candidate's archetype and the needs answers, edited field by field, and
 * the last full `sim.run` result attached to it (saved and reported with the workshop).
 */

type Tree = Record<string, unknown>;
export type Archetype = 'self-built' | 'managed' | 'hybrid';
export const ARCHETYPES: readonly Archetype[] = ['self-built', 'managed', 'hybrid'];

/** Where a seeded value came from, so the screen can say so. */
export interface SeedNote {
  path: string;
  /** `candidate.kind` or `needs.<questionId>`. */
  source: string;
  value: unknown;
}

/** A candidate's kind is the simulator's archetype, except `custom` (no archetype: the default is kept). */
export function archetypeOfKind(kind: Candidate['kind']): Archetype | null {
  return kind === 'custom' ? null : kind;
}

// The default tail's shape (p99 and max as multiples of the median), kept when the median
// comes from the needs answers: median 4, p99 16, max 32 → ×4 and ×8.
const TURNS_P99_RATIO = simDefaults.rollout.turns.p99 / simDefaults.rollout.turns.median;
const TURNS_MAX_RATIO = simDefaults.rollout.turns.max / simDefaults.rollout.turns.median;

/**
 * The first scenario of a candidate:
 * - `cost.archetype` from the candidate's kind (self-built / managed / hybrid);
 * - `rollout.turns` from the needs answer `rolloutSteps` (expected steps of one task): the
 *   median, with p99 and max scaled by the default tail's ratios (×4, ×8);
 * - `rollout.maxContextTokens` from the same answer, when the default window is too small:
 *   the smallest power of two that holds twice the median rollout (prompt + median turns ×
 *   (generated + observation tokens per turn), at their default medians), at most 2^20.
 *   A 40-step agent gets a 64K window, so the median rollout fits and only the tail truncates.
 * - `model.paramsB` from the needs answer `modelSizeB` (the model the team will train);
 * - `cluster.tensorParallel`: the smallest power of two whose engine holds that model and one
 *   KV cache at the window (`withFittingTensorParallel`), when one GPU does not.
 * Everything else keeps the documented defaults.
 */
const SYSTEM_OF_KIND: Partial<Record<Candidate['kind'], { path: string; value: string | boolean }>> = {
  'self-built': { path: 'system.mode', value: 'async' },
  managed: { path: 'cluster.colocated', value: true },
};

export function seedScenario(candidate: Pick<Candidate, 'kind'>, answers: Record<string, Answer>): { scenario: Tree; notes: SeedNote[] } {
  let scenario: Tree = {};
  const notes: SeedNote[] = [];
  const archetype = archetypeOfKind(candidate.kind);
  if (archetype) {
    scenario = withValue(scenario, 'cost.archetype', archetype);
    notes.push({ path: 'cost.archetype', source: 'candidate.kind', value: archetype });
  }
  // What the candidates' systems really differ in: a self-built cluster can run
  // generation asynchronously on its own rollout pool; a managed platform typically offers
  // synchronous jobs with rollout and training colocated on the same rented GPUs. The team
  // changes either in the editor; the note says where the value came from.
  const system = SYSTEM_OF_KIND[candidate.kind];
  if (system) {
    scenario = withValue(scenario, system.path, system.value);
    notes.push({ path: system.path, source: 'candidate.kind', value: system.value });
  }
  const steps = answers.rolloutSteps;
  if (typeof steps === 'number' && Number.isFinite(steps) && steps >= 1) {
    const median = Math.round(steps);
    const turns = { median, p99: Math.round(median * TURNS_P99_RATIO), max: Math.round(median * TURNS_MAX_RATIO) };
    scenario = withValue(scenario, 'rollout.turns', turns);
    notes.push({ path: 'rollout.turns.median', source: 'needs.rolloutSteps', value: median });
    const window = contextWindowFor(median);
    if (window > simDefaults.rollout.maxContextTokens) {
      scenario = withValue(scenario, 'rollout.maxContextTokens', window);
      notes.push({ path: 'rollout.maxContextTokens', source: 'needs.rolloutSteps', value: window });
    }
  }
  const size = answers.modelSizeB;
  if (typeof size === 'number' && Number.isFinite(size) && size > 0 && size !== simDefaults.model.paramsB) {
    const next = withValue(scenario, 'model.paramsB', size);
    if (SimScenarioSchema.safeParse(next).success) {
      scenario = next;
      notes.push({ path: 'model.paramsB', source: 'needs.modelSizeB', value: size });
    }
  }
  const fitted = withFittingTensorParallel(scenario);
  if (fitted !== scenario) {
    scenario = fitted;
    notes.push({ path: 'cluster.tensorParallel', source: 'needs.modelSizeB', value: valueAt(scenario, 'cluster.tensorParallel') });
  }
  return { scenario, notes };
}

/**
 * The scenario with the smallest tensor-parallel degree whose engine holds the model and one
 * full-window KV cache (`fittingTensorParallel`), when its own does not fit; the same scenario
 * when it fits, when none fits, or when it breaks another rule (that one says so itself).
 */
export function withFittingTensorParallel(scenario: Tree): Tree {
  const parsed = SimScenarioSchema.safeParse(scenario);
  if (!parsed.success || engineFit(parsed.data).fits) return scenario;
  const tp = fittingTensorParallel(parsed.data);
  return tp === null ? scenario : withValue(scenario, 'cluster.tensorParallel', tp);
}

const MAX_SEEDED_WINDOW = 2 ** 20;

/** The smallest power-of-two context window holding twice a median rollout of `turns` turns (default token sizes), capped at 2^20. */
export function contextWindowFor(turns: number): number {
  const r = simDefaults.rollout;
  const tokens = r.promptTokens + turns * (r.generatedTokensPerTurn.median + r.observationTokensPerTurn.median);
  return Math.min(MAX_SEEDED_WINDOW, 2 ** Math.ceil(Math.log2(2 * tokens)));
}

/** The candidate's simulation entry (the first, if an older file holds several). */
export function simulationOf(doc: WorkshopDoc, candidateId: string): Simulation | undefined {
  return doc.simulations.find((s) => s.candidateId === candidateId);
}

/** The default name of a seeded simulation, shown in the UI's (or the report's) language until the team names it. */
export const SCENARIO_NAME = { 'zh-CN': '成本与吞吐场景', en: 'Cost and throughput scenario' } as const;

/** Adds the candidate's seeded simulation if it has none; the same document otherwise. */
export function ensureSimulation(doc: WorkshopDoc, candidateId: string, id: string): WorkshopDoc {
  const candidate = doc.candidates.find((c) => c.id === candidateId);
  if (!candidate || simulationOf(doc, candidateId) || doc.simulations.some((s) => s.id === id)) return doc;
  const { scenario } = seedScenario(candidate, doc.needs.answers);
  const sim: Simulation = { id, candidateId, name: defaultName(SCENARIO_NAME), scenario, result: null, resultScenario: null, ranAt: '', legacy: '' };
  return { ...doc, simulations: [...doc.simulations, sim] };
}

function updateSimulation(doc: WorkshopDoc, candidateId: string, patch: (s: Simulation) => Simulation): WorkshopDoc {
  const i = doc.simulations.findIndex((s) => s.candidateId === candidateId);
  if (i < 0) return doc;
  const next = patch(doc.simulations[i]);
  if (next === doc.simulations[i]) return doc;
  const simulations = doc.simulations.slice();
  simulations[i] = next;
  return { ...doc, simulations };
}

/**
 * Sets one scenario field. An attached full result is kept with the scenario it was computed
 * from (`resultScenario`): it is then stale (`resultStatus` says what changed since) until the
 * team runs the simulation again — never dropped behind the team's back.
 *
 * A value that would break a cross-field rule of the simulator (turns median 99999 above its
 * p99, 1e9 steps beyond the rollout limit; `issuesAdded`) is not committed: the same document
 * comes back, so no undo step is made; the editor shows the value as invalid where it was typed.
 */
export function setScenarioValue(doc: WorkshopDoc, candidateId: string, path: string, value: unknown): WorkshopDoc {
  return updateSimulation(doc, candidateId, (s) => {
    const scenario = withValue(s.scenario, path, value);
    if (scenario === s.scenario) return s;
    if (issuesAdded(s.scenario, path, value).length > 0) return s;
    return { ...s, scenario, resultScenario: s.result && !s.resultScenario ? s.scenario : s.resultScenario };
  });
}

/** Puts the scenario back to the candidate's seed (archetype and needs); an attached result is kept (stale if it differs). */
export function resetScenario(doc: WorkshopDoc, candidateId: string): WorkshopDoc {
  const candidate = doc.candidates.find((c) => c.id === candidateId);
  if (!candidate) return doc;
  const { scenario } = seedScenario(candidate, doc.needs.answers);
  return updateSimulation(doc, candidateId, (s) =>
    JSON.stringify(s.scenario) === JSON.stringify(scenario)
      ? s
      : { ...s, scenario, resultScenario: s.result && !s.resultScenario ? s.scenario : s.resultScenario },
  );
}

/** Leaf paths ("a.b.c") where two plain JSON trees differ, sorted. */
export function changedPaths(a: unknown, b: unknown, prefix = ''): string[] {
  const isTree = (x: unknown): x is Tree => typeof x === 'object' && x !== null && !Array.isArray(x);
  if ((isTree(a) || a === undefined) && (isTree(b) || b === undefined) && (isTree(a) || isTree(b))) {
    const ta: Tree = isTree(a) ? a : {};
    const tb: Tree = isTree(b) ? b : {};
    const keys = [...new Set([...Object.keys(ta), ...Object.keys(tb)])].sort();
    return keys.flatMap((k) => changedPaths(ta[k], tb[k], prefix ? `${prefix}.${k}` : k));
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [prefix || '(scenario)'];
}

export interface ResultStatus {
  /** The scenario fields changed since the result was computed (empty: it is the scenario's own result). */
  changes: string[];
  /** The stored result no longer matches the current result format (e.g. from an older simulator): kept, shown as such. */
  outdated: boolean;
  stale: boolean;
}

/**
 * A result an older version stored and this one can no longer read: the loader keeps it, as
 * JSON text, in the simulation's `legacy` field (migrate.ts `salvageSimulations`), with when it
 * ran. Its key figures are read where they still sit where they did (else null): the screen
 * and the report show them, marked outdated, until the team runs the simulation again.
 */
export interface KeptResult {
  ranAt: string;
  figures: { stepSeconds: number | null; gpuHours: number | null; costTotal: number | null };
  /** The kept JSON text of the result. */
  text: string;
}

const keptCache = new Map<string, KeptResult | null>();

function keptLines(legacy: string): Array<{ line: string; value: Tree | null }> {
  return legacy
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      try {
        const v: unknown = JSON.parse(line);
        return { line, value: typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Tree) : null };
      } catch {
        return { line, value: null };
      }
    });
}

export function keptResult(sim: Simulation | undefined): KeptResult | null {
  if (!sim?.legacy) return null;
  const cached = keptCache.get(sim.legacy);
  if (cached !== undefined) return cached;
  const entry = keptLines(sim.legacy).find((l) => l.value && 'result' in l.value);
  let kept: KeptResult | null = null;
  if (entry?.value) {
    const r = entry.value.result;
    const at = (path: string): number | null => {
      let node: unknown = r;
      for (const k of path.split('.')) node = typeof node === 'object' && node !== null ? (node as Tree)[k] : undefined;
      return typeof node === 'number' && Number.isFinite(node) ? node : null;
    };
    kept = {
      ranAt: typeof entry.value.ranAt === 'string' ? entry.value.ranAt : '',
      figures: { stepSeconds: at('step.meanSeconds'), gpuHours: at('totals.gpuHours'), costTotal: at('totals.costTotal') },
      text: JSON.stringify(r) ?? '',
    };
  }
  if (keptCache.size > 200) keptCache.clear();
  keptCache.set(sim.legacy, kept);
  return kept;
}

/**
 * Whether a simulation's stored result is current: null when there is none. A result kept
 * from an older version (`keptResult`) counts: it is outdated, hence stale, never "no result".
 */
export function resultStatus(sim: Simulation | undefined): ResultStatus | null {
  if (!sim?.result) return keptResult(sim) ? { changes: [], outdated: true, stale: true } : null;
  const changes = changedPaths(sim.resultScenario ?? sim.scenario, sim.scenario);
  const outdated = storedResult(sim) === null;
  return { changes, outdated, stale: outdated || changes.length > 0 };
}

/**
 * Attaches a full simulation result, if the scenario is still the one that was simulated
 * (an edit during the run makes the result stale: the document is left as it is).
 */
export function attachResult(doc: WorkshopDoc, candidateId: string, simulated: Tree, result: SimResult, ranAt: string): WorkshopDoc {
  return updateSimulation(doc, candidateId, (s) =>
    JSON.stringify(s.scenario) === JSON.stringify(simulated) ? { ...s, result, resultScenario: simulated, ranAt } : s,
  );
}

/** Detaches the result (the team's explicit choice, one undo step), a kept older one included. */
export function detachResult(doc: WorkshopDoc, candidateId: string): WorkshopDoc {
  return updateSimulation(doc, candidateId, (s) => {
    const legacy = keptResult(s)
      ? keptLines(s.legacy)
          .filter((l) => !(l.value && 'result' in l.value))
          .map((l) => l.line)
          .join('\n')
      : s.legacy;
    return s.result === null && s.ranAt === '' && legacy === s.legacy ? s : { ...s, result: null, resultScenario: null, ranAt: '', legacy };
  });
}

// Documents are immutable, so a stored result object is checked once (screens re-read it on every edit).
const checked = new WeakMap<object, SimResult | null>();

/** A stored result as the contract's type, or null if there is none or it is not one (e.g. from another version). */
export function storedResult(sim: Simulation | undefined): SimResult | null {
  if (!sim?.result) return null;
  let result = checked.get(sim.result);
  if (result === undefined) {
    const parsed = SimResultSchema.safeParse(sim.result);
    result = parsed.success ? parsed.data : null;
    checked.set(sim.result, result);
  }
  return result;
}

// ---------------------------------------------------------------------------------------
// Summaries of a result (for the key figures, the charts and the comparison strip)

export interface ResultSummary {
  stepSeconds: number;
  stepP90Seconds: number;
  wallHours: number;
  gpuHours: number;
  costTotal: number;
  /** Cost attributable to the run (total minus idle owned capacity), USD. */
  costRun: number;
  costPerStep: number;
  rolloutUtilization: number;
  trainUtilization: number;
  rolloutIdle: number;
  trainIdle: number;
  /** Rollouts that hit the context window (truncate/summarize/fail), fraction of all rollouts. */
  truncatedShare: number;
  /** Rollouts that failed for good (sandbox retries exhausted or overflow = fail). */
  failedShare: number;
}

export function summarize(r: SimResult): ResultSummary {
  const rollouts = Math.max(1, r.totals.rollouts);
  return {
    stepSeconds: r.step.meanSeconds,
    stepP90Seconds: r.step.p90Seconds,
    wallHours: r.totals.wallHours,
    gpuHours: r.totals.gpuHours,
    costTotal: r.totals.costTotal,
    costRun: r.totals.costRun,
    costPerStep: r.totals.costPerStep,
    rolloutUtilization: r.gpuUtilization.rollout,
    trainUtilization: r.gpuUtilization.train,
    rolloutIdle: r.idleFraction.rollout,
    trainIdle: r.idleFraction.train,
    truncatedShare: r.totals.truncatedRollouts / rollouts,
    failedShare: r.totals.failedRollouts / rollouts,
  };
}

export const STEP_PARTS = ['rollout', 'train', 'sync', 'failures'] as const;
export type StepPart = (typeof STEP_PARTS)[number];

/** Mean seconds per step in its exposed parts (they add up to the mean step time). */
export function stepBreakdown(r: SimResult): Record<StepPart, number> {
  return { rollout: r.step.rolloutSeconds, train: r.step.trainSeconds, sync: r.step.syncSeconds, failures: r.step.failureSeconds };
}

/**
 * The budget line of a cost chart: the needs' monthly budget × the months the chart's costs
 * cover, in the workshop's currency. The costs (`costByArchetype`, electron/costsim/money.ts)
 * cover the billing horizon H = max(cost.horizonMonths, the run's wall time) — owned GPUs are
 * paid over all of it, rented ones for the run — so the line covers the same H. When several
 * runs share the horizon (`cost.runsPerMonth`), each run's cost carries 1/runs of the capacity,
 * and so does its budget line: the horizon's budget / the runs that fit. Null without a budget.
 * One place for the cost chart and the sweep's cost curve.
 */
export function horizonBudget(
  doc: Pick<WorkshopDoc, 'needs' | 'currency'>,
  result: Pick<SimResult, 'assumptions' | 'totals'>,
): { perMonth: number; months: number; runs: number; line: number } | null {
  const perMonth = monthlyBudget(doc);
  if (perMonth === null) return null;
  const given = (path: string) => result.assumptions.find((a) => a.path === path)?.value;
  const horizon = given('cost.horizonMonths');
  const runsPerMonth = given('cost.runsPerMonth');
  const use = horizonUse(
    typeof horizon === 'number' && horizon > 0 ? horizon : 1,
    typeof runsPerMonth === 'number' && runsPerMonth > 0 ? runsPerMonth : null,
    result.totals.wallHours,
  );
  const months = use.hours / HOURS_PER_MONTH;
  return { perMonth, months, runs: use.runs, line: (perMonth * months) / use.runs };
}

export const COST_ITEMS = [
  'hardware',
  'power',
  'datacentre',
  'staff',
  'idleCapacity',
  'gpuHours',
  'platformFee',
  'storage',
  'cloudBurst',
  'sandboxCpu',
  'egress',
] as const;
export type CostItem = (typeof COST_ITEMS)[number];

/**
 * Cost per archetype, split into the items that are non-zero for at least one archetype
 * (in `COST_ITEMS` order), so the three columns share one legend.
 */
export function archetypeCosts(r: SimResult): { items: CostItem[]; columns: Array<{ archetype: Archetype; total: number; parts: number[] }> } {
  const items = COST_ITEMS.filter((k) => ARCHETYPES.some((a) => r.costByArchetype[a].breakdown[k] > 0));
  return {
    items,
    columns: ARCHETYPES.map((a) => ({ archetype: a, total: r.costByArchetype[a].total, parts: items.map((k) => r.costByArchetype[a].breakdown[k]) })),
  };
}

export interface ComparisonRow {
  candidateId: string;
  kind: Candidate['kind'];
  archetype: Archetype;
  ranAt: string;
  /** The candidate's last full result, or null (not run yet, or kept in a format no longer read). */
  summary: ResultSummary | null;
  /** The last result is kept but no longer describes the scenario (what changed), or null. */
  status: ResultStatus | null;
  /** A result kept from an older version (no `summary`), shown outdated with the figures it still has. */
  kept: KeptResult | null;
}

/** One row per candidate, in the workshop's candidate order. */
export function comparisonRows(doc: WorkshopDoc): ComparisonRow[] {
  return doc.candidates.map((c) => {
    const sim = simulationOf(doc, c.id);
    const result = storedResult(sim);
    const archetype = (sim?.scenario && (sim.scenario.cost as Tree | undefined)?.archetype) ?? archetypeOfKind(c.kind) ?? simDefaults.cost.archetype;
    return {
      candidateId: c.id,
      kind: c.kind,
      archetype: archetype as Archetype,
      ranAt: result ? (sim?.ranAt ?? '') : '',
      summary: result ? summarize(result) : null,
      status: resultStatus(sim),
      kept: result ? null : keptResult(sim),
    };
  });
}

// ---------------------------------------------------------------------------------------
// Sweeps over rollout length

/** Rollout lengths the sweep tries by default (doubling, as the seed's "long chains" discussion goes). */
export const DEFAULT_TURN_SWEEP = [1, 2, 4, 8, 16, 32, 64] as const;

export type SweepValuesError =
  | { code: 'empty' }
  | { code: 'notNumber'; text: string }
  | { code: 'notPositive'; value: number }
  | { code: 'tooMany'; max: number }
  | { code: 'aboveTail'; value: number; limit: number };

/**
 * Parses "1, 2, 4, 8" into sorted distinct values for a sweep of `rollout.turns.median`, at
 * most 64, each > 0. When only the median moves (`fixedTail` given), each must also be at most
 * the scenario's turns p99 and max (the contract requires median ≤ p99 and median ≤ max).
 */
export function parseTurnSweep(
  text: string,
  fixedTail?: { p99: number; max: number },
): { ok: true; values: number[] } | { ok: false; error: SweepValuesError } {
  const parts = text.split(/[\s,，;；、]+/).filter(Boolean);
  if (parts.length === 0) return { ok: false, error: { code: 'empty' } };
  const values: number[] = [];
  for (const p of parts) {
    const v = Number(p);
    if (!Number.isFinite(v)) return { ok: false, error: { code: 'notNumber', text: p } };
    if (v <= 0) return { ok: false, error: { code: 'notPositive', value: v } };
    values.push(v);
  }
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  if (sorted.length > 64) return { ok: false, error: { code: 'tooMany', max: 64 } };
  if (fixedTail) {
    const limit = Math.min(fixedTail.p99, fixedTail.max);
    const above = sorted.find((v) => v > limit);
    if (above !== undefined) return { ok: false, error: { code: 'aboveTail', value: above, limit } };
  }
  return { ok: true, values: sorted };
}

/**
 * The scenario with its turns distribution moved to `median`, the p99 and cap keeping their
 * ratio to the median: a rollout-length sweep then lengthens the whole distribution, tail
 * included (the step waits for its longest rollout, so a fixed tail would hide the effect).
 */
export function withTurnsScaled(scenario: Tree, median: number): Tree {
  const t = { ...simDefaults.rollout.turns, ...((scenario.rollout as Tree | undefined)?.turns as Tree | undefined) } as {
    median: number;
    p99: number;
    max: number;
  };
  const scale = (x: number) => Math.round(((x * median) / t.median) * 1000) / 1000;
  return withValue(scenario, 'rollout.turns', { median, p99: Math.max(median, scale(t.p99)), max: Math.max(median, scale(t.max)) });
}

/** Sweeps of single points (or of consecutive ranges), joined into one sweep in the given order. */
export function joinSweeps(parts: readonly SimSweepResult[]): SimSweepResult {
  const keys = Object.keys(parts[0]?.curves ?? {}) as Array<keyof SimSweepResult['curves']>;
  const curves = Object.fromEntries(keys.map((k) => [k, parts.flatMap((p) => p.curves[k])])) as SimSweepResult['curves'];
  return { field: parts[0]?.field ?? '', values: parts.flatMap((p) => p.values), curves, points: parts.flatMap((p) => p.points) };
}

/**
 * The straight line through a curve's first two points, over all its x values: what the
 * curve would be if every extra turn cost what the first extra turn did. A curve above it
 * grows faster than linearly.
 */
export function linearTrend(xs: readonly number[], ys: readonly number[]): number[] {
  if (xs.length < 2 || xs[1] === xs[0]) return ys.slice();
  const slope = (ys[1] - ys[0]) / (xs[1] - xs[0]);
  return xs.map((x) => ys[0] + slope * (x - xs[0]));
}

/**
 * How a curve grows against its linear trend: `ratioX` and `ratioY` are last/first; `peak` is
 * the point furthest above the trend (`vsLinear` = value / trend value, > 1: faster than
 * linear up to there). Null for fewer than three points or a non-positive start.
 */
export function growth(xs: readonly number[], ys: readonly number[]): { ratioX: number; ratioY: number; vsLinear: number; atX: number } | null {
  const n = xs.length;
  if (n < 3 || xs[0] <= 0 || ys[0] <= 0) return null;
  const trend = linearTrend(xs, ys);
  let best = -1;
  for (let i = 2; i < n; i++) if (trend[i] > 0 && (best < 0 || ys[i] / trend[i] > ys[best] / trend[best])) best = i;
  if (best < 0) return null;
  return { ratioX: xs[n - 1] / xs[0], ratioY: ys[n - 1] / ys[0], vsLinear: ys[best] / trend[best], atX: xs[best] };
}
