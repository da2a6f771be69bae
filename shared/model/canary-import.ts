import { buildSeries, type BuildResult } from './metrics-series';
import { guessMapping, tokenizeMetricsFile, type ColumnRole } from './metrics-parse';
import type { WorkshopDoc } from './schema';

/**
 * Canary / production metrics for the decision's review, read with the pilot importer (step 4):
 * CSV, TSV, JSON or JSON Lines, the columns mapped from their names (`roles` overrides a column
 * by name). Rows without a candidate column are the decided candidate's; a candidate column's
 * values are matched as in step 4 and only the decided candidate's series are kept by
 * `importCanary`.
 */
export function readCanaryMetrics(doc: WorkshopDoc, file: { name: string; text: string; roles?: Record<string, ColumnRole> }): BuildResult {
  const table = tokenizeMetricsFile(file.name, file.text);
  const candidates = doc.candidates.map((c) => ({ id: c.id, name: c.name, kind: c.kind }));
  const guessed = guessMapping(table, candidates);
  const roles = table.header.map((h, i) => file.roles?.[h] ?? guessed.roles[i]);
  return buildSeries(table, { ...guessed, roles, fileCandidate: doc.decision.candidateId ?? guessed.fileCandidate });
}
