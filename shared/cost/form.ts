import { GPU_NAMES, MAX_SIM_ROLLOUTS, SimScenarioSchema, simDefaults, type SimScenario } from './schema';

/**
 * The cost simulator's scenario as a form: which fields the editor shows, their units and
 * bounds, how text typed into a field becomes a scenario value, and which cross-field rule
 * a scenario breaks. A stored scenario is *sparse*: only the fields that differ from the
 * documented defaults (`simDefaults`), so the workshop file and the report list what the
 * team actually chose.
 */

export type SimFieldGroup = 'run' | 'rollout' | 'context' | 'model' | 'cluster' | 'system' | 'reliability' | 'cost';
export const SIM_FIELD_GROUPS: readonly SimFieldGroup[] = ['run', 'rollout', 'context', 'model', 'cluster', 'system', 'reliability', 'cost'];

/** Unit of a field (the UI translates it). */
export type SimUnit =
  | 'steps'
  | 'prompts'
  | 'rollouts'
  | 'turns'
  | 'tokens'
  | 'seconds'
  | 'minutes'
  | 'hours'
  | 'months'
  | 'probability'
  | 'fraction'
  | 'batches'
  | 'billionParams'
  | 'gpus'
  | 'percent'
  | 'usdPerGpuHour'
  | 'usd'
  | 'usdPerMonth'
  | 'usdPerGpuMonth'
  | 'usdPerKwh'
  | 'usdPerGbMonth'
  | 'gb'
  | 'kw'
  | 'gbPerSecond'
  | 'runsPerMonth'
  | 'cpuCores'
  | 'usdPerCoreHour'
  | 'usdPerGb'
  | 'none';

interface FieldBase {
  /** Dotted scenario path, e.g. `rollout.turns.median`. */
  path: string;
  group: SimFieldGroup;
  /** Shown under "more settings" of its group. */
  advanced?: boolean;
}

export interface NumberFieldSpec extends FieldBase {
  kind: 'number';
  unit: SimUnit;
  integer: boolean;
  /** Inclusive bounds, as the contract states them (`minExclusive`: the value must be > min). */
  min: number;
  max: number;
  minExclusive?: boolean;
  maxExclusive?: boolean;
  /** `null` allowed: an empty field means "derived" (e.g. rollout GPUs = half of the GPUs). */
  nullable?: boolean;
  /** A slider over this range (narrower than the bounds; the number box takes the rest). */
  slider?: { min: number; max: number; scale: 'linear' | 'log' };
}

export interface ChoiceFieldSpec extends FieldBase {
  kind: 'choice';
  options: readonly string[];
}

export interface BooleanFieldSpec extends FieldBase {
  kind: 'boolean';
}

export type SimFieldSpec = NumberFieldSpec | ChoiceFieldSpec | BooleanFieldSpec;

const num = (path: string, group: SimFieldGroup, unit: SimUnit, o: Omit<NumberFieldSpec, 'kind' | 'path' | 'group' | 'unit'>): NumberFieldSpec => ({
  kind: 'number',
  path,
  group,
  unit,
  ...o,
});
const int = (min: number, max: number) => ({ integer: true, min, max });
const pos = (max = 1e12) => ({ integer: false, min: 0, max, minExclusive: true });
const nonNeg = (max = 1e12) => ({ integer: false, min: 0, max });
const log = (min: number, max: number) => ({ min, max, scale: 'log' as const });
const lin = (min: number, max: number) => ({ min, max, scale: 'linear' as const });

