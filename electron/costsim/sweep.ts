import type { SimResult, SimScenarioParsed, SimSweepResult, SweepField } from '../../shared/cost/schema';

/** A copy of `scenario` with the dotted `field` set to `value` (the caller re-validates it). */
export function setField(scenario: SimScenarioParsed, field: SweepField, value: number): unknown {
  const copy = structuredClone(scenario) as unknown as Record<string, unknown>;
  const keys = field.split('.');
  let node = copy;
  for (let i = 0; i < keys.length - 1; i++) node = node[keys[i]] as Record<string, unknown>;
  node[keys[keys.length - 1]] = value;
  return copy;
}

/** The curves of a sweep: one array per output, aligned with the swept values. */
export function sweepCurves(points: SimResult[], steps: number[]): SimSweepResult['curves'] {
  return {
    stepMeanSeconds: points.map((p) => p.step.meanSeconds),
    stepP90Seconds: points.map((p) => p.step.p90Seconds),
    rolloutSeconds: points.map((p) => p.step.rolloutSeconds),
    trainSeconds: points.map((p) => p.step.trainSeconds),
    costPerStep: points.map((p) => p.totals.costPerStep),
    costTotal: points.map((p) => p.totals.costTotal),
    gpuHours: points.map((p) => p.totals.gpuHours),
    rolloutIdleFraction: points.map((p) => p.idleFraction.rollout),
    generatedTokensPerStep: points.map((p, i) => p.totals.generatedTokens / steps[i]),
  };
}
