import { z } from 'zod';
import { defineMethod } from './define';
import { COLUMN_ROLES } from '../model/metrics-parse';
import { LangSchema, WorkshopDocSchema } from '../model/schema';

const num = () => z.number().refine(Number.isFinite, { message: 'must be a finite number' });

/** One assumption of the recorded decision, held against the canary (shared/model/assumptions.ts). */
export const AssumptionSchema = z.strictObject({
  id: z.enum(['step-time', 'monthly-cost', 'success-rate', 'throughput', 'rollout-length', 'throughput-demand']),
  /** The criterion it bears on (when the workshop has it). */
  dimension: z.string().optional(),
  source: z.enum(['cost-evidence', 'needs', 'pilot']),
  metric: z.string(),
  /** The band that holds: min and/or max (null = unbounded on that side). */
  expected: z.strictObject({ min: num().nullable(), max: num().nullable() }),
  /** The canary's mean; null = not observed. */
  observed: num().nullable(),
  status: z.enum(['holding', 'drifting', 'broken', 'unobserved']),
  /** Relative distance outside the band (0 inside). */
  deviation: num().nullable(),
  /** §九 interplay: the dimension whose risk the observed value raises, with its weight and the seed's words. */
  interplay: z.strictObject({ dimension: z.string(), weight: num().nullable(), words: z.strictObject({ 'zh-CN': z.string(), en: z.string() }) }).nullable(),
});

const change = <T extends z.ZodType>(value: T) => z.strictObject({ before: value.nullable(), after: value.nullable() });
export const SnapshotChangesSchema = z.strictObject({
  weights: z.array(z.strictObject({ id: z.string() }).extend(change(num()).shape)),
  scores: z.array(z.strictObject({ candidateId: z.string(), criterionId: z.string() }).extend(change(num()).shape)),
  candidates: z.strictObject({ added: z.array(z.string()), removed: z.array(z.string()) }),
  evidence: z.array(z.strictObject({ candidateId: z.string(), figure: z.enum(['stepSeconds', 'wallHours', 'cost']) }).extend(change(num()).shape)),
  needs: z.array(
    z
      .strictObject({ target: z.enum(['successTarget', 'monthlyBudget', 'rolloutSteps', 'modelSizeB', 'currency']) })
      .extend(change(z.union([num(), z.string()])).shape),
  ),
  totals: z.array(z.strictObject({ candidateId: z.string() }).extend(change(num()).shape)),
});

/** Canary / production metrics as exported: the file's name (its extension picks CSV, TSV, JSON or JSON Lines) and text. */
export const ReviewMetricsSchema = z.strictObject({
  name: z.string().max(1000).default('metrics.csv'),
  text: z.string(),
  /** Column name → role, where the column's name does not say it (see the importer's roles). */
  roles: z.record(z.string().max(1000), z.enum(COLUMN_ROLES)).optional(),
});

export const workshopMethods = {
  'workshop.create': defineMethod({
    name: 'workshop.create',
    summary: 'A new workshop document from the built-in framework template. { title, lang: "zh-CN"|"en" } → document.',
    request: z.strictObject({ title: z.string().trim().min(1, 'must not be empty').max(1000), lang: LangSchema }),
    response: WorkshopDocSchema,
  }),
  'workshop.sample': defineMethod({
    name: 'workshop.sample',
    summary: 'The sample workshop (needs answered, participants, scores). { lang } → document.',
    request: z.strictObject({ lang: LangSchema }),
    response: WorkshopDocSchema,
  }),
  'workshop.validate': defineMethod({
    name: 'workshop.validate',
    summary: 'Any JSON → the migrated, valid workshop document, or an invalid_document error listing each problem.',
    request: z.unknown(),
    response: WorkshopDocSchema,
  }),
  'workshop.review': defineMethod({
    name: 'workshop.review',
    summary:
      'The recorded decision held against canary metrics. { workshop, metrics?: { name, text, roles? } } → { assumptions, stillWins, margin, changedSinceDecision, changes }. CLI exit code 3 when an assumption is broken.',
    request: z.strictObject({ workshop: z.unknown(), metrics: ReviewMetricsSchema.optional() }),
    response: z.strictObject({
      assumptions: z.array(AssumptionSchema),
      /** The decided candidate still ranks first on the current analysis (null: no analysis). */
      stillWins: z.boolean().nullable(),
      /** Its weighted total (0..1) minus the best other's; negative when another wins. */
      margin: num().nullable(),
      changedSinceDecision: z.boolean(),
      changes: SnapshotChangesSchema,
    }),
  }),
};
