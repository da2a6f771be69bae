import { CandidatesPanel } from './screening/CandidatesPanel';
import { CriteriaPanel } from './screening/CriteriaPanel';
import { ProposalsPanel } from './screening/ProposalsPanel';
import { StepFrame, useStep } from './step';
import './wizard.css';

/** Step 2 初筛范围: candidates, adaptation proposals (§五) and the criteria with their starting weights. */
export function ScreeningStep() {
  const { doc } = useStep();
  if (!doc) return null;
  return (
    <StepFrame index={1} name="screening">
      <CandidatesPanel doc={doc} />
      <ProposalsPanel doc={doc} />
      <CriteriaPanel doc={doc} />
    </StepFrame>
  );
}
