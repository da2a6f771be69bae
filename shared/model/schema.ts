import { z } from 'zod';
import { SimCalibrationSchema, SimResultSchema, SimScenarioSchema } from '../cost/schema';
import { withoutDefaults } from '../cost/stored';
import { valueFunctionProblem } from '../scoring/value-function';
import { SCHEMA_VERSION } from './version';

export { SCHEMA_VERSION };

/**
 * The workshop document (version `SCHEMA_VERSION`, see migrations/): the unit of work, storage and export.
 * Every object is strict (unknown keys are errors, which also refuses `__proto__`
 * smuggled in by a hostile file). Fields added later get `.default()` so documents
 * written by an earlier build still parse.
 */

/** Largest lists a document may hold (also checked up front by `precheck` in migrate.ts). */
export const LIST_LIMITS = {
  participants: 100,
  criteria: 50,
  candidates: 50,
  scores: 250_000,
  validation: 2000,
  simulations: 200,
  scenarios: 200,
  /** Pairwise ratings: one per participant and dimension. */
  ratings: 5000,
} as const;

const SHORT = 1000;
const LONG = 100_000;
const shortText = () => z.string().max(SHORT, `must be at most ${SHORT} characters`);
const longText = () => z.string().max(LONG, `must be at most ${LONG} characters`);
const num = () => z.number().refine(Number.isFinite, { message: 'must be a finite number' });

/** A record (object used as a map) of at most `max` entries: its keys are free-form, so their number is bounded. */
const boundedRecord = <K extends z.core.$ZodRecordKey, V extends z.ZodType>(key: K, value: V, max: number) =>
  z.record(key, value).refine((r) => Object.keys(r).length <= max, { message: `must have at most ${max} entries` });

export const IdSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/, 'may contain only letters, digits and . _ : -');

/** A calendar date `YYYY-MM-DD`, or empty for "not set". */
export const DateSchema = z.union([z.literal(''), z.iso.date()]);
export const DateTimeSchema = z.iso.datetime({ offset: true });

export const LangSchema = z.enum(['zh-CN', 'en']);
export const LocalizedTextSchema = z.strictObject({ 'zh-CN': longText(), en: longText() });
const LocalizedShort = z.strictObject({ 'zh-CN': shortText(), en: shortText() });

export const RoleSchema = z.enum(['facilitator', 'ml-engineer', 'infra-sre', 'security', 'finance', 'product', 'other']);
export const ParticipantSchema = z.strictObject({
  id: IdSchema,
  name: shortText().min(1, 'must not be empty'),
  role: RoleSchema.default('other'),
  /** Influence weight in group aggregation (0 = observer). */
  influence: num().min(0).max(100).default(1),
});

/**
 * The name of a candidate, dimension or simulation: ONE name in every language and export.
 * `text` is what the team typed; while it is empty the `default` (the template's or the app's
 * bilingual name) is shown in the UI's language. `translation` is an optional rendering of the
 * typed name in another language, shown as a translation. Read it with `displayName` (names.ts).
 */
export const NameSchema = z.strictObject({
  text: shortText().default(''),
  default: LocalizedShort.nullable().default(null),
  translation: shortText().default(''),
});

export const CriterionSchema = z.strictObject({
  id: IdSchema,
  name: NameSchema,
  group: z.enum(['challenge', 'system', 'custom']).default('custom'),
  description: LocalizedTextSchema.default({ 'zh-CN': '', en: '' }),
  focusPoints: z.array(LocalizedShort).max(50).default([]),
  highPriority: z.array(LocalizedShort).max(50).default([]),
  /** Weight in points (any non-negative scale; normalised to sum 1 when evaluating). */
  weight: num().min(0).max(10_000),
});

/** One focus point of an expanded dimension: a sub-criterion with its local weight in points. */
export const HierarchyLeafSchema = z.strictObject({
  id: IdSchema,
  name: LocalizedShort,
  /** Local weight in points (any non-negative scale; normalised to sum 1 under its dimension; all zero = equal). */
  weight: num().min(0).max(10_000),
});

/** One participant's pairwise judgments over a node's leaves (a_ij; null on both sides = not judged). */
export const HierarchyJudgmentSchema = z.strictObject({
  participantId: IdSchema,
  matrix: z.array(z.array(num().positive().nullable()).max(50)).max(50),
});

/**
 * A dimension expanded into its focus points (hierarchy.ts). The leaves split the dimension's
 * weight (global = dimension share × local share); it is scored at the dimension, or at its
 * leaves (`scoreAt`), whose scores then give the dimension's value.
 */
export const HierarchyNodeSchema = z.strictObject({
  criterionId: IdSchema,
  leaves: z.array(HierarchyLeafSchema).min(2).max(50),
  /**
   * How the leaves' local weights are formed: absent or 'points' = from the points; 'pairwise' =
   * AHP on `matrix` (the engine's principal eigenvector, Harker's method for pairs left null).
   */
  method: z.enum(['points', 'pairwise']).optional(),
  /** Pairwise judgments over the leaves in order (a_ij = how many times more i than j; null = not judged, on both sides). */
  matrix: z.array(z.array(num().positive().nullable()).max(50)).max(50).optional(),
  /**
   * Each participant's own judgments over the leaves (same form as `matrix`). Once a participant's
   * pairs link every leaf, the node's local weights come from the group of those judges (their
   * influence, the team's AIJ/AIP); `matrix` is the team's own, used while no participant has.
   */
  judgments: z.array(HierarchyJudgmentSchema).max(100).optional(),
  /** Where candidates are scored: absent or 'dimension' = at the dimension; 'leaves' = at its focus points (`leafScores`, hierarchy.ts). */
  scoreAt: z.enum(['dimension', 'leaves']).optional(),
});

