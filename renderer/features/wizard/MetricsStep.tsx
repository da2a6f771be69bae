import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { DECISION_STEPS, pick } from '../../../shared/framework';
import { hrefFor } from '../../app/route';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { Guidance } from '../../ui/Guidance';
import { ComparisonPanel } from './metrics/ComparisonPanel';
import { ImportPanel } from './metrics/ImportPanel';
import { SuggestionsPanel } from './metrics/SuggestionsPanel';
import { ValueFunctionsPanel } from './metrics/ValueFunctionsPanel';
import './wizard.css';

/** Step 4 指标对比: import pilot metrics, compare them side by side, and carry suggested scores into the evaluation. */
export function MetricsStep() {
  const { t } = useTranslation();
  const lang = currentLang();
  const doc = useWorkshop((s) => s.doc);
  // Charts and suggestions follow the document at low priority: after an import of a big
  // file, the page answers at once and the charts render in slices that never block input.
  const shown = useDeferredValue(doc);
  if (!doc || !shown) return null;
  return (
    <div className="wizard-step metrics-step">
      <Guidance text={pick(DECISION_STEPS[3].guidance, lang)} />
      <p className="step-intro">{t('wizard.metrics.intro')}</p>
      {doc.candidates.length === 0 ? (
        <div className="empty">
          <p>{t('wizard.validation.noCandidates')}</p>
          <a className="btn" href={hrefFor({ name: 'workshop', id: doc.id, step: 'screening' })}>
            {t('wizard.validation.goToScreening')}
          </a>
        </div>
      ) : (
        <>
          <ImportPanel doc={doc} />
          <ComparisonPanel doc={shown} />
          <ValueFunctionsPanel doc={shown} />
          <SuggestionsPanel doc={shown} />
        </>
      )}
    </div>
  );
}
