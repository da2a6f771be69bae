import type { analysisMethods, WorkshopAnalysisResult } from '../../shared/contract/analysis';
import { ContractError } from '../../shared/contract/errors';
import { migrate } from '../../shared/model';
import { applyWhatIf } from '../../shared/model/edits/scenarios';
import { analyseWorkshop, FRAGILITY } from '../analysis/analysis';
import type { HandlersFor } from './context';
import { cancelledError } from './tasks/runner';

export const analysisHandlers: HandlersFor<typeof analysisMethods> = {
  'workshop.analyse': ({ workshop, weights, scoreOverrides, smaaWeights }, ctx): WorkshopAnalysisResult => {
    const checked = migrate(workshop);
    if (!checked.ok) throw new ContractError('invalid_document', checked.message, checked.issues, checked.reason);
    ctx.progress({ done: 0, stage: 'evaluating' });
    if (ctx.signal.aborted) throw cancelledError();
    // The report's own analysis of the what-if document: the same verdict from the same code.
    const analysis = analyseWorkshop(applyWhatIf(checked.doc, weights, scoreOverrides), smaaWeights);
    ctx.progress({ done: 1, stage: 'done' });
    // TOPSIS (does the winner hinge on the method?) is part of the analysis itself.
    return { ...analysis, thresholds: { ...FRAGILITY } };
  },
};