/** One participant's score of one candidate on one focus point of an expanded dimension (leaf-scores.ts migration). */
export const LeafScoreSchema = z.strictObject({
  participantId: IdSchema,
  candidateId: IdSchema,
  criterionId: IdSchema,
  leafId: IdSchema,
  value: num().nullable(),
  /** Why this score (leaf-rationale.ts migration); kept when the score is cleared, like a dimension score's. */
  rationale: z.string().max(10_000).default(''),
});

export const CandidateKindSchema = z.enum(['self-built', 'managed', 'hybrid', 'custom']);
/** Colour slots a candidate can hold (one per candidate, unique while it exists; see shared/charts/colours.ts). */
export const COLOUR_SLOTS = LIST_LIMITS.candidates;

export const CandidateSchema = z.strictObject({
  id: IdSchema,
  name: NameSchema,
  /** The candidate's colour slot, given when it is created and kept whatever its rank or order. */
  colour: z
    .number()
    .int()
    .min(0)
    .max(COLOUR_SLOTS - 1),
  kind: CandidateKindSchema.default('custom'),
  description: LocalizedTextSchema.default({ 'zh-CN': '', en: '' }),
  notes: longText().default(''),
});

export const AnswerSchema = z.union([z.string().max(LONG), num(), z.boolean(), z.array(shortText()).max(100), z.null()]);
export const NeedsSchema = z.strictObject({
  answers: boundedRecord(IdSchema, AnswerSchema, 1000).default({}),
  notes: longText().default(''),
});

export const ScoreSchema = z.strictObject({
  participantId: IdSchema,
  candidateId: IdSchema,
  criterionId: IdSchema,
  value: num().nullable(),
  rationale: z.string().max(10_000).default(''),
});

export const ScaleSchema = z.strictObject({ min: num(), max: num() }).refine((s) => s.min < s.max, { message: 'min must be less than max', path: ['max'] });

export const AggregationSchema = z.enum(['mean', 'median', 'geometric']);

export const RuleConditionSchema = z.strictObject({
  question: IdSchema,
  op: z.enum(['eq', 'in', 'gte', 'lte', 'truthy']),
  value: z.union([shortText(), num(), z.boolean(), z.array(shortText()).max(50)]).optional(),
});
export const AdaptationRuleSchema = z.strictObject({
  id: IdSchema,
  when: z.array(RuleConditionSchema).min(1).max(20),
  effects: z
    .array(z.strictObject({ criterionId: IdSchema, delta: num().min(-100).max(100) }))
    .min(1)
    .max(50),
  reason: LocalizedTextSchema,
});
export const AdaptationDecisionSchema = z.strictObject({
  ruleId: IdSchema,
  status: z.enum(['accepted', 'rejected']),
  decidedAt: DateTimeSchema,
});
export const AdaptationSchema = z.strictObject({
  rules: z.array(AdaptationRuleSchema).max(200).default([]),
  decisions: z.array(AdaptationDecisionSchema).max(200).default([]),
  /** Weights before any accepted rule (criterion id → points); accepted deltas apply on top. */
  baseWeights: boundedRecord(IdSchema, num(), 1000).default({}),
});

export const AhpJudgmentSchema = z.strictObject({
  participantId: IdSchema,
  /** Criterion ids in matrix order. */
  criteria: z.array(IdSchema).max(15),
  /** a_ij, reciprocal, diagonal 1; `null` (on both sides of the diagonal) = the pair was not answered. */
  matrix: z.array(z.array(num().positive().nullable()).max(15)).max(15),
  /**
   * false: recorded before unanswered pairs were tracked (schema migration answered-pairs) —
   * every stored pair counts as answered, so a 1 may be "equal" or "never asked".
   */
  pairsTracked: z.boolean().default(true),
});
/**
 * AHP ratings: one participant's pairwise comparisons of the candidates on one
 * dimension, which give that dimension's scores (Saaty's ideal mode, engine.ahpRatings).
 * `written` is what the comparisons gave each candidate when last applied to the scores: a
 * cell counts as "from pairwise" while its score still equals it; changing the score detaches it.
 */
export const RatingJudgmentSchema = z.strictObject({
  participantId: IdSchema,
  criterionId: IdSchema,
  /** Candidate ids in matrix order. */
  candidates: z.array(IdSchema).max(15),
  /** a_ij: how many times better candidate i is than j; reciprocal, diagonal 1, `null` on both sides = not answered. */
  matrix: z.array(z.array(num().positive().nullable()).max(15)).max(15),
  /** Candidate id → the score the comparisons wrote (on the workshop scale). */
  written: boundedRecord(IdSchema, num(), 15).default({}),
});

