import { z } from 'zod';
import { defineMethod, finite } from './define';
import { IdSchema } from '../model/schema';
import { EvaluateResponseSchema, SensitivityResponseSchema, SmaaResponseSchema, TopsisResponseSchema } from './engine';

/**
 * `workshop.analyse`: the whole analysis of a workshop — evaluation, weight stability,
 * SMAA acceptability, the fragile-winner verdict and whether TOPSIS agrees — computed by the
 * same code as the report, so the evaluation room and the report never disagree.
 */
export const WorkshopAnalyseRequestSchema = z.strictObject({
  /** The workshop document (any schema version); validated and migrated like an imported file. */
  workshop: z.unknown().refine((v) => v !== undefined, { message: 'the workshop document is required' }),
  /** What-if weights: criterion id → non-negative weight (any scale); criteria not named keep theirs. */
  weights: z.record(IdSchema, finite().min(0, 'must be ≥ 0')).optional(),
  /** What-if scores: "participantId|candidateId|criterionId" → value on the workshop's scale. */
  scoreOverrides: z.record(z.string().max(320), finite()).optional(),
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
  smaaSettings: z.object({ samples: z.number().int(), seed: z.number().int(), spread: z.number() }).nullable(),
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
      'Analyses a workshop as the report does. { workshop, weights?: {criterionId: weight}, scoreOverrides?: {"participant|candidate|criterion": value} } → weights, evaluation, sensitivity (stability intervals), smaa (rank acceptability), verdict (fragile winner and why), thresholds, topsis (does the winner hold under TOPSIS).',
    request: WorkshopAnalyseRequestSchema,
    response: WorkshopAnalyseResponseSchema,
    job: true,
  }),
};
