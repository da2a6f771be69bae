import { CandidatesPanel } from '../../parts/CandidatesPanel';
import { CriteriaPanel } from './CriteriaPanel';
import { ProposalsPanel } from './ProposalsPanel';
import { StepFrame, useStep } from '../../parts/step';
import '../../parts/step.css';

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
