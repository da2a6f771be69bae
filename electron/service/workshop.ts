import { ContractError } from '../../shared/contract/errors';
import type { workshopMethods } from '../../shared/contract/workshop';
import { createSampleWorkshop, createWorkshop, importCanary, migrate, readCanaryMetrics, reviewDecision, type WorkshopDoc } from '../../shared/model';
import { hierarchyJudged } from '../analysis/analysis';
import type { HandlersFor } from './context';

export const workshopHandlers: HandlersFor<typeof workshopMethods> = {
  'workshop.create': ({ title, lang }) => createWorkshop({ title, lang }),
  'workshop.sample': ({ lang }) => createSampleWorkshop(lang),
  'workshop.validate': (input) => validDoc(input),
  'workshop.review': ({ workshop, metrics }) => {
    let doc = validDoc(workshop);
    if (doc.decision.candidateId === null || doc.decision.snapshot === null)
      throw new ContractError(
        'invalid_request',
        doc.decision.candidateId === null
          ? 'The workshop has no recorded decision: choose the candidate in step 5’s decision record first.'
          : 'The decision was recorded before snapshots were kept: confirm it in step 5’s decision record to freeze what it rests on, then review it.',
        [{ path: 'workshop.decision', message: 'no decision snapshot', code: doc.decision.candidateId === null ? 'no_decision' : 'no_snapshot' }],
      );
    if (metrics) doc = withMetrics(doc, metrics);
    const r = reviewDecision(doc, hierarchyJudged(doc));
    return { assumptions: r.assumptions, stillWins: r.stillWins, margin: r.margin, changedSinceDecision: r.changedSinceDecision, changes: r.changes! };
  },
};

function validDoc(input: unknown): WorkshopDoc {
  const result = migrate(input);
  if (!result.ok) throw new ContractError('invalid_document', result.message, result.issues, result.reason);
  return result.doc;
}

/** The workshop with the request's canary metrics in place of any stored ones it re-measures; a file that cannot be read is refused, saying why. */
function withMetrics(doc: WorkshopDoc, metrics: Parameters<typeof readCanaryMetrics>[1]): WorkshopDoc {
  const read = readCanaryMetrics(doc, metrics);
  if (read.fileErrors.length)
    throw new ContractError(
      'invalid_request',
      `The metrics file cannot be read: ${read.fileErrors.map((e) => e.code + (e.detail ? ` (${e.detail})` : '')).join(', ')}.`,
      read.fileErrors.map((e) => ({ path: 'metrics.text', message: e.code, code: e.code, ...(e.detail ? { params: { detail: e.detail } } : {}) })),
    );
  if (read.duplicates.length)
    throw new ContractError(
      'invalid_request',
      `Several columns measure one thing: ${read.duplicates.map((d) => d.columns.map((c) => `"${c.column}"`).join(' and ') + ` (${d.metric})`).join('; ')}. Keep one: map the others to "ignore" in metrics.roles.`,
      read.duplicates.map((d) => ({
        path: 'metrics.roles',
        message: `duplicate columns for ${d.metric}`,
        code: 'duplicate_measure',
        params: { metric: d.metric, columns: d.columns.map((c) => c.column).join(', ') },
      })),
    );
  return importCanary(doc, read.series, { file: metrics.name, importedAt: new Date().toISOString(), rows: read.rowsUsed });
}
