import { z } from 'zod';
import { defineMethod, finite, finiteCube } from './define';

// Contract methods of the decision engine. Per-field rules live in the schemas;
// rules that relate fields (shapes, reciprocity, permutations) live in `superRefine`, which
// names the offending element's path (`matrix[2][0]`) so every host reports it precisely.

type Ctx = z.RefinementCtx;
type Path = (string | number)[];

/** Adds a custom issue at `path`. */
function fail(ctx: Ctx, path: Path, message: string): void {
  ctx.addIssue({ code: 'custom', path, message });
}

/** Checks `rows` is a `height` × `width` table; returns false (after reporting) if not. */
function checkTable(ctx: Ctx, rows: readonly unknown[][], path: Path, width: number, what: string, height?: number): boolean {
  let ok = true;
  if (height !== undefined && rows.length !== height) {
    fail(ctx, path, `must have ${height} rows (${what}), has ${rows.length}`);
    ok = false;
  }
  rows.forEach((row, i) => {
    if (row.length !== width) {
      fail(ctx, [...path, i], `must have ${width} entries (${what}), has ${row.length}`);
      ok = false;
    }
  });
  return ok;
}

function checkLength(ctx: Ctx, list: readonly unknown[] | undefined, path: Path, length: number, what: string): void {
  if (list && list.length !== length) fail(ctx, path, `must have ${length} entries (${what}), has ${list.length}`);
}

/** Checks `order` lists each of 0…n−1 exactly once. */
function checkPermutation(ctx: Ctx, order: readonly number[], path: Path, n: number): void {
  const seen = new Set<number>();
  order.forEach((c, r) => {
    if (c >= n) fail(ctx, [...path, r], `criterion index ${c} is out of range 0…${n - 1}`);
    else if (seen.has(c)) fail(ctx, [...path, r], `criterion ${c} is listed twice`);
    seen.add(c);
  });
  if (order.length !== n) fail(ctx, path, `must list all ${n} criteria once, lists ${order.length}`);
}

/** Sum of non-negative weights must be positive: all-zero weights say nothing. */
function checkSomeWeight(ctx: Ctx, weights: readonly number[], path: Path): void {
  if (weights.length > 0 && !weights.some((w) => w > 0)) fail(ctx, path, 'all weights are zero; at least one must be positive');
}

/**
 * a_ij · a_ji may differ from 1 by this much (relative): people type reciprocals rounded or
 * cut to two or three decimals — 0.33 or 0.333 for 1/3, 0.14 for 1/7 (2% off), 0.12 or 0.13
 * for 1/8 (4%) — while 0.3 for 1/4 (20%) or 0.2 for 1/4 is still refused. The engine takes
 * the entry ≥ 1 as the judgment and the other as its exact reciprocal.
 */
export const RECIPROCAL_TOLERANCE = 0.05;

/**
 * A pairwise-comparison matrix must be square, have a unit diagonal and be reciprocal
 * (within RECIPROCAL_TOLERANCE); a pair nobody judged is `null` on both sides.
 */
function checkPairwise(ctx: Ctx, matrix: readonly (number | null)[][], path: Path): boolean {
  const n = matrix.length;
  if (!checkTable(ctx, matrix, path, n, 'a pairwise matrix is square')) return false;
  let ok = true;
  for (let i = 0; i < n; i++) {
    const d = matrix[i][i];
    if (d === null || Math.abs(d - 1) > 1e-9) {
      fail(ctx, [...path, i, i], 'diagonal judgments must be 1');
      ok = false;
    }
    for (let j = i + 1; j < n; j++) {
      const x = matrix[i][j];
      const y = matrix[j][i];
      if (x === null && y === null) continue;
      // Name the lower-triangle entry: the upper one is taken as the judgment given.
      if (x === null || y === null) {
        fail(ctx, [...path, x === null ? i : j, x === null ? j : i], 'a missing judgment must be null on both sides of the diagonal');
        ok = false;
      } else if (Math.abs(x * y - 1) > RECIPROCAL_TOLERANCE) {
        fail(ctx, [...path, j, i], `must be the reciprocal of ${formatPathText(path)}[${i}][${j}] = ${x}, i.e. ${1 / x}`);
        ok = false;
      }
    }
  }
  return ok;
}

