import { z } from 'zod';
import { defineMethod, finite } from './define';
import { IdSchema } from '../model/schema';
import { EvaluateResponseSchema, SensitivityResponseSchema, SmaaResponseSchema, TopsisResponseSchema } from './engine';

/**
 * `workshop.analyse`: the whole analysis of a workshop — evaluation, weight stability,
 * SMAA acceptability, the fragile-winner verdict and whether TOPSIS agrees — computed by the
 * same code as the report, so the evaluation room and the report never disagree.
 */
/**
 * The weights the room's SMAA samples (the reports use `around`): around the team's weights;
 * from the room's own AHP judgments, resampling the judges or perturbing each judgment within
 * one scale step; or uniform under ratio constraints between criteria (by id),
 * w_greater ≥ ratio · w_lesser.
 */
export const SmaaWeightModelSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('around') }),
  z.strictObject({ kind: z.literal('judgments'), mode: z.enum(['bootstrap', 'perturb']) }),
  z.strictObject({
    kind: z.literal('constraints'),
    constraints: z
      .array(z.strictObject({ greater: IdSchema, lesser: IdSchema, ratio: finite().positive('must be > 0').max(1000, 'must be ≤ 1000') }))
      .min(1, 'at least one constraint is needed')
      .max(50, 'at most 50 constraints'),
  }),
]);
export type SmaaWeightModel = z.infer<typeof SmaaWeightModelSchema>;

/** Which weight model an SMAA run used, to state it next to the figures. */
export const SMAA_MODELS = ['around', 'judgments-bootstrap', 'judgments-perturb', 'constraints'] as const;
export type SmaaModelName = (typeof SMAA_MODELS)[number];

export const WorkshopAnalyseRequestSchema = z.strictObject({
  /** The workshop document (any schema version); validated and migrated like an imported file. */
  workshop: z.unknown().refine((v) => v !== undefined, { message: 'the workshop document is required' }),
  /** What-if weights: criterion id → non-negative weight (any scale); criteria not named keep theirs. */
  weights: z.record(IdSchema, finite().min(0, 'must be ≥ 0')).optional(),
  /** What-if scores: "participantId|candidateId|criterionId" → value on the workshop's scale. */
  scoreOverrides: z.record(z.string().max(320), finite()).optional(),
  /** The room's choice of SMAA weights (default `around`, as the reports). */
  smaaWeights: SmaaWeightModelSchema.optional(),
});
export type WorkshopAnalyseRequest = z.input<typeof WorkshopAnalyseRequestSchema>;

const FragilityReasonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('low-acceptability'), acceptability: z.number() }),
  z.object({ kind: z.literal('small-weight-change'), criterion: z.number().int().min(0), change: z.number(), winner: z.number().int().min(0) }),
  z.object({ kind: z.literal('narrow-margin'), margin: z.number() }),
  z.object({ kind: z.literal('incomplete-scores'), coverage: z.number() }),
]);

export const WorkshopAnalyseResponseSchema = z.object({
  /** Weights normalised to sum 1, criterion order. */
  weights: z.array(z.number().min(0).max(1)),
  evaluation: EvaluateResponseSchema.nullable(),
  /** Why there is no evaluation (the engine refused the inputs), else null. */
  problem: z.string().nullable(),
  scored: z.boolean(),
  sensitivity: SensitivityResponseSchema.nullable(),
  smaa: SmaaResponseSchema.nullable(),
  smaaSettings: z
    .object({
      samples: z.number().int(),
      seed: z.number().int(),
      /** RMS spread of the weights around the team's (model `around` only, else null). */
      spread: z.number().nullable(),
      model: z.enum(SMAA_MODELS),
      /** Model `constraints`: the constraints applied, as criterion indices. */
      constraints: z.array(z.object({ greater: z.number().int().min(0), lesser: z.number().int().min(0), ratio: z.number().positive() })),
    })
    .nullable(),
  /**
   * Why the room's chosen SMAA weights gave no answer: the constraints contradict each other
   * (`constraints`: their indices in the request), nobody has judged pairwise, or the engine
   * refused the judgments (`detail`, English).
   */
  smaaProblem: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('conflict'), constraints: z.array(z.number().int().min(0)) }),
      z.object({ kind: z.literal('no-judgments') }),
      z.object({ kind: z.literal('refused'), detail: z.string() }),
    ])
    .nullable(),
  verdict: z.object({ fragile: z.boolean(), reasons: z.array(FragilityReasonSchema) }).nullable(),
  /** The verdict's thresholds, to state them next to it. */
  thresholds: z.object({ minAcceptability: z.number(), minWeightChange: z.number(), minMargin: z.number(), minCoverage: z.number() }),
  /** TOPSIS on the same values and weights: method robustness. `agrees`: same winner as the weighted sum. */
  topsis: TopsisResponseSchema.extend({ agrees: z.boolean() }).nullable(),
});
export type WorkshopAnalysisResult = z.infer<typeof WorkshopAnalyseResponseSchema>;
export type FragilityReasonResult = z.infer<typeof FragilityReasonSchema>;

export const analysisMethods = {
  'workshop.analyse': defineMethod({
    name: 'workshop.analyse',
    summary:
      'Analyses a workshop as the report does. { workshop, weights?: {criterionId: weight}, scoreOverrides?: {"participant|candidate|criterion": value}, smaaWeights?: around | judgments{mode: bootstrap|perturb} | constraints{constraints:[{greater, lesser (criterion ids), ratio}]} } → weights, evaluation, sensitivity (stability intervals), smaa (rank acceptability), smaaSettings (samples, weight model), smaaProblem, verdict (fragile winner and why), thresholds, topsis (does the winner hold under TOPSIS).',
    request: WorkshopAnalyseRequestSchema,
    response: WorkshopAnalyseResponseSchema,
    job: true,
  }),
};