/**
 * Where the weights in force (`criteria[].weight`) came from. They are the team's: an upstream
 * change (needs answers → adaptation rules, AHP judgments, rank order) never rewrites them; it
 * becomes a proposal the team accepts or declines (shared/model/provenance.ts).
 */
export const WeightSourceSchema = z.enum(['adapted', 'ahp', 'rank', 'scenario']);
export const WeightProvenanceSchema = z.strictObject({
  /** adapted: starting weights + accepted rules; ahp: group AHP; rank: ROC from an order; scenario: a saved scenario's weights. */
  source: WeightSourceSchema.default('adapted'),
  /** When the team adopted them ('' = with the workshop). */
  adoptedAt: z.union([z.literal(''), DateTimeSchema]).default(''),
  /** adapted: the accepted rules counted in `basis`. */
  rules: z.array(IdSchema).max(200).default([]),
  /** ahp: whose judgments were combined, with each one's influence and a fingerprint of their judgments then. */
  judges: z
    .array(z.strictObject({ participantId: IdSchema, influence: num().min(0).max(100), judgments: z.string().max(64) }))
    .max(100)
    .default([]),
  /** ahp: how the group weights were formed then (AIJ or AIP); '' = adopted before this was recorded. */
  aggregation: z.enum(['aij', 'aip', '']).default(''),
  /** rank: the order (most important first) the ROC weights came from. */
  order: z.array(IdSchema).max(50).default([]),
  /** scenario: the scenario applied ('' otherwise). */
  scenarioId: z.string().max(100).default(''),
  /** What the source gave when adopted or last reconciled (criterion id → points); empty = not recorded yet. */
  basis: z.record(IdSchema, num()).default({}),
  /** Criteria whose weight the team set by hand since. */
  handEdited: z.array(IdSchema).max(50).default([]),
  /** Upstream changes the team declined, keeping its weights (change codes, e.g. "rule-dropped:growth-stage"). */
  kept: z
    .array(z.strictObject({ at: DateTimeSchema, changes: z.array(shortText()).max(50) }))
    .max(100)
    .default([]),
});
/** The provenance of a new workshop's weights (and of a document that records none): the starting weights. */
export const weightProvenanceDefault = (): z.output<typeof WeightProvenanceSchema> => ({
  source: 'adapted',
  adoptedAt: '',
  rules: [],
  judges: [],
  aggregation: '',
  order: [],
  scenarioId: '',
  basis: {},
  handEdited: [],
  kept: [],
});

export const WeightingSchema = z.strictObject({
  method: z.enum(['points', 'ahp', 'rank']).default('points'),
  ahp: z.array(AhpJudgmentSchema).max(100).default([]),
  /** Group AHP: aggregate the individual judgments (AIJ) or the individual priorities (AIP). */
  ahpAggregation: z.enum(['aij', 'aip']).default('aij'),
  /** Criterion ids, most important first (rank-order weights). */
  rankOrder: z.array(IdSchema).max(50).default([]),
  provenance: WeightProvenanceSchema.default(weightProvenanceDefault),
});

export const TaskStatusSchema = z.enum(['todo', 'in-progress', 'done', 'blocked']);
export const ValidationItemSchema = z.strictObject({
  id: IdSchema,
  candidateId: IdSchema,
  methodId: z.enum(['benchmark', 'throughput-stress', 'mismatch-experiment', 'credit-ablation', 'cost-simulation', 'custom']),
  title: shortText().default(''),
  owner: shortText().default(''),
  status: TaskStatusSchema.default('todo'),
  due: DateSchema.default(''),
  result: longText().default(''),
});

/**
 * A list of [x, y] pairs of finite numbers, checked in one loop without copying: a pilot
 * series can hold 100,000 points, and a tuple schema per point made validating such a file
 * take most of a second, mostly in the garbage collector. Reports the first 20 bad points.
 */
function pointsSchema(max: number) {
  return z
    .custom<[number, number][]>((v) => Array.isArray(v), { message: 'must be a list of [x, y] pairs' })
    .superRefine((pts, ctx) => {
      if (!Array.isArray(pts)) return;
      if (pts.length > max) {
        ctx.addIssue({ code: 'custom', message: `must have at most ${max} points`, continue: false });
        return;
      }
      let bad = 0;
      for (let i = 0; i < pts.length && bad < 20; i++) {
        const p: unknown = pts[i];
        if (!Array.isArray(p) || p.length !== 2) {
          ctx.addIssue({ code: 'custom', message: 'must be an [x, y] pair of numbers', path: [i], continue: false });
          bad++;
          continue;
        }
        for (let j = 0; j < 2; j++) {
          const x: unknown = p[j];
          if (typeof x !== 'number' || !Number.isFinite(x)) {
            ctx.addIssue({ code: 'custom', message: 'must be a finite number', path: [i, j], continue: false });
            bad++;
          }
        }
      }
    });
}