function formatPathText(path: Path): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

const Weight = () => finite().min(0, 'must be ≥ 0');
const Table = () => z.array(z.array(finite()));
const AlternativesTable = () => z.array(z.array(finite())).min(2, 'at least two alternatives are needed to compare');
/**
 * Largest judgment accepted (and its reciprocal the smallest): 1000 is far beyond any
 * judgment scale in use (Saaty's 9, the power scale's 81, the geometric scale's 256), and
 * keeps a chain of 14 judgments' priorities (ratios up to 1000¹⁴) within double precision.
 */
export const JUDGMENT_MAX = 1000;
const Judgment = () =>
  finite()
    .positive('judgments must be > 0')
    .refine((x) => x <= JUDGMENT_MAX && x >= 1 / JUDGMENT_MAX, {
      message: `must be within 1/${JUDGMENT_MAX}…${JUDGMENT_MAX}: far outside any judgment scale (Saaty's is 1/9…9)`,
    });
/** `null` = a pair nobody judged (on both sides of the diagonal). */
const PairwiseMatrix = () => z.array(z.array(Judgment().nullable())).min(2, 'at least a 2×2 matrix').max(15, 'at most a 15×15 matrix');

// ---------------------------------------------------------------- engine.evaluate

export const EvaluateRequestSchema = z
  .strictObject({
    candidates: z.array(z.string()).min(1, 'at least one candidate is needed'),
    criteria: z.array(z.strictObject({ id: z.string().min(1), weight: Weight() })).min(1, 'at least one criterion is needed'),
    /** participant × candidate × criterion; `null` = not scored. */
    scores: finiteCube(),
    scale: z.strictObject({ min: finite(), max: finite() }),
    aggregation: z.enum(['mean', 'median', 'geometric']).default('mean'),
    participantWeights: z.array(Weight()).optional(),
  })
  .superRefine((req, ctx) => {
    const m = req.candidates.length;
    const n = req.criteria.length;
    checkSomeWeight(
      ctx,
      req.criteria.map((c) => c.weight),
      ['criteria'],
    );
    const ids = new Set<string>();
    req.criteria.forEach((c, k) => {
      if (ids.has(c.id)) fail(ctx, ['criteria', k, 'id'], `criterion id "${c.id}" is used twice`);
      ids.add(c.id);
    });
    if (!(req.scale.max > req.scale.min)) fail(ctx, ['scale', 'max'], 'must be greater than scale.min');
    checkLength(ctx, req.participantWeights, ['participantWeights'], req.scores.length, 'one per participant');
    if (req.participantWeights && req.scores.length > 0) checkSomeWeight(ctx, req.participantWeights, ['participantWeights']);
    req.scores.forEach((perCandidate, p) => {
      if (!checkTable(ctx, perCandidate, ['scores', p], n, 'one per criterion', m)) return;
      perCandidate.forEach((row, c) =>
        row.forEach((s, k) => {
          if (s === null) return;
          if (s < req.scale.min || s > req.scale.max) fail(ctx, ['scores', p, c, k], `must be within the scale ${req.scale.min}…${req.scale.max}`);
          else if (req.aggregation === 'geometric' && !(s > 0)) fail(ctx, ['scores', p, c, k], 'geometric aggregation needs scores > 0');
        }),
      );
    });
  });

const Matrix = z.array(z.array(z.number()));
const NullableMatrix = z.array(z.array(z.number().nullable()));
const Ranking = z.array(z.number().int().min(0));

export const EvaluateResponseSchema = z.object({
  totals: z.array(z.number().min(0).max(1)),
  ranking: Ranking,
  contributions: Matrix,
  aggregated: NullableMatrix,
  disagreement: NullableMatrix,
  consensus: z.number().min(0).max(1),
  coverage: z.array(z.number().min(0).max(1)),
});

// ---------------------------------------------------------------- engine.ahp

