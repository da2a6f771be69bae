import { z } from 'zod';
import { defineMethod } from './define';
import { LangSchema } from '../model/schema';

/** Formats of `report.render`, in the order the export dialog offers them. */
export const REPORT_FORMATS = ['html', 'pdf', 'pptx', 'md', 'csv', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/**
 * Tables of the CSV export. `all` (default): one file with every table as a section,
 * each introduced by a `# name` line, sections separated by an empty line. The others:
 * one plain table per file —
 * `scores` participant,candidate,criterion,score,rationale,focus_point (long form, one row per score in
 *   force as entered: a dimension scored at its focus points has a row per focus point score, named in
 *   `focus_point`, empty elsewhere; its unused dimension scores are left out);
 * `weights` criterion,group,base_weight,adaptation_delta,final_weight,share,accepted_rules;
 * `aggregate` candidate,criterion,group_score,disagreement;
 * `results` rank,candidate,total,coverage,first_rank_acceptability,chosen,first_rank_standard_error (shares in 0…1).
 */
export const CSV_KINDS = ['all', 'scores', 'weights', 'aggregate', 'results'] as const;
export type CsvKind = (typeof CSV_KINDS)[number];

export const ReportRenderRequestSchema = z.strictObject({
  /** The workshop document (any schema version). Validated and migrated like an imported file: problems come back as `invalid_document` with path and reason (first 20). */
  workshop: z.unknown().refine((v) => v !== undefined, { message: 'the workshop document is required' }),
  format: z.enum(REPORT_FORMATS),
  /** Language of the report's own words; default: the workshop's `meta.lang`. */
  lang: LangSchema.optional(),
  /** Which CSV table(s); only for `format: "csv"`. Default `all`. */
  csvKind: z.enum(CSV_KINDS).default('all'),
});
export type ReportRenderRequest = z.input<typeof ReportRenderRequestSchema>;

export const ReportRenderResponseSchema = z.object({
  /** Suggested file name, e.g. `sample-rl-stack.report.html`. */
  filename: z.string(),
  mime: z.string(),
  /** The file: text for html/md/csv/json, base64 for pdf and pptx (see `encoding`). */
  content: z.string(),
  encoding: z.enum(['utf8', 'base64']),
});
export type ReportRenderResponse = z.infer<typeof ReportRenderResponseSchema>;

/** `"a"|"b"|"c"`: the values a field takes, as the summary writes them. */
const oneOf = (values: readonly string[]) => values.map((v) => `"${v}"`).join('|');

export const reportMethods = {
  'report.render': defineMethod({
    name: 'report.render',
    summary: `Renders a workshop. { workshop, format: ${oneOf(REPORT_FORMATS)}, lang?: "zh-CN"|"en", csvKind?: ${oneOf(CSV_KINDS)} } → { filename, mime, content (base64 for pdf and pptx), encoding }. PDF needs Electron or a local Chromium (else \`unavailable\`); pptx is a 16:9 slide deck with native charts.`,
    request: ReportRenderRequestSchema,
    response: ReportRenderResponseSchema,
    job: true,
  }),
};