/** Pilot step timings for calibration: `rollout-seconds`, `train-seconds` (the step's split) and generated `tokens-per-second`. */
export const MetricKindSchema = z.enum([
  'iteration-speed',
  'reward',
  'success-rate',
  'utilization',
  'rollout-seconds',
  'train-seconds',
  'tokens-per-second',
  /** Canary / production (the decision's review): the run's cost per month, in the workshop's currency. */
  'monthly-cost',
  /** Canary / production: a task's rollout length (steps, as the needs state it). */
  'rollout-steps',
  /** Canary / production: the iterations per hour the workload demands. */
  'throughput-demand',
]);
export const MetricSeriesSchema = z.strictObject({
  candidateId: IdSchema,
  metric: MetricKindSchema,
  /** Horizon bucket for success rate; empty for the others. */
  bucket: z.enum(['', 'short', 'medium', 'long']).default(''),
  /** x = training step (or time), y = value. */
  points: pointsSchema(200_000),
});
/**
 * A score the team took into the evaluation from the pilot metrics' suggestions:
 * whose score, the value written, and the suggestion last reconciled with (`basis`). When the
 * metrics later suggest another value, that is a proposal (metrics-suggest.ts
 * `metricScoreProposals`), never a silent rewrite; a score the team changed since is its own.
 */