export const AhpRequestSchema = z
  .strictObject({
    matrix: PairwiseMatrix().optional(),
    matrices: z.array(PairwiseMatrix()).min(1, 'at least one matrix is needed').optional(),
    participantWeights: z.array(Weight()).optional(),
    /** Group only: aggregate individual judgments (AIJ) or individual priorities (AIP). */
    aggregation: z.enum(['aij', 'aip']).optional(),
    /** Criterion names, used in error messages. */
    labels: z.array(z.string().max(200)).max(15).optional(),
  })
  .superRefine((req, ctx) => {
    if ((req.matrix === undefined) === (req.matrices === undefined)) {
      fail(ctx, [], 'give exactly one of `matrix` (one judge) or `matrices` (a group)');
      return;
    }
    if (req.matrix) checkPairwise(ctx, req.matrix, ['matrix']);
    if (req.participantWeights && !req.matrices) fail(ctx, ['participantWeights'], 'only applies to a group (`matrices`)');
    if (req.aggregation && !req.matrices) fail(ctx, ['aggregation'], 'only applies to a group (`matrices`)');
    if (req.matrices && req.matrices.length > 0) {
      const n = req.matrices[0].length;
      req.matrices.forEach((m, p) => {
        if (m.length !== n) fail(ctx, ['matrices', p], `must be ${n}×${n} like matrices[0], is ${m.length} rows`);
        else checkPairwise(ctx, m, ['matrices', p]);
      });
      checkLength(ctx, req.participantWeights, ['participantWeights'], req.matrices.length, 'one per matrix');
      if (req.participantWeights) checkSomeWeight(ctx, req.participantWeights, ['participantWeights']);
    }
    const n = (req.matrix ?? req.matrices?.[0])?.length ?? 0;
    if (req.labels) checkLength(ctx, req.labels, ['labels'], n, 'one per criterion');
  });

const JudgmentSchema = z.object({
  i: z.number().int().min(0),
  j: z.number().int().min(0),
  current: z.number().positive(),
  /** On Saaty's 1–9 scale or a reciprocal. */
  suggested: z.number().positive(),
  crAfter: z.number().min(0).nullable(),
  /** The exact λmax-minimising value. */
  optimum: z.number().positive(),
  crAtOptimum: z.number().min(0).nullable(),
});

const Pair = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

const AhpResultSchema = z.object({
  weights: z.array(z.number().min(0).max(1)),
  lambdaMax: z.number(),
  ci: z.number().min(0),
  cr: z.number().min(0).nullable(),
  /** Alonso & Lamata (2006): (λmax − n)/(2.7699·n − 4.3513 − n), the alternative to Saaty's CR AHP-OS offers; null for n ≤ 2. */
  crAlonsoLamata: z.number().min(0).nullable(),
  mostInconsistent: JudgmentSchema.nullable(),
  inconsistencies: z.array(JudgmentSchema).max(3),
  missingPairs: z.array(Pair),
  nextPair: Pair.nullable(),
  answeredPairs: z.number().int().min(0),
  minimumPairs: z.number().int().min(0),
  warnings: z.array(z.object({ i: z.number().int().min(0), j: z.number().int().min(0), value: z.number().positive(), message: z.string() })),
  randomIndexSource: z.string(),
});

export const AhpResponseSchema = AhpResultSchema.extend({
  /** Group only: how the group weights were formed. */
  aggregation: z.enum(['aij', 'aip']).optional(),
  /** Group only: the aggregated (AIJ) matrix, `null` for a pair nobody judged. */
  matrix: NullableMatrix.optional(),
  /** Group only: each participant's own result; `null` while their pairs do not connect all criteria. */
  individual: z.array(AhpResultSchema.nullable()).optional(),
  /** Group only: each participant's Saaty compatibility index with the group weights (≥ 1; ≤ 1.1 is compatible). */
  compatibility: z.array(z.number().min(0).nullable()).optional(),
  /**
   * Group only: Goepel's consensus S* (0…1) and its verbal scale (AHP-OS's word scale);
   * `null` when fewer than two participants' judgments counted (not applicable).
   */
  consensus: z
    .object({ sStar: z.number().min(0).max(1), label: z.enum(['very-low', 'low', 'moderate', 'high', 'very-high']) })
    .nullable()
    .optional(),
  /**
   * Group only: how many participants' judgments count — they connect all criteria and have a
   * positive weight, so they have priorities of their own (consensus and AIP are formed over
   * them). The room sends only such participants; AIJ also averages any partial matrices sent.
   */
  judges: z.number().int().min(0).optional(),
});

