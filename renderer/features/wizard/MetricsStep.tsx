import { useDeferredValue } from 'react';
import { ComparisonPanel } from './metrics/ComparisonPanel';
import { CalibrationPanel } from './metrics/CalibrationPanel';
import { ImportPanel } from './metrics/ImportPanel';
import { SuggestionsPanel } from './metrics/SuggestionsPanel';
import { NoCandidates } from './tasks';
import { StepFrame, useStep } from './step';
import { ValueFunctionsPanel } from './metrics/ValueFunctionsPanel';
import './wizard.css';

/** Step 4 指标对比: import pilot metrics, compare them side by side, and carry suggested scores into the evaluation. */
export function MetricsStep() {
  const { t, doc } = useStep();
  // Charts and suggestions follow the document at low priority: after an import of a big
  // file, the page answers at once and the charts render in slices that never block input.
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
          <CalibrationPanel doc={shown} />
          <ValueFunctionsPanel doc={shown} />
          <SuggestionsPanel doc={shown} />
        </>
      )}
    </StepFrame>
  );
}
