import type { ComponentType } from 'react';
import type { StepId } from '../../shared/model';
import { NeedsStep } from '../features/needs/NeedsStep';
import { ScreeningStep } from '../features/screening/ScreeningStep';
import { ValidationStep } from '../features/validation/ValidationStep';
import { MetricsStep } from '../features/metrics/MetricsStep';
import { CanaryStep } from '../features/canary/CanaryStep';
import { IterationStep } from '../features/iteration/IterationStep';
import { EvaluationRoom } from '../features/evaluation/EvaluationRoom';
import { RoomVoteButton, RoomVotePanel } from '../features/room-vote/RoomVote';

/** Step 5's room with the room vote put in: the features do not import each other. */
function Evaluation() {
  return <EvaluationRoom voteButton={<RoomVoteButton />} VotePanel={RoomVotePanel} />;
}

/** The workspace of each decision-path step. */
export const STEP_SCREENS: Record<StepId, ComponentType<{ step: StepId }>> = {
  needs: NeedsStep,
  screening: ScreeningStep,
  validation: ValidationStep,
  metrics: MetricsStep,
  evaluation: Evaluation,
  canary: CanaryStep,
  iteration: IterationStep,
};