/** Every field the editor offers, in display order (bounds mirror `shared/contract/sim.ts`). */
export const SIM_FIELDS: readonly SimFieldSpec[] = [
  num('steps', 'run', 'steps', { ...int(1, 1_000_000), slider: log(1, 2000) }),
  num('promptsPerStep', 'run', 'prompts', { ...int(1, 10_000_000), slider: log(1, 1024) }),
  num('rolloutsPerPrompt', 'run', 'rollouts', { ...int(1, 100_000), slider: log(1, 64) }),
  num('seed', 'run', 'none', { ...int(0, 4_294_967_295), advanced: true }),

  num('rollout.turns.median', 'rollout', 'turns', { ...pos(), slider: log(1, 128) }),
  num('rollout.turns.p99', 'rollout', 'turns', { ...pos(), slider: log(1, 512) }),
  num('rollout.turns.max', 'rollout', 'turns', { ...pos(), advanced: true }),
  num('rollout.generatedTokensPerTurn.median', 'rollout', 'tokens', { ...pos(), slider: log(16, 16384) }),
  num('rollout.generatedTokensPerTurn.p99', 'rollout', 'tokens', { ...pos(), slider: log(16, 65536) }),
  num('rollout.generatedTokensPerTurn.max', 'rollout', 'tokens', { ...pos(), advanced: true }),
  num('rollout.observationTokensPerTurn.median', 'rollout', 'tokens', { ...pos(), slider: log(1, 16384) }),
  num('rollout.observationTokensPerTurn.p99', 'rollout', 'tokens', { ...pos(), slider: log(1, 65536) }),
  num('rollout.observationTokensPerTurn.max', 'rollout', 'tokens', { ...pos(), advanced: true }),
  num('rollout.toolLatencySeconds.median', 'rollout', 'seconds', { ...pos(), slider: log(0.05, 120) }),
  num('rollout.toolLatencySeconds.p99', 'rollout', 'seconds', { ...pos(), slider: log(0.1, 900) }),
  num('rollout.toolLatencySeconds.max', 'rollout', 'seconds', { ...pos(), advanced: true }),
  num('rollout.envFailureRate', 'rollout', 'probability', { integer: false, min: 0, max: 1, maxExclusive: true, slider: lin(0, 0.2) }),
  num('rollout.envMaxRetries', 'rollout', 'none', { ...int(0, 100), advanced: true }),

  num('rollout.promptTokens', 'context', 'tokens', { ...int(1, 1_000_000), slider: log(16, 65536) }),
  num('rollout.maxContextTokens', 'context', 'tokens', { ...int(16, 4_000_000), slider: log(2048, 1_048_576) }),
  { kind: 'choice', path: 'rollout.overflow', group: 'context', options: ['truncate', 'summarize', 'fail'] },
  num('rollout.summaryTokens', 'context', 'tokens', { ...int(1, 1_000_000), advanced: true }),

  num('model.paramsB', 'model', 'billionParams', { ...pos(100_000), slider: log(0.5, 1000) }),
  num('model.activeParamsB', 'model', 'billionParams', { ...pos(100_000), nullable: true, slider: log(0.5, 1000) }),
  { kind: 'choice', path: 'model.precision', group: 'model', options: ['bf16', 'fp8'] },

  { kind: 'choice', path: 'cluster.gpu', group: 'cluster', options: GPU_NAMES },
  num('cluster.gpus', 'cluster', 'gpus', { ...int(1, 1_000_000), slider: log(1, 4096) }),
  { kind: 'boolean', path: 'cluster.colocated', group: 'cluster' },
  num('cluster.rolloutGpus', 'cluster', 'gpus', { ...int(1, 1_000_000), nullable: true }),
  num('cluster.trainGpus', 'cluster', 'gpus', { ...int(1, 1_000_000), nullable: true }),
  num('cluster.tensorParallel', 'cluster', 'gpus', { ...int(1, 64), slider: log(1, 64) }),
  num('cluster.mfu', 'cluster', 'fraction', { integer: false, min: 0, max: 1, minExclusive: true, slider: lin(0.05, 0.8) }),
  num('cluster.networkGBps', 'cluster', 'gbPerSecond', { ...pos(), advanced: true }),
  num('cluster.decodeStepHostSeconds', 'cluster', 'seconds', { ...nonNeg(), advanced: true }),
  num('cluster.decodeStepFloorSeconds', 'cluster', 'seconds', { ...nonNeg(), nullable: true, advanced: true }),
  { kind: 'choice', path: 'cluster.kvDuringTool', group: 'cluster', options: ['free', 'keep'] },
  { kind: 'choice', path: 'cluster.preemption', group: 'cluster', options: ['recompute', 'swap'], advanced: true },

  { kind: 'choice', path: 'system.mode', group: 'system', options: ['sync', 'async'] },
  num('system.staleness', 'system', 'batches', { ...nonNeg(16), slider: lin(0, 4) }),
  { kind: 'boolean', path: 'system.partialRollout', group: 'system' },
  num('system.partialCutoffTokens', 'system', 'tokens', { ...int(1, 10_000_000), slider: log(256, 65536) }),
  { kind: 'boolean', path: 'training.critic', group: 'system', advanced: true },
  { kind: 'boolean', path: 'training.mixedPrecision', group: 'system' },
  num('training.gradientAccumulation', 'system', 'none', { ...int(1, 100_000), advanced: true }),
  num('environment.dynamicSamplingDropRate', 'system', 'fraction', { integer: false, min: 0, max: 0.9, slider: lin(0, 0.9), advanced: true }),

  num('environment.sandboxStartSeconds', 'rollout', 'seconds', { ...nonNeg(), slider: log(0.1, 600) }),
  num('environment.rewardSeconds', 'rollout', 'seconds', { ...nonNeg(), slider: log(0.1, 1800) }),
  num('environment.maxConcurrentSandboxes', 'rollout', 'rollouts', { ...int(1, 100_000_000), nullable: true, advanced: true }),

  num('reliability.gpuMtbfHours', 'reliability', 'hours', { ...pos(), slider: log(500, 200_000) }),
  num('reliability.checkpointMinutes', 'reliability', 'minutes', { ...pos(), slider: log(1, 480) }),
  num('reliability.restartMinutes', 'reliability', 'minutes', { ...nonNeg(), slider: lin(0, 120) }),
  num('overheads.storageGBps', 'reliability', 'gbPerSecond', { ...pos(), advanced: true }),
  num('overheads.evalEverySteps', 'reliability', 'steps', { ...int(0, 1_000_000), advanced: true }),
  num('overheads.evalSeconds', 'reliability', 'seconds', { ...nonNeg(), advanced: true }),

  { kind: 'choice', path: 'cost.archetype', group: 'cost', options: ['self-built', 'managed', 'hybrid'] },
  num('cost.horizonMonths', 'cost', 'months', { ...pos(), slider: log(0.1, 36) }),
  num('cost.gpuHourPrice', 'cost', 'usdPerGpuHour', { ...nonNeg(), nullable: true, slider: lin(0, 10) }),
  { kind: 'choice', path: 'cost.pricing', group: 'cost', options: ['on-demand', 'reserved', 'spot'] },
  num('cost.platformFeePercent', 'cost', 'percent', { ...nonNeg(), slider: lin(0, 50) }),
  num('cost.purchasePricePerGpu', 'cost', 'usd', { ...nonNeg(), nullable: true, slider: lin(0, 60_000) }),
  num('cost.amortisationMonths', 'cost', 'months', { ...pos(), slider: lin(6, 72) }),
  num('cost.opsStaffPerMonth', 'cost', 'usdPerMonth', { ...nonNeg(), slider: lin(0, 200_000) }),
  num('cost.hybridOwnedGpus', 'cost', 'gpus', { ...int(0, 1_000_000), nullable: true }),
  num('cost.electricityPerKwh', 'cost', 'usdPerKwh', { ...nonNeg(), advanced: true }),
  num('cost.pue', 'cost', 'none', { integer: false, min: 1, max: 5, advanced: true }),
  num('cost.powerKwPerGpu', 'cost', 'kw', { ...nonNeg(), nullable: true, advanced: true }),
  num('cost.idlePowerFraction', 'cost', 'fraction', { integer: false, min: 0, max: 1, advanced: true }),
  num('cost.datacentrePerGpuMonth', 'cost', 'usdPerGpuMonth', { ...nonNeg(), advanced: true }),
  num('cost.serverOverheadPercent', 'cost', 'percent', { ...nonNeg(), advanced: true }),
  num('cost.storageGB', 'cost', 'gb', { ...nonNeg(), advanced: true }),
  num('cost.storagePerGBMonth', 'cost', 'usdPerGbMonth', { ...nonNeg(), advanced: true }),
  num('cost.runsPerMonth', 'cost', 'runsPerMonth', { ...pos(), nullable: true, slider: log(0.1, 100) }),
  num('cost.opsGpusPerEngineer', 'cost', 'gpus', { ...pos(), nullable: true, advanced: true }),
  num('cost.sandboxVcpus', 'cost', 'cpuCores', { ...nonNeg(), slider: lin(0, 4096) }),
  num('cost.vcpuHourPrice', 'cost', 'usdPerCoreHour', { ...nonNeg(), advanced: true }),
  num('cost.egressGB', 'cost', 'gb', { ...nonNeg(), slider: lin(0, 10_000) }),
  num('cost.egressPerGB', 'cost', 'usdPerGb', { ...nonNeg(), advanced: true }),
  num('cost.checkpointRetentionMonths', 'cost', 'months', { ...nonNeg(), slider: lin(0, 24) }),
];

