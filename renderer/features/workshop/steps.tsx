import type { ComponentType } from 'react';
import type { StepId } from '../../../shared/model';
import { StepOverview } from './StepOverview';
import { NeedsStep } from '../wizard/NeedsStep';
import { ScreeningStep } from '../wizard/ScreeningStep';

/** The workspace of each decision-path step. Steps without their own screen yet show the overview. */
export const STEP_SCREENS: Record<StepId, ComponentType<{ step: StepId }>> = {
  needs: NeedsStep,
  screening: ScreeningStep,
  validation: StepOverview,
  metrics: StepOverview,
  evaluation: StepOverview,
  canary: StepOverview,
  iteration: StepOverview,
};
