import { useDeferredValue } from 'react';
import { ComparisonPanel } from './ComparisonPanel';
import { CalibrationPanel } from './CalibrationPanel';
import { ImportPanel } from '../../parts/metrics-import/ImportPanel';
import { SuggestionsPanel } from './SuggestionsPanel';
import { NoCandidates } from '../../parts/tasks';
import { StepFrame, useStep } from '../../parts/step';
import { ValueFunctionsPanel } from './ValueFunctionsPanel';
import '../../parts/step.css';

/** Step 4 指标对比: import pilot metrics, compare them side by side, and carry suggested scores into the evaluation. */
export function MetricsStep() {
  const { t, doc } = useStep();
  // Charts and suggestions follow the document at low priority: after an import of a big
  // file, the page answers at once and the charts render in slices that never block input.
  // Fields always read the live document (`doc`): a field fed the deferred one would put back
  // its old value over what was just typed until the deferred render caught up.
  const shown = useDeferredValue(doc);
  if (!doc || !shown) return null;
  return (
    <StepFrame index={3} name="metrics" intro={t('wizard.metrics.intro')}>
      {doc.candidates.length === 0 ? (
        <NoCandidates docId={doc.id} />
      ) : (
        <>
          <ImportPanel doc={doc} />
          <ComparisonPanel doc={shown} />
          <CalibrationPanel doc={doc} shown={shown} />
          <ValueFunctionsPanel doc={doc} shown={shown} />
          <SuggestionsPanel doc={shown} />
        </>
      )}
    </StepFrame>
  );
}
