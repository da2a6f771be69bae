import type { analysisMethods, WorkshopAnalysisResult } from '../../shared/contract/analysis';
import { ContractError } from '../../shared/contract/errors';
import { migrate } from '../../shared/model';
import { applyWhatIf } from '../../shared/model/edits/scenarios';
import { topsis } from '../engine/topsis';
import { analyseWorkshop, FRAGILITY } from '../analysis/analysis';
import type { HandlersFor } from './context';
import { cancelledError } from './tasks/runner';

export const analysisHandlers: HandlersFor<typeof analysisMethods> = {
  'workshop.analyse': ({ workshop, weights, scoreOverrides }, ctx): WorkshopAnalysisResult => {
    const checked = migrate(workshop);
    if (!checked.ok) throw new ContractError('invalid_document', checked.message, checked.issues);
    ctx.progress({ done: 0, stage: 'evaluating' });
    if (ctx.signal.aborted) throw cancelledError();
    // The report's own analysis of the what-if document: the same verdict from the same code.
    const analysis = analyseWorkshop(applyWhatIf(checked.doc, weights, scoreOverrides));
    if (ctx.signal.aborted) throw cancelledError();
    ctx.progress({ done: 0.9, stage: 'topsis' });
    const ev = analysis.evaluation;
    let method: WorkshopAnalysisResult['topsis'] = null;
    if (ev && analysis.scored && ev.totals.length > 1 && analysis.weights.some((w) => w > 0)) {
      const { min, max } = checked.doc.scale;
      // Same inputs as the weighted sum: group scores on 0…1 (unscored = scale minimum), same weights.
      const matrix = ev.aggregated.map((row) => row.map((a) => (a === null ? 0 : (a - min) / (max - min))));
      const t = topsis({ matrix, weights: analysis.weights, directions: matrix[0].map(() => 'benefit' as const) });
      method = { ...t, agrees: t.ranking[0] === ev.ranking[0] };
    }
    ctx.progress({ done: 1, stage: 'done' });
    return { ...analysis, thresholds: { ...FRAGILITY }, topsis: method };
  },
};
