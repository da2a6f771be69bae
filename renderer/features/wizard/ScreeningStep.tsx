import { useTranslation } from 'react-i18next';
import { DECISION_STEPS, pick } from '../../../shared/framework';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { Guidance } from '../../ui/Guidance';
import { CandidatesPanel } from './screening/CandidatesPanel';
import { CriteriaPanel } from './screening/CriteriaPanel';
import { ProposalsPanel } from './screening/ProposalsPanel';
import './wizard.css';

/** Step 2 初筛范围: candidates, adaptation proposals (§五) and the criteria with their starting weights. */
export function ScreeningStep() {
  useTranslation();
  const lang = currentLang();
  const doc = useWorkshop((s) => s.doc);
  if (!doc) return null;
  return (
    <div className="wizard-step screening-step">
      <Guidance text={pick(DECISION_STEPS[1].guidance, lang)} />
      <CandidatesPanel doc={doc} />
      <ProposalsPanel doc={doc} />
      <CriteriaPanel doc={doc} />
    </div>
  );
}