// ---------------------------------------------------------------- engine.hierarchy

interface HierarchyNodeShape {
  id: string;
  children?: HierarchyNodeShape[];
}

const HierarchyNodeSchema: z.ZodType<HierarchyNodeShape> = z.lazy(() =>
  z.strictObject({
    id: z.string().min(1, 'a node needs an id').max(200),
    children: z.array(HierarchyNodeSchema).max(15, 'at most 15 children (one pairwise matrix)').optional(),
  }),
);

export const HierarchyRequestSchema = z
  .strictObject({
    root: HierarchyNodeSchema,
    /** Per parent node id: one judge's matrix over its children (null = not judged), or a group's matrices. */
    matrices: z.record(z.string(), z.union([PairwiseMatrix(), z.array(PairwiseMatrix()).min(1, 'at least one matrix is needed')])).optional(),
    /** Per parent node id: local weights given directly (ranking or direct weighting). */
    weights: z.record(z.string(), z.array(Weight()).min(1)).optional(),
    aggregation: z.enum(['aij', 'aip']).optional(),
    participantWeights: z.array(Weight()).optional(),
  })
  .superRefine((req, ctx) => {
    for (const [id, m] of Object.entries(req.matrices ?? {})) {
      const group = Array.isArray(m[0]?.[0]);
      const list = (group ? m : [m]) as (number | null)[][][];
      list.forEach((matrix, p) => checkPairwise(ctx, matrix, group ? ['matrices', id, p] : ['matrices', id]));
      if (group && req.participantWeights) checkLength(ctx, req.participantWeights, ['participantWeights'], list.length, `one per matrix of node "${id}"`);
    }
    for (const [id, w] of Object.entries(req.weights ?? {})) checkSomeWeight(ctx, w, ['weights', id]);
  });

const HierarchyNodeResultSchema = z.object({
  method: z.enum(['ahp', 'direct', 'single']),
  cr: z.number().min(0).nullable(),
  missingPairs: z.array(Pair),
  nextPair: Pair.nullable(),
  consensus: z
    .object({ sStar: z.number().min(0).max(1), label: z.enum(['very-low', 'low', 'moderate', 'high', 'very-high']) })
    .nullable()
    .optional(),
  judges: z.number().int().min(0).optional(),
});

export const HierarchyResponseSchema = z.object({
  /** nodeId → priority under its parent (the root: 1). */
  local: z.record(z.string(), z.number().min(0).max(1)),
  /** leafId → product of the local priorities along its path; they sum to 1. */
  global: z.record(z.string(), z.number().min(0).max(1)),
  /** parentId → how its children were weighed, consistency, missing pairs and the next pair to ask. */
  nodes: z.record(z.string(), HierarchyNodeResultSchema),
});

// ---------------------------------------------------------------- engine.ahpRatings

export const AhpRatingsRequestSchema = z
  .strictObject({
    /** Candidates compared pairwise on one dimension; `null` = a pair not judged. */
    matrix: PairwiseMatrix(),
    /** The workshop's scoring scale the scores are given on. */
    scale: z.strictObject({ min: finite(), max: finite() }),
    /** Candidate names, used in error messages. */
    labels: z.array(z.string().max(200)).max(15).optional(),
  })
  .superRefine((req, ctx) => {
    checkPairwise(ctx, req.matrix, ['matrix']);
    if (!(req.scale.max > req.scale.min)) fail(ctx, ['scale', 'max'], 'must be greater than scale.min');
    if (req.labels) checkLength(ctx, req.labels, ['labels'], req.matrix.length, 'one per candidate');
  });