export const WrittenScoreSchema = z.strictObject({
  participantId: IdSchema,
  candidateId: IdSchema,
  criterionId: IdSchema,
  value: num(),
  basis: num(),
  at: DateTimeSchema,
});
/** A value function "measurement → share of the score scale" (shared/scoring/value-function.ts). */
export const ValueFunctionSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('linear'), worst: num(), best: num() }),
    z.strictObject({
      kind: z.literal('piecewise'),
      points: z
        .array(z.tuple([num(), num().min(0).max(1)]))
        .min(2)
        .max(20),
    }),
    z.strictObject({
      kind: z.literal('threshold'),
      threshold: num(),
      direction: z.enum(['atLeast', 'atMost']),
      pass: num().min(0).max(1),
      fail: num().min(0).max(1),
    }),
  ])
  .superRefine((fn, ctx) => {
    const problem = valueFunctionProblem(fn);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
/** The pilot measures that suggest a criterion's scores (shared/model/metrics-suggest.ts). */
export const MeasureSchema = z.enum(['iteration-speed', 'long-success', 'horizon-retention', 'utilization', 'budget-share']);

/** Changes of the GPU count one pilot may record (a pilot that changes it more often is refused row by row at import). */
export const MAX_PILOT_GPU_CHANGES = 1000;

/**
 * The scenario a candidate's pilot ran (model size, GPUs, GPU type, batch): only the fields the
 * team set or the import read; the rest comes from the candidate's scenario (calibration.ts).
 */
export const PilotConfigSchema = z.strictObject({
  candidateId: IdSchema,
  scenario: z.lazy(() => StoredScenarioSchema),
  /**
   * The GPUs the pilot ran on from a step on, as the import read them row by row, when the
   * count changed during the pilot (a pilot scaled from 8 to 16 GPUs part-way): [first step,
   * GPUs] pairs sorted by step. Empty when the pilot ran on one count (`scenario.cluster.gpus`);
   * steps before the first pair ran on that count too.
   */
  gpusFrom: z.array(z.tuple([num(), z.number().int().min(1).max(1_000_000)])).max(MAX_PILOT_GPU_CHANGES),
});
/**
 * A candidate's last `sim.calibrate` answer with its provenance: when, from which pilot rows
 * (count and step range), and a fingerprint of the request (pilot rows, pilot configuration and
 * full-scale scenario). It is stale when that fingerprint no longer matches the document.
 */
export const CalibrationRecordSchema = z.strictObject({
  candidateId: IdSchema,
  at: DateTimeSchema,
  basis: z.string().max(64),
  rows: z.number().int().min(0),
  firstStep: num(),
  lastStep: num(),
  result: SimCalibrationSchema,
});

export const MetricsSchema = z.strictObject({
  series: z.array(MetricSeriesSchema).max(500).default([]),
  imports: z
    .array(z.strictObject({ file: shortText(), importedAt: DateTimeSchema, rows: z.number().int().min(0) }))
    .max(500)
    .default([]),
  written: z.array(WrittenScoreSchema).max(LIST_LIMITS.scores).default([]),
  /** The team's value function per measure; a measure without one scores in proportion to the best candidate. */
  valueFunctions: z.partialRecord(MeasureSchema, ValueFunctionSchema).default({}),
  /** Each candidate's pilot configuration (calibration by the pilot). */
  pilots: z.array(PilotConfigSchema).max(LIST_LIMITS.candidates).default([]),
  /** Each candidate's last calibration with its provenance. */
  calibrations: z.array(CalibrationRecordSchema).max(LIST_LIMITS.candidates).default([]),
});

/**
 * A simulation's scenario as stored: the simulator's own request schema (`sim.run`) without
 * its defaults, so the document keeps exactly the values the team set (a sparse scenario)
 * and nothing else — no free-form JSON. Cross-field rules are checked when it is run.
 */
export const StoredScenarioSchema = withoutDefaults(SimScenarioSchema) as z.ZodType<Record<string, unknown>>;

/** Longest JSON text kept of an older scenario or result that this version cannot read. */
export const LEGACY_MAX = 200_000;

export const SimulationSchema = z.strictObject({
  id: IdSchema,
  candidateId: IdSchema,
  name: NameSchema,
  /** The scenario as sent to `sim.run`: only the fields the team set (see StoredScenarioSchema). */
  scenario: StoredScenarioSchema,
  /** The response of `sim.run`, kept to report and compare without re-running (the simulator's response schema). */
  result: SimResultSchema.nullable().default(null),
  /** The scenario the attached result was computed from: the result is kept, marked stale, when the scenario differs. */
  resultScenario: z.record(z.string().max(100), z.unknown()).nullable().default(null),
  ranAt: z.union([z.literal(''), DateTimeSchema]).default(''),
  /**
   * What an older version stored here and this one cannot read (scenario and/or result as
   * JSON text), kept and exported with the workshop so nothing is silently lost. Empty when none.
   */
  legacy: z.string().max(LEGACY_MAX).default(''),
});

export const WhatIfScenarioSchema = z.strictObject({
  id: IdSchema,
  name: shortText().min(1),
  createdAt: DateTimeSchema,
  weights: boundedRecord(IdSchema, num().min(0), 1000),
  /** Score overrides: "participantId|candidateId|criterionId" → value. */
  scoreOverrides: boundedRecord(z.string().max(320), num(), LIST_LIMITS.scores).default({}),
});

export const ChecklistItemSchema = z.strictObject({
  id: IdSchema,
  templateId: z.string().max(100).default(''),
  title: LocalizedShort,
  owner: shortText().default(''),
  due: DateSchema.default(''),
  status: TaskStatusSchema.default('todo'),
  note: longText().default(''),
});
export const RolloutSchema = z.strictObject({
  items: z.array(ChecklistItemSchema).max(500).default([]),
  scope: longText().default(''),
  goNoGo: longText().default(''),
});

export const IterationEntrySchema = z.strictObject({
  id: IdSchema,
  date: DateSchema,
  observation: longText().default(''),
  area: z.enum(['reward-design', 'context-strategy', 'resource-config', 'other']).default('other'),
  decision: longText().default(''),
  owner: shortText().default(''),
});
export const IterationSchema = z.strictObject({
  log: z.array(IterationEntrySchema).max(5000).default([]),
  nextReview: DateSchema.default(''),
});

/** A figure at the fit and its p10–p90 band (null bounds: a point estimate), as the cost evidence states it. */
const BandSchema = z.strictObject({ p10: num().nullable(), mid: num(), p90: num().nullable() });

/**
 * What the recorded decision rested on, frozen when it was recorded (decision-snapshot.ts): the
 * assumptions board holds canary metrics against it and "what changed since the decision"
 * compares the document with it. No edit changes it; recording a decision again replaces it.
 */
export const DecisionSnapshotSchema = z.strictObject({
  /** When it was taken. */
  at: DateTimeSchema,
  candidateId: IdSchema,
  /** Every candidate then, in order, and its weighted total (0..1). */
  candidates: z.array(z.strictObject({ id: IdSchema, total: num() })).max(LIST_LIMITS.candidates),
  /** Every criterion then, in order, with its weight in points. */
  weights: z.array(z.strictObject({ id: IdSchema, weight: num() })).max(LIST_LIMITS.criteria),
  /** The group's score per candidate and criterion ("candidateId|criterionId" → aggregated score; unscored cells are absent). */
  scores: boundedRecord(z.string().max(210), num(), LIST_LIMITS.candidates * LIST_LIMITS.criteria),
  /** Each calibrated candidate's cost evidence: step seconds, run time (h), cost (workshop currency), with p10–p90. */
  evidence: z.array(z.strictObject({ candidateId: IdSchema, stepSeconds: BandSchema, wallHours: BandSchema, cost: BandSchema })).max(LIST_LIMITS.candidates),
  /** The needs' targets (null = not answered): success-rate KPI (0..1), monthly budget (workshop currency), rollout length (steps), model size (B). */
  needs: z.strictObject({
    successTarget: num().min(0).max(1).nullable(),
    monthlyBudget: num().nullable(),
    currency: z.enum(['CNY', 'USD']),
    rolloutSteps: num().nullable(),
    modelSizeB: num().nullable(),
  }),
  /** The pilot's measured figures per candidate (means of the imported series; null = not measured). */
  pilot: z
    .array(
      z.strictObject({
        candidateId: IdSchema,
        iterationSpeed: num().nullable(),
        success: num().nullable(),
        utilization: num().nullable(),
      }),
    )
    .max(LIST_LIMITS.candidates),
});

/** The canary / production metrics held against the decision, and how far outside a band is still only drifting. */
export const ReviewSchema = z.strictObject({
  /** Series of the decided candidate's canary or production (x = step or time). */
  canary: z.array(MetricSeriesSchema).max(50).default([]),
  imports: z
    .array(z.strictObject({ file: shortText(), importedAt: DateTimeSchema, rows: z.number().int().min(0) }))
    .max(500)
    .default([]),
  /** Relative distance outside an expected band that is still "drifting" (0.1 = 10 %); beyond it is "broken". */
  tolerance: num().min(0).max(10).default(0.1),
});

export const DecisionSchema = z.strictObject({
  candidateId: IdSchema.nullable().default(null),
  rationale: longText().default(''),
  dissent: longText().default(''),
  consequences: longText().default(''),
  decidedAt: DateSchema.default(''),
  reviewDate: DateSchema.default(''),
  /** Fingerprint of the analysis inputs when the decision was recorded or last confirmed ('' = not recorded): stale when they differ (provenance.ts `decisionStatus`). */
  basis: z.string().max(64).default(''),
  /** The basis frozen when the decision was recorded (null: recorded before snapshots, or none yet). */
  snapshot: DecisionSnapshotSchema.nullable().default(null),
});

export const StepIdSchema = z.enum(['needs', 'screening', 'validation', 'metrics', 'evaluation', 'canary', 'iteration']);

/** A cell of the score matrix (candidate × criterion). */
export const CellRefSchema = z.strictObject({ candidateId: IdSchema, criterionId: IdSchema });
/** The group's view of one cell at one moment: median and spread (weighted population SD, scale units) of `n` scores. */
export const RoundCellStatSchema = z.strictObject({
  candidateId: IdSchema,
  criterionId: IdSchema,
  median: num(),
  spread: num().min(0),
  n: z.number().int().min(1),
});
/** A focus point's part of a round change (a dimension scored at its focus points): its score from → to, with its rationale. */
export const RoundLeafChangeSchema = z.strictObject({
  leafId: IdSchema,
  from: num().nullable(),
  to: num().nullable(),
  rationale: z.string().max(10_000).default(''),
});
/**
 * One participant's change of one cell during a room-vote round: from → to (null = no score), with
 * the rationale given. A dimension scored at its focus points changes through them: `from`/`to`
 * are its derived values, `leaves` the focus point scores that moved (in the node's order) with
 * their own rationales; empty for every other cell.
 */
export const RoundChangeSchema = z.strictObject({
  participantId: IdSchema,
  candidateId: IdSchema,
  criterionId: IdSchema,
  from: num().nullable(),
  to: num().nullable(),
  rationale: z.string().max(10_000).default(''),
  leaves: z.array(RoundLeafChangeSchema).max(50).default([]),
});
/** Largest round history a document keeps. */
export const ROUND_HISTORY_LIMITS = { rounds: 200, cells: 2500, changes: 250_000 } as const;
/**
 * One room-vote round, kept as history (round-history.ts): who was asked what, how the round
 * was started (a Delphi re-vote), every change a ballot made, and the group's view of the
 * asked cells before it opened and after it closed with the disagreement that gives.
 */
export const RoundRecordSchema = z.strictObject({
  no: z.number().int().min(1),
  roundId: IdSchema,
  kind: z.enum(['scores', 'pairwise', 'both']),
  openedAt: DateTimeSchema,
  /** null while the round is open. */
  closedAt: DateTimeSchema.nullable(),
  participants: z.array(IdSchema).max(LIST_LIMITS.participants),
  /** The cells the round asked. */
  cells: z.array(CellRefSchema).max(ROUND_HISTORY_LIMITS.cells),
  /** A re-vote: devices start from each participant's previous answers; the previous median and spread are shown; only picked cells are asked. */
  revote: z.strictObject({ fromPrevious: z.boolean(), showPrevious: z.boolean(), onlyCells: z.boolean() }),
  changes: z.array(RoundChangeSchema).max(ROUND_HISTORY_LIMITS.changes),
  before: z.array(RoundCellStatSchema).max(ROUND_HISTORY_LIMITS.cells),
  after: z.array(RoundCellStatSchema).max(ROUND_HISTORY_LIMITS.cells),
  /** Mean disagreement of the asked cells after the round, 0 (all agree) … 1; null: open, or no cell scored. */
  disagreement: num().min(0).max(1).nullable(),
});

export const WorkshopMetaSchema = z.strictObject({
  title: shortText().min(1, 'must not be empty'),
  team: shortText().default(''),
  facilitator: shortText().default(''),
  date: DateSchema.default(''),
  lang: LangSchema,
  description: longText().default(''),
});

export const CURRENCIES = ['CNY', 'USD'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];
/** The workshop's currency and the team's exchange rate (the simulator's prices are USD). */
export const CurrencySchema = z.strictObject({
  code: z.enum(CURRENCIES).default('USD'),
  /** Yuan per US dollar, as the team sets it. */
  cnyPerUsd: num()
    .refine((v) => v > 0 && v < 1000, { message: 'must be in (0, 1000)' })
    .default(7.1),
});

export const WorkshopDocSchema = z
  .strictObject({
    schemaVersion: z.literal(SCHEMA_VERSION),
    id: IdSchema,
    createdAt: DateTimeSchema,
    updatedAt: DateTimeSchema,
    frameworkVersion: shortText(),
    meta: WorkshopMetaSchema,
    participants: z.array(ParticipantSchema).max(LIST_LIMITS.participants).default([]),
    criteria: z.array(CriterionSchema).max(LIST_LIMITS.criteria),
    candidates: z.array(CandidateSchema).max(LIST_LIMITS.candidates),
    needs: NeedsSchema.default({ answers: {}, notes: '' }),
    currency: CurrencySchema.default({ code: 'USD', cnyPerUsd: 7.1 }),
    scores: z.array(ScoreSchema).max(LIST_LIMITS.scores).default([]),
    ratings: z.array(RatingJudgmentSchema).max(LIST_LIMITS.ratings).default([]),
    scale: ScaleSchema.default({ min: 0, max: 10 }),
    aggregation: AggregationSchema.default('mean'),
    weighting: WeightingSchema.default({ method: 'points', ahp: [], ahpAggregation: 'aij', rankOrder: [], provenance: weightProvenanceDefault() }),
    adaptation: AdaptationSchema.default({ rules: [], decisions: [], baseWeights: {} }),
    validation: z.array(ValidationItemSchema).max(LIST_LIMITS.validation).default([]),
    metrics: MetricsSchema.default({ series: [], imports: [], written: [], valueFunctions: {}, pilots: [], calibrations: [] }),
    simulations: z.array(SimulationSchema).max(LIST_LIMITS.simulations).default([]),
    scenarios: z.array(WhatIfScenarioSchema).max(LIST_LIMITS.scenarios).default([]),
    rollout: RolloutSchema.default({ items: [], scope: '', goNoGo: '' }),
    iteration: IterationSchema.default({ log: [], nextReview: '' }),
    decision: DecisionSchema.default({
      candidateId: null,
      rationale: '',
      dissent: '',
      consequences: '',
      decidedAt: '',
      reviewDate: '',
      basis: '',
      snapshot: null,
    }),
    review: ReviewSchema.default({ canary: [], imports: [], tolerance: 0.1 }),
    /** The room-vote rounds, oldest first (round-history.ts). */
    rounds: z.array(RoundRecordSchema).max(ROUND_HISTORY_LIMITS.rounds).default([]),
    /** Dimensions expanded into their focus points; empty = a flat workshop (criteria-hierarchy.ts migration). */
    hierarchy: z.array(HierarchyNodeSchema).max(LIST_LIMITS.criteria).default([]),
    /** Scores at the focus points of dimensions scored at their leaves (kept, unused, when switched back to the dimension). */
    leafScores: z.array(LeafScoreSchema).max(LIST_LIMITS.scores).default([]),
    currentStep: StepIdSchema.default('needs'),
    notes: longText().default(''),
  })
  .superRefine((doc, ctx) => {
    // Cross-references: every id must be unique and every reference must resolve.
    const unique = (items: { id: string }[], key: string) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [key, i, 'id'], message: `duplicate id "${item.id}"` });
        seen.add(item.id);
      });
      return seen;
    };
    const participants = unique(doc.participants, 'participants');
    const criteria = unique(doc.criteria, 'criteria');
    const candidates = unique(doc.candidates, 'candidates');
    const colours = new Set<number>();
    doc.candidates.forEach((c, i) => {
      if (colours.has(c.colour)) ctx.addIssue({ code: 'custom', path: ['candidates', i, 'colour'], message: `colour slot ${c.colour} is already taken` });
      colours.add(c.colour);
    });
    doc.scores.forEach((s, i) => {
      if (!participants.has(s.participantId))
        ctx.addIssue({ code: 'custom', path: ['scores', i, 'participantId'], message: `unknown participant "${s.participantId}"` });
      if (!candidates.has(s.candidateId)) ctx.addIssue({ code: 'custom', path: ['scores', i, 'candidateId'], message: `unknown candidate "${s.candidateId}"` });
      if (!criteria.has(s.criterionId)) ctx.addIssue({ code: 'custom', path: ['scores', i, 'criterionId'], message: `unknown criterion "${s.criterionId}"` });
      if (s.value !== null && (s.value < doc.scale.min || s.value > doc.scale.max))
        ctx.addIssue({ code: 'custom', path: ['scores', i, 'value'], message: `must be within the scale ${doc.scale.min}..${doc.scale.max}` });
    });
    if (doc.decision.candidateId !== null && !candidates.has(doc.decision.candidateId))
      ctx.addIssue({ code: 'custom', path: ['decision', 'candidateId'], message: `unknown candidate "${doc.decision.candidateId}"` });
    const checkMatrix = (matrix: readonly (readonly (number | null)[])[], n: number, path: (string | number)[]) => {
      if (matrix.length !== n || matrix.some((row) => row.length !== n)) ctx.addIssue({ code: 'custom', path, message: `must be ${n}×${n}` });
      else
        for (let a = 0; a < n; a++)
          for (let b = 0; b < n; b++)
            if ((matrix[a][b] === null) !== (matrix[b][a] === null) || (a === b && matrix[a][a] === null))
              ctx.addIssue({
                code: 'custom',
                path: [...path, a, b],
                message: a === b ? 'the diagonal is 1' : 'an unanswered pair is null on both sides of the diagonal',
              });
    };
    const expanded = new Set<string>();
    doc.hierarchy.forEach((node, i) => {
      if (!criteria.has(node.criterionId))
        ctx.addIssue({ code: 'custom', path: ['hierarchy', i, 'criterionId'], message: `unknown criterion "${node.criterionId}"` });
      if (expanded.has(node.criterionId))
        ctx.addIssue({ code: 'custom', path: ['hierarchy', i, 'criterionId'], message: `criterion "${node.criterionId}" is expanded twice` });
      expanded.add(node.criterionId);
      const leaves = new Set<string>();
      node.leaves.forEach((leaf, j) => {
        if (leaves.has(leaf.id)) ctx.addIssue({ code: 'custom', path: ['hierarchy', i, 'leaves', j, 'id'], message: `duplicate id "${leaf.id}"` });
        leaves.add(leaf.id);
      });
      if (node.method === 'pairwise' && !node.matrix)
        ctx.addIssue({ code: 'custom', path: ['hierarchy', i, 'matrix'], message: 'a pairwise node needs its matrix' });
      const checkReciprocal = (m: readonly (readonly (number | null)[])[], path: (string | number)[]) => {
        checkMatrix(m, node.leaves.length, path);
        if (m.length === node.leaves.length && m.every((row) => row.length === m.length))
          for (let a = 0; a < m.length; a++)
            for (let b = a; b < m.length; b++) {
              const x = m[a][b];
              const y = m[b][a];
              if (x !== null && y !== null && Math.abs(x * y - 1) > 1e-9)
                ctx.addIssue({
                  code: 'custom',
                  path: [...path, a, b],
                  message: a === b ? 'the diagonal is 1' : 'a judgment and its mirror must be reciprocal (a_ij × a_ji = 1)',
                });
            }
      };
      if (node.matrix) checkReciprocal(node.matrix, ['hierarchy', i, 'matrix']);
      const judges = new Set<string>();
      (node.judgments ?? []).forEach((j, k) => {
        const path = ['hierarchy', i, 'judgments', k];
        if (!participants.has(j.participantId))
          ctx.addIssue({ code: 'custom', path: [...path, 'participantId'], message: `unknown participant "${j.participantId}"` });
        if (judges.has(j.participantId))
          ctx.addIssue({ code: 'custom', path: [...path, 'participantId'], message: `participant "${j.participantId}" judges this node twice` });
        judges.add(j.participantId);
        checkReciprocal(j.matrix, [...path, 'matrix']);
      });
    });
    doc.leafScores.forEach((s, i) => {
      const path = ['leafScores', i];
      if (!participants.has(s.participantId))
        ctx.addIssue({ code: 'custom', path: [...path, 'participantId'], message: `unknown participant "${s.participantId}"` });
      if (!candidates.has(s.candidateId)) ctx.addIssue({ code: 'custom', path: [...path, 'candidateId'], message: `unknown candidate "${s.candidateId}"` });
      const node = doc.hierarchy.find((n) => n.criterionId === s.criterionId);
      if (!node) ctx.addIssue({ code: 'custom', path: [...path, 'criterionId'], message: `criterion "${s.criterionId}" is not expanded into focus points` });
      else if (!node.leaves.some((l) => l.id === s.leafId))
        ctx.addIssue({ code: 'custom', path: [...path, 'leafId'], message: `unknown focus point "${s.leafId}" of criterion "${s.criterionId}"` });
      if (s.value !== null && (s.value < doc.scale.min || s.value > doc.scale.max))
        ctx.addIssue({ code: 'custom', path: [...path, 'value'], message: `must be within the scale ${doc.scale.min}..${doc.scale.max}` });
    });
    doc.weighting.ahp.forEach((j, i) => checkMatrix(j.matrix, j.criteria.length, ['weighting', 'ahp', i, 'matrix']));
    doc.ratings.forEach((r, i) => checkMatrix(r.matrix, r.candidates.length, ['ratings', i, 'matrix']));
  });

