import type { ComponentType } from 'react';
import type { StepId } from '../../shared/model';
import { NeedsStep } from '../features/needs/NeedsStep';
import { ScreeningStep } from '../features/screening/ScreeningStep';
import { ValidationStep } from '../features/validation/ValidationStep';
import { MetricsStep } from '../features/metrics/MetricsStep';
import { CanaryStep } from '../features/canary/CanaryStep';
import { IterationStep } from '../features/iteration/IterationStep';
import { EvaluationRoom } from '../features/evaluation/EvaluationRoom';

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