export const AhpRatingsResponseSchema = AhpResultSchema.extend({
  /** Ideal-mode priorities (Saaty): priority / largest priority, the best candidate 1. */
  ideal: z.array(z.number().min(0).max(1)),
  /** The dimension's scores: scale.min + (scale.max − scale.min) · ideal. */
  scores: z.array(z.number()),
});

// ---------------------------------------------------------------- engine.topsis

export const TopsisRequestSchema = z
  .strictObject({
    matrix: AlternativesTable(),
    weights: z.array(Weight()).min(1, 'at least one criterion is needed'),
    directions: z.array(z.enum(['benefit', 'cost'])),
    normalization: z.enum(['vector', 'minmax']).default('vector'),
  })
  .superRefine((req, ctx) => {
    const n = req.weights.length;
    checkTable(ctx, req.matrix, ['matrix'], n, 'one per criterion');
    checkLength(ctx, req.directions, ['directions'], n, 'one per criterion');
    checkSomeWeight(ctx, req.weights, ['weights']);
  });

export const TopsisResponseSchema = z.object({ closeness: z.array(z.number().min(0).max(1)), ranking: Ranking });

// ---------------------------------------------------------------- engine.rankWeights

export const RankWeightsRequestSchema = z
  .strictObject({
    order: z.array(z.number().int().min(0)).min(1, 'at least one criterion is needed'),
    method: z.enum(['roc', 'rank-sum', 'rank-reciprocal']),
  })
  .superRefine((req, ctx) => checkPermutation(ctx, req.order, ['order'], req.order.length));

export const RankWeightsResponseSchema = z.object({ weights: z.array(z.number().min(0).max(1)) });

// ---------------------------------------------------------------- engine.sensitivity

export const SensitivityRequestSchema = z
  .strictObject({
    /** alternatives × criteria on a common higher-is-better scale. */
    values: AlternativesTable(),
    weights: z.array(Weight()).min(1, 'at least one criterion is needed'),
  })
  .superRefine((req, ctx) => {
    checkTable(ctx, req.values, ['values'], req.weights.length, 'one per criterion');
    checkSomeWeight(ctx, req.weights, ['weights']);
  });

export const SensitivityResponseSchema = z.object({
  winner: z.number().int().min(0),
  margin: z.number().min(0),
  criteria: z.array(
    z.object({
      weight: z.number().min(0).max(1),
      stableFrom: z.number().min(0).max(1),
      stableTo: z.number().min(0).max(1),
      winnerBelow: z.number().int().min(0).nullable(),
      winnerAbove: z.number().int().min(0).nullable(),
      /** Smallest winner-changing change of this weight, in percent of the weight. */
      criticalPercent: z.number().min(0).nullable(),
    }),
  ),
  mostCritical: z
    .object({ criterion: z.number().int().min(0), change: z.number(), winner: z.number().int().min(0), percent: z.number().min(0).nullable() })
    .nullable(),
  /** Smallest L1 change of the normalised weight vector at which another candidate ties the winner. */
  smallestChange: z.object({ weights: z.array(z.number().min(0).max(1)), winner: z.number().int().min(0), distance: z.number().min(0).max(2) }).nullable(),
  /**
   * Every pair adjacent in the ranking (leader ranked just above challenger): the smallest L1
   * change of the weights on the simplex at which the challenger ties the leader; `distance`
   * and `weights` null when no weights let it catch up.
   */
  reversals: z.array(
    z.object({
      leader: z.number().int().min(0),
      challenger: z.number().int().min(0),
      distance: z.number().min(0).max(2).nullable(),
      weights: z.array(z.number().min(0).max(1)).nullable(),
    }),
  ),
});

// ---------------------------------------------------------------- engine.stabilityMap

