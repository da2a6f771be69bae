import { describe, expect, it } from 'vitest';
import { SimScenarioSchema, type SimScenario } from '../../shared/cost/schema';
import { estimateScenario } from './analytic';
import { Rng } from '../engine/rng';
import { applyGpuFailures } from './failures';
import { restartOverheadSeconds } from './failures';

/**
 * Failures when the checkpoint interval is longer than the run: no checkpoint is written before
 * the end, so every failure restarts the run from its start. With failures a Poisson process of
 * rate λ over up-time, work W and restart time R, the number of failures before one failure-free
 * stretch of W is geometric with mean e^{λW} − 1, each losing on average E[X | X < W], so the
 * expected wall time is (1/λ + R)(e^{λW} − 1) and the overhead that minus W.
 */
const scenario = (over: SimScenario = {}) =>
  SimScenarioSchema.parse({
    steps: 10,
    promptsPerStep: 4,
    rolloutsPerPrompt: 2,
    ...over,
    cluster: { gpus: 64, ...over.cluster },
    overheads: { storageGBps: 1e12, ...over.overheads },
    rollout: {
      turns: { median: 1, p99: 1, max: 1 },
      generatedTokensPerTurn: { median: 1000, p99: 1000, max: 1000 },
      toolLatencySeconds: { median: 1, p99: 1, max: 1 },
      envFailureRate: 0,
      ...over.rollout,
    },
  });

describe('checkpoint interval longer than the run', () => {
  it('restart-from-start overhead matches the hand calculation', () => {
    // λ = 1/h, W = 2 h, R = 10 min: (3600 + 600)(e² − 1) − 7200 = 4200 · 6.389056 − 7200 = 19,634 s.
    expect(restartOverheadSeconds(7200, 1 / 3600, 600)).toBeCloseTo(4200 * (Math.exp(2) - 1) - 7200, 6);
    expect(restartOverheadSeconds(7200, 1 / 3600, 600)).toBeCloseTo(19634.04, 1);
    // No failures, no overhead; rare failures: λW(W/2 + R) to first order.
    expect(restartOverheadSeconds(7200, 0, 600)).toBe(0);
    expect(restartOverheadSeconds(3600, 1e-9, 600) / (1e-9 * 3600 * (1800 + 600))).toBeCloseTo(1, 5);
  });

  it('the discrete-event failure process agrees with the hand calculation', () => {
    // 100 steps of 72 s (W = 2 h), one failure per hour, checkpoint interval 10 days.
    const rel = { checkpointMinutes: 14_400, restartMinutes: 10 };
    const expected = restartOverheadSeconds(7200, 1 / 3600, 600);
    let sum = 0;
    const seeds = 2000;
    for (let seed = 1; seed <= seeds; seed++) {
      const steps = Float64Array.from({ length: 100 }, () => 72);
      const out = applyGpuFailures(steps, 1 / 3600, rel, new Rng(seed));
      sum += out.stepFailure.reduce((a, b) => a + b, 0);
    }
    // The overhead's standard deviation is about 2.6× its mean here; 2,000 runs: ±6 % at 1σ.
    expect(sum / seeds / expected).toBeGreaterThan(0.8);
    expect(sum / seeds / expected).toBeLessThan(1.2);
  });

  it('the estimate: an interval beyond the run costs what restarting from the start costs', () => {
    const mtbf = 500; // GPU-hours between failures: 64 GPUs → λ = 64 / (500 · 3600) per second.
    const lambda = 64 / (mtbf * 3600);
    const clean = estimateScenario(scenario({ reliability: { gpuMtbfHours: 1e15 } }));
    const W = clean.step.meanSeconds * 10;
    const R = 600;
    const expected = restartOverheadSeconds(W, lambda, R);
    for (const checkpointMinutes of [(2 * W) / 60, 1e6]) {
      const e = estimateScenario(scenario({ reliability: { gpuMtbfHours: mtbf, checkpointMinutes, restartMinutes: 10 } }));
      expect(e.step.failureSeconds * 10).toBeCloseTo(expected, 3);
      expect(e.totals.wallHours).toBeCloseTo((W + expected) / 3600, 6);
    }
  });

  it('spot capacity without checkpoints: the restart overhead, not an interval of 1e6 minutes', () => {
    // The old estimate charged λ · step · (interval / 2 + R) per step: with an interval of
    // 1e6 minutes that is thousands of hours for a run of minutes.
    const clean = estimateScenario(scenario({ reliability: { gpuMtbfHours: 1e15 } }));
    const e = estimateScenario(scenario({ cost: { pricing: 'spot' }, reliability: { checkpointMinutes: 1e6 } }));
    // 64 GPUs = 8 nodes at 0.01 interruptions per node-hour, plus 64 GPUs at 50,000 h MTBF.
    const lambda = (8 * 0.01 + 64 / 50_000) / 3600;
    const W = clean.step.meanSeconds * 10;
    const expected = restartOverheadSeconds(W, lambda, 600);
    expect(e.step.failureSeconds * 10).toBeCloseTo(expected, 6);
    expect(e.totals.gpuFailures).toBeCloseTo(Math.expm1(lambda * W), 9);
  });
});
