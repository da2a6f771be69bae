import type { SimScenario } from '../../shared/contract/sim';
import { Rng } from '../engine/rng';

/**
 * A broad random grid of valid scenarios for checking the analytic estimate against the
 * discrete-event simulation: dense models 1.5–70B, 8–256 GPUs, single- and multi-turn, sync and
 * async, colocated or separate pools (colocated when the GPUs cannot hold two engines' worth).
 * Steps and batch are kept small enough for a unit test;
 * tensor parallelism is the smallest power of two that leaves the weights ≤ 40 % of the memory.
 */
/**
 * Steps simulated per scenario: the discrete-event mean step is the reference, and at 4 steps it
 * moved by up to 18 % between simulation seeds (one slow straggler weighs a quarter of it).
 */
export const GRID_STEPS = 16;

export function estimateGrid(count: number, seed: number): SimScenario[] {
  const rng = new Rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.min(xs.length - 1, Math.floor(rng.uniform() * xs.length))];
  const out: SimScenario[] = [];
  for (let i = 0; i < count; i++) {
    const paramsB = pick([1.5, 3, 7, 14, 32, 70]);
    const gpus = pick([8, 16, 32, 64, 128, 256]);
    let tp = 1;
    while (paramsB * 2 > 0.4 * 80 * tp && tp < 8) tp *= 2;
    const multi = rng.uniform() < 0.6;
    const turns = multi ? pick([3, 6, 12]) : 1;
    const gen = pick([256, 512, 1024, 2048]);
    // Separate pools need an engine's GPUs for rollout and at least as many for training.
    const colocated = rng.uniform() < 0.5 || gpus < 2 * tp;
    const mode = rng.uniform() < 0.5 ? 'sync' : 'async';
    out.push({
      seed: i + 1,
      steps: GRID_STEPS,
      promptsPerStep: pick([16, 32, 64]),
      rolloutsPerPrompt: 8,
      model: { paramsB },
      cluster: { gpus, tensorParallel: tp, colocated },
      system: { mode, staleness: pick([0.5, 1, 2]) },
      reliability: { gpuMtbfHours: 1e9 },
      rollout: {
        turns: { median: turns, p99: turns * 3, max: turns * 6 },
        generatedTokensPerTurn: { median: gen, p99: gen * pick([2, 4, 8]), max: gen * 16 },
        observationTokensPerTurn: { median: 256, p99: 2048, max: 4096 },
        toolLatencySeconds: { median: pick([1, 2, 5]), p99: 30, max: 60 },
        maxContextTokens: pick([32768, 65536]),
        envFailureRate: 0,
      },
    });
  }
  return out;
}