export const StabilityMapRequestSchema = z
  .strictObject({
    values: AlternativesTable(),
    weights: z.array(Weight()).min(2, 'at least two criteria are needed'),
    /** The two criteria on the axes. */
    dimensions: z.tuple([z.number().int().min(0), z.number().int().min(0)]),
    /** Cells per axis. */
    resolution: z.number().int().min(2).max(200).default(40),
  })
  .superRefine((req, ctx) => {
    const n = req.weights.length;
    checkTable(ctx, req.values, ['values'], n, 'one per criterion');
    checkSomeWeight(ctx, req.weights, ['weights']);
    req.dimensions.forEach((d, k) => {
      if (d >= n) fail(ctx, ['dimensions', k], `criterion index ${d} is out of range 0…${n - 1}`);
    });
    if (req.dimensions[0] === req.dimensions[1]) fail(ctx, ['dimensions', 1], 'must differ from dimensions[0]');
  });

export const StabilityMapResponseSchema = z.object({
  dimensions: z.tuple([z.number().int().min(0), z.number().int().min(0)]),
  resolution: z.number().int(),
  current: z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]),
  winners: z.array(z.array(z.number().int().min(0).nullable())),
  share: z.array(z.number().min(0).max(1)),
});

// ---------------------------------------------------------------- engine.smaa

/** Largest SMAA run one request may ask for (~20 s on two workers). */
export const SMAA_MAX_SAMPLES = 50_000_000;

const CriterionIndex = () => z.number().int().min(0);

const SmaaWeightsSchema = z.union([
  z.strictObject({ kind: z.literal('uniform') }),
  z.strictObject({ kind: z.literal('around'), center: z.array(Weight()).min(1), spread: finite().positive('must be > 0') }),
  /** A strict ranking, most important first. */
  z.strictObject({ kind: z.literal('ordinal'), order: z.array(CriterionIndex()).min(1) }),
  /** A weak order: groups of equally ranked criteria, most important group first. */
  z.strictObject({ kind: z.literal('ordinal'), groups: z.array(z.array(CriterionIndex()).min(1, 'a group must not be empty')).min(1) }),
  /** Per-criterion weight bounds [lo, hi] (weights sum to 1). */
  z.strictObject({
    kind: z.literal('intervals'),
    intervals: z.array(z.tuple([finite().min(0).max(1), finite().min(0).max(1)])).min(1),
  }),
  /** Ratio constraints: w_greater ≥ ratio · w_lesser (ratio default 1), uniform over the weights that meet them all. */
  z.strictObject({
    kind: z.literal('constraints'),
    constraints: z
      .array(z.strictObject({ greater: CriterionIndex(), lesser: CriterionIndex(), ratio: finite().positive('must be > 0').optional() }))
      .min(1, 'at least one constraint is needed'),
  }),
  /**
   * From the room's AHP judgments, one matrix per participant (`null` = did not judge):
   * `bootstrap` resamples the judges, `perturb` moves each judgment within one scale step.
   */
  z.strictObject({
    kind: z.literal('judgments'),
    matrices: z.array(PairwiseMatrix().nullable()).min(1, 'at least one participant is needed'),
    mode: z.enum(['bootstrap', 'perturb']),
    aggregation: z.enum(['aij', 'aip']).default('aij'),
    /** Participants' influence, one per matrix (0 = observer): bootstrap draws judges in proportion, perturb weights the aggregate. */
    participantWeights: z.array(Weight()).optional(),
  }),
]);

