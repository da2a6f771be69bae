import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DECISION_STEPS, pick } from '../../shared/framework';
import { currentLang } from '../i18n';
import { useWorkshop } from '../store/workshop';
import { Guidance } from '../ui/Guidance';

/** What every wizard step reads: the translator, the UI language and the open workshop (null while none is open). */
export function useStep() {
  const { t } = useTranslation();
  const lang = currentLang();
  const doc = useWorkshop((s) => s.doc);
  return { t, lang, doc };
}

/** A wizard step's page: the framework's guidance for step `index` (0-based), the step's intro, then its panels. */
export function StepFrame({ index, name, intro, children }: { index: number; name: string; intro?: string; children: ReactNode }) {
  return (
    <div className={`wizard-step ${name}-step`}>
      <Guidance text={pick(DECISION_STEPS[index].guidance, currentLang())} />
      {intro && <p className="step-intro">{intro}</p>}
      {children}
    </div>
  );
}
