import type { ComponentType } from 'react';
import type { StepId } from '../../../shared/model';
import { NeedsStep } from '../wizard/NeedsStep';
import { ScreeningStep } from '../wizard/ScreeningStep';
import { ValidationStep } from '../wizard/ValidationStep';
import { MetricsStep } from '../wizard/MetricsStep';
import { CanaryStep } from '../wizard/CanaryStep';
import { IterationStep } from '../wizard/IterationStep';
import { EvaluationRoom } from '../room/EvaluationRoom';

/** The workspace of each decision-path step. */
export const STEP_SCREENS: Record<StepId, ComponentType<{ step: StepId }>> = {
  needs: NeedsStep,
  screening: ScreeningStep,
  validation: ValidationStep,
  metrics: MetricsStep,
  evaluation: EvaluationRoom,
  canary: CanaryStep,
  iteration: IterationStep,
};