export const SmaaRequestSchema = z
  .strictObject({
    values: Table().min(1, 'at least one alternative is needed'),
    valueSpread: z.array(z.array(finite().min(0, 'a standard deviation must be ≥ 0'))).optional(),
    weights: SmaaWeightsSchema.default({ kind: 'uniform' }),
    samples: z.number().int().min(1).max(SMAA_MAX_SAMPLES).default(10_000),
    seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(1),
  })
  .superRefine((req, ctx) => {
    const n = req.values[0]?.length ?? 0;
    if (n === 0) {
      fail(ctx, ['values', 0], 'at least one criterion is needed');
      return;
    }
    checkTable(ctx, req.values, ['values'], n, 'one per criterion, like values[0]');
    if (req.valueSpread) checkTable(ctx, req.valueSpread, ['valueSpread'], n, 'same shape as values', req.values.length);
    if (req.weights.kind === 'around') {
      checkLength(ctx, req.weights.center, ['weights', 'center'], n, 'one per criterion');
      checkSomeWeight(ctx, req.weights.center, ['weights', 'center']);
    }
    const weights = req.weights;
    if (weights.kind === 'ordinal' && 'order' in weights) checkPermutation(ctx, weights.order, ['weights', 'order'], n);
    if (weights.kind === 'ordinal' && 'groups' in weights) checkPermutation(ctx, weights.groups.flat(), ['weights', 'groups'], n);
    if (weights.kind === 'constraints') {
      weights.constraints.forEach((c, k) => {
        for (const side of ['greater', 'lesser'] as const) {
          if (c[side] >= n) fail(ctx, ['weights', 'constraints', k, side], `criterion index ${c[side]} is out of range 0…${n - 1}`);
        }
        if (c.greater === c.lesser) fail(ctx, ['weights', 'constraints', k], 'must compare two different criteria');
      });
    }
    if (weights.kind === 'judgments') {
      if (weights.matrices.every((m) => m === null)) fail(ctx, ['weights', 'matrices'], 'nobody has judged yet: at least one matrix is needed');
      if (weights.participantWeights) {
        checkLength(ctx, weights.participantWeights, ['weights', 'participantWeights'], weights.matrices.length, 'one per matrix');
        checkSomeWeight(ctx, weights.participantWeights, ['weights', 'participantWeights']);
      }
      weights.matrices.forEach((m, p) => {
        if (m === null) return;
        if (m.length !== n) fail(ctx, ['weights', 'matrices', p], `must be ${n}×${n}, one row and column per criterion; is ${m.length} rows`);
        else checkPairwise(ctx, m, ['weights', 'matrices', p]);
      });
    }
    if (weights.kind === 'intervals') {
      checkLength(ctx, weights.intervals, ['weights', 'intervals'], n, 'one per criterion');
      weights.intervals.forEach(([lo, hi], j) => {
        if (lo > hi) fail(ctx, ['weights', 'intervals', j], `lower bound ${lo} is above upper bound ${hi}`);
      });
    }
  });

export const SmaaResponseSchema = z.object({
  rankAcceptability: z.array(z.array(z.number().min(0).max(1))),
  /** Same shape: Monte Carlo standard error of each rank acceptability (batch means over blocks of 256 samples). */
  standardError: z.array(z.array(z.number().min(0).max(1))),
  centralWeights: z.array(z.array(z.number().min(0).max(1)).nullable()),
  confidence: z.array(z.number().min(0).max(1).nullable()),
  /** pairwiseWinning[i][j]: probability that i ranks above j. */
  pairwiseWinning: z.array(z.array(z.number().min(0).max(1))),
  /** Holistic acceptability index (SMAA-2), with the centroid meta-weights used. */
  holisticAcceptability: z.array(z.number().min(0).max(1)),
  metaWeights: z.array(z.number().min(0).max(1)),
  samples: z.number().int().min(1),
});