export function fieldSpec(path: string): SimFieldSpec | undefined {
  return SIM_FIELDS.find((f) => f.path === path);
}

// ---------------------------------------------------------------------------------------
// Dotted paths over a (sparse) scenario

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at `path`, or undefined when the scenario does not set it. */
export function valueAt(tree: unknown, path: string): unknown {
  let node: unknown = tree;
  for (const key of path.split('.')) {
    if (!isTree(node) || !Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

/** The value the simulator will use: the scenario's, else the documented default. */
export function effectiveValue(scenario: Tree, path: string): unknown {
  const own = valueAt(scenario, path);
  return own === undefined ? valueAt(simDefaults, path) : own;
}

/**
 * A copy of the sparse `scenario` with `path` set to `value`. A value equal to the default
 * is removed (and sections left empty with it), so the scenario stays the list of choices
 * that differ from the defaults. Returns `scenario` itself when nothing changes.
 */
export function withValue(scenario: Tree, path: string, value: unknown): Tree {
  const keys = path.split('.');
  const isDefault = JSON.stringify(valueAt(simDefaults, path)) === JSON.stringify(value);
  const current = valueAt(scenario, path);
  if (isDefault ? current === undefined : JSON.stringify(current) === JSON.stringify(value)) return scenario;
  const set = (node: Tree, i: number): Tree => {
    const key = keys[i];
    const out: Tree = { ...node };
    if (i === keys.length - 1) {
      if (isDefault) delete out[key];
      else out[key] = value;
    } else {
      const child = set(isTree(node[key]) ? (node[key] as Tree) : {}, i + 1);
      if (Object.keys(child).length === 0) delete out[key];
      else out[key] = child;
    }
    return out;
  };
  return set(scenario, 0);
}

// ---------------------------------------------------------------------------------------
// Field input → value

export type FieldErrorCode = 'required' | 'notNumber' | 'notInteger' | 'tooSmall' | 'tooLarge' | 'notAnOption';
export interface FieldError {
  code: FieldErrorCode;
  /** The bound that was crossed (`tooSmall` / `tooLarge`), and whether it is itself allowed. */
  limit?: number;
  inclusive?: boolean;
}
export type FieldParse = { ok: true; value: number | null } | { ok: false; error: FieldError };

/** Text typed into a number field → the scenario value, or why it is not acceptable. */
export function parseNumberField(spec: NumberFieldSpec, text: string): FieldParse {
  const trimmed = text.trim().replace(/[,\s_]/g, '');
  if (trimmed === '') return spec.nullable ? { ok: true, value: null } : { ok: false, error: { code: 'required' } };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, error: { code: 'notNumber' } };
  if (spec.integer && !Number.isInteger(value)) return { ok: false, error: { code: 'notInteger' } };
  if (value < spec.min || (spec.minExclusive && value === spec.min))
    return { ok: false, error: { code: 'tooSmall', limit: spec.min, inclusive: !spec.minExclusive } };
  if (value > spec.max || (spec.maxExclusive && value === spec.max))
    return { ok: false, error: { code: 'tooLarge', limit: spec.max, inclusive: !spec.maxExclusive } };
  return { ok: true, value };
}

/** Slider position in [0, 1000] ↔ value, linear or logarithmic over the slider's range. */
export const SLIDER_STEPS = 1000;
export function sliderPosition(spec: NumberFieldSpec, value: number): number {
  const s = spec.slider;
  if (!s) return 0;
  const v = Math.min(s.max, Math.max(s.min, value));
  const t = s.scale === 'log' ? Math.log(v / s.min) / Math.log(s.max / s.min) : (v - s.min) / (s.max - s.min);
  return Math.round(t * SLIDER_STEPS);
}

/** The value at a slider position, rounded to what the field accepts and to ~2 significant digits (log) so drags land on readable numbers. */
export function sliderValue(spec: NumberFieldSpec, position: number): number {
  const s = spec.slider;
  if (!s) return spec.min;
  const t = Math.min(1, Math.max(0, position / SLIDER_STEPS));
  let v = s.scale === 'log' ? s.min * Math.pow(s.max / s.min, t) : s.min + t * (s.max - s.min);
  // The ends are exact; in between, readable numbers within the slider's range.
  v = t === 0 ? s.min : t === 1 ? s.max : Math.min(s.max, Math.max(s.min, roundForDisplay(v, s.scale === 'log' ? 2 : 3, s.max - s.min)));
  if (spec.integer) v = Math.round(v);
  if (spec.minExclusive && v <= spec.min) v = spec.integer ? spec.min + 1 : s.min;
  return Math.min(spec.max, Math.max(spec.min, v));
}

function roundForDisplay(v: number, digits: number, span: number): number {
  if (v === 0) return 0;
  const magnitude = Math.floor(Math.log10(Math.abs(v)));
  // Linear sliders round to a fixed grain of their span; log sliders to significant digits.
  const grain = digits === 3 ? Math.pow(10, Math.floor(Math.log10(span)) - 2) : Math.pow(10, magnitude - digits + 1);
  return Number((Math.round(v / grain) * grain).toPrecision(12));
}

// ---------------------------------------------------------------------------------------
// Whole-scenario checks

/** Cross-field rules of the contract, named so the UI can explain them in the team's language. */
export type ScenarioIssueCode =
  | 'p99BelowMedian'
  | 'maxBelowMedian'
  | 'promptTooLong'
  | 'summaryTooLong'
  | 'activeAboveTotal'
  | 'tooManyRollouts'
  | 'tpAboveGpus'
  | 'poolsMismatch'
  | 'separateNeedsTwo'
  | 'ownedAboveGpus'
  | 'partialNeedsAsync'
  | 'other';

export interface ScenarioIssue {
  path: string;
  code: ScenarioIssueCode;
  /** The contract's own (English) message. */
  message: string;
  params?: Record<string, number>;
}

function issueCode(path: string): ScenarioIssueCode {
  if (/\.p99$/.test(path) && path.startsWith('rollout.')) return 'p99BelowMedian';
  if (/\.max$/.test(path) && path.startsWith('rollout.')) return 'maxBelowMedian';
  const byPath: Record<string, ScenarioIssueCode> = {
    'rollout.promptTokens': 'promptTooLong',
    'rollout.summaryTokens': 'summaryTooLong',
    'model.activeParamsB': 'activeAboveTotal',
    steps: 'tooManyRollouts',
    'cluster.tensorParallel': 'tpAboveGpus',
    'cluster.trainGpus': 'poolsMismatch',
    'cluster.rolloutGpus': 'poolsMismatch',
    'cluster.gpus': 'separateNeedsTwo',
    'cost.hybridOwnedGpus': 'ownedAboveGpus',
    'system.partialRollout': 'partialNeedsAsync',
  };
  return byPath[path] ?? 'other';
}

/**
 * What the contract would reject in this scenario, one issue per field path (the first
 * rule broken there). Empty when `sim.run` would accept it.
 */
export function scenarioIssues(scenario: SimScenario | Tree): ScenarioIssue[] {
  const parsed = SimScenarioSchema.safeParse(scenario);
  if (parsed.success) return [];
  const seen = new Set<string>();
  const out: ScenarioIssue[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    const code = issueCode(path);
    out.push({ path, code, message: issue.message, ...(code === 'tooManyRollouts' ? { params: { max: MAX_SIM_ROLLOUTS } } : {}) });
  }
  return out;
}

/**
 * The cross-field issues that setting `path` to `value` would add to `scenario` (at a field
 * that has none now). An edit that adds one is not committed (`setScenarioValue` refuses it):
 * the editor shows the value as invalid, and the document and its undo history stay as they
 * were. An edit that leaves an older problem in place, or fixes one, is committed.
 */
export function issuesAdded(scenario: Tree, path: string, value: unknown): ScenarioIssue[] {
  const next = withValue(scenario, path, value);
  if (next === scenario) return [];
  const before = new Set(scenarioIssues(scenario).map((i) => i.path));
  return scenarioIssues(next).filter((i) => !before.has(i.path));
}