export type WorkshopDoc = z.output<typeof WorkshopDocSchema>;
export type DecisionSnapshot = z.output<typeof DecisionSnapshotSchema>;
export type WorkshopDocInput = z.input<typeof WorkshopDocSchema>;
export type Participant = z.output<typeof ParticipantSchema>;
export type Criterion = z.output<typeof CriterionSchema>;
export type Candidate = z.output<typeof CandidateSchema>;
export type Name = z.output<typeof NameSchema>;
export type Score = z.output<typeof ScoreSchema>;
export type RatingJudgment = z.output<typeof RatingJudgmentSchema>;
export type Answer = z.output<typeof AnswerSchema>;
export type ValidationItem = z.output<typeof ValidationItemSchema>;
export type MetricSeries = z.output<typeof MetricSeriesSchema>;
export type StoredValueFunction = z.output<typeof ValueFunctionSchema>;
export type MeasureId = z.output<typeof MeasureSchema>;
export type Simulation = z.output<typeof SimulationSchema>;
export type PilotConfig = z.output<typeof PilotConfigSchema>;
export type CalibrationRecord = z.output<typeof CalibrationRecordSchema>;
export type WeightProvenance = z.output<typeof WeightProvenanceSchema>;
export type WeightSource = z.output<typeof WeightSourceSchema>;
export type WhatIfScenario = z.output<typeof WhatIfScenarioSchema>;
export type ChecklistItem = z.output<typeof ChecklistItemSchema>;
export type IterationEntry = z.output<typeof IterationEntrySchema>;
export type StepId = z.output<typeof StepIdSchema>;
export type Role = z.output<typeof RoleSchema>;
export type HierarchyNode = z.output<typeof HierarchyNodeSchema>;
export type HierarchyLeaf = z.output<typeof HierarchyLeafSchema>;
export type HierarchyJudgment = z.output<typeof HierarchyJudgmentSchema>;
export type LeafScore = z.output<typeof LeafScoreSchema>;
export type RoundRecord = z.output<typeof RoundRecordSchema>;
export type RoundChange = z.output<typeof RoundChangeSchema>;
export type RoundLeafChange = z.output<typeof RoundLeafChangeSchema>;
export type RoundCellStat = z.output<typeof RoundCellStatSchema>;
export type CellRef = z.output<typeof CellRefSchema>;