export const engineMethods = {
  'engine.evaluate': defineMethod({
    name: 'engine.evaluate',
    summary:
      'Weighted-sum evaluation of scored candidates. { candidates, criteria:[{id,weight}], scores: participant×candidate×criterion (null = not scored), scale:{min,max}, aggregation?, participantWeights? } → totals, ranking, contributions, aggregated, disagreement, consensus, coverage.',
    request: EvaluateRequestSchema,
    response: EvaluateResponseSchema,
  }),
  'engine.ahp': defineMethod({
    name: 'engine.ahp',
    summary:
      'AHP priorities (principal eigenvector; Harker’s method when pairs are null = not judged), λmax, CI, CR, the three most inconsistent judgments with suggestions on the 1–9 scale, missing pairs and the next pair to ask (a variant of Harker’s rule: the largest change of the priorities, in L1, per unit change of ln a_ij), warnings. Judgments within 1/1000…1000. { matrix, labels? } or a group { matrices, participantWeights?, aggregation?: aij|aip } (plus each individual result, compatibility, judges = how many participants’ judgments counted, and Goepel’s consensus S*, null with fewer than two).',
    request: AhpRequestSchema,
    response: AhpResponseSchema,
  }),
  'engine.hierarchy': defineMethod({
    name: 'engine.hierarchy',
    summary:
      'AHP over a criteria hierarchy. { root: {id, children?:[…]}, matrices?: {nodeId: matrix (null = not judged; Harker’s method) | matrix[] (a group)}, weights?: {nodeId: direct local weights}, aggregation?: aij|aip, participantWeights? } → local (nodeId → priority under its parent), global (leafId → product of the local priorities along its path), nodes (parentId → method, cr, missingPairs, nextPair, and for a group consensus S* and judges).',
    request: HierarchyRequestSchema,
    response: HierarchyResponseSchema,
  }),
  'engine.ahpRatings': defineMethod({
    name: 'engine.ahpRatings',
    summary:
      'AHP ratings: candidates compared pairwise on one dimension (null = pair not judged; Harker’s method) → priorities, CR, missing pairs, next pair, and the dimension’s scores by Saaty’s ideal mode: scale.min + (scale.max − scale.min) · priority / max priority. { matrix, scale:{min,max}, labels? }.',
    request: AhpRatingsRequestSchema,
    response: AhpRatingsResponseSchema,
  }),
  'engine.topsis': defineMethod({
    name: 'engine.topsis',
    summary: 'TOPSIS closeness and ranking. { matrix: alternatives×criteria, weights, directions: benefit|cost, normalization?: vector|minmax }.',
    request: TopsisRequestSchema,
    response: TopsisResponseSchema,
  }),
  'engine.rankWeights': defineMethod({
    name: 'engine.rankWeights',
    summary:
      'Weights from an importance ranking. { order: criterion indices most important first, method: roc|rank-sum|rank-reciprocal } → weights by criterion.',
    request: RankWeightsRequestSchema,
    response: RankWeightsResponseSchema,
  }),
  'engine.sensitivity': defineMethod({
    name: 'engine.sensitivity',
    summary:
      'Exact weight-stability intervals of the weighted-sum winner (slider rescales the other weights proportionally). { values: alternatives×criteria, weights } → winner, margin, per-criterion intervals (with criticality in percent), mostCritical, smallestChange (smallest L1 change of the whole weight vector that lets another candidate win), reversals (for each pair adjacent in the ranking, the smallest L1 change that lets the lower one tie the one above: leader, challenger, distance, weights).',
    request: SensitivityRequestSchema,
    response: SensitivityResponseSchema,
  }),
  'engine.stabilityMap': defineMethod({
    name: 'engine.stabilityMap',
    summary:
      'Two-dimension stability map of the weighted-sum winner. { values: alternatives×criteria, weights, dimensions: [p, q], resolution? } → winners[i][j] with weight i/resolution on p and j/resolution on q (others rescaled proportionally; null outside the triangle), share of the plane each wins.',
    request: StabilityMapRequestSchema,
    response: StabilityMapResponseSchema,
  }),
  'engine.smaa': defineMethod({
    name: 'engine.smaa',
    summary:
      'SMAA-2 acceptability analysis. { values, valueSpread?, weights: uniform | around{center,spread} | ordinal{order} | ordinal{groups} (weak order) | intervals{intervals:[[lo,hi],…]} | constraints{constraints:[{greater, lesser, ratio?}]} (w_greater ≥ ratio·w_lesser; contradicting sets refused naming them) | judgments{matrices: per participant a pairwise matrix or null, mode: bootstrap (resample the judges) | perturb (each judgment within one step of the 1–9 scale), aggregation?: aij|aip} (weights from the room’s own AHP judgments), samples?, seed? } → rankAcceptability (ties shared fairly), standardError (its Monte Carlo standard error, same shape), centralWeights, confidence, pairwiseWinning, holisticAcceptability. Long runs use worker threads, report progress and can be cancelled.',
    request: SmaaRequestSchema,
    response: SmaaResponseSchema,
    job: true,
  }),
};
