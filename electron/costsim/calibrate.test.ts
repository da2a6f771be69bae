import { describe, expect, it } from 'vitest';
import { SimScenarioSchema, type PilotRow } from '../../shared/cost/schema';
import { Rng } from '../engine/rng';
import { estimateScenario } from './analytic';
import { runScenario } from './run';
import { calibrate, simulatePilot, withParameters } from './calibrate';
import { calibrationCoverage, COVERAGE_SEEDS, ROUND_TRIPS, TRUE_PARAMETERS } from './calibrateCheck';

// A pilot of a managed candidate: 7B on 8 H100, colocated, 16 prompts × 8 rollouts per step.
const pilot = SimScenarioSchema.parse({ steps: 40, promptsPerStep: 16, cluster: { gpus: 8, colocated: true } });
// The full-scale run the team plans: 64 H100, 64 prompts × 8, 1000 steps.
const target = SimScenarioSchema.parse({ steps: 1000, promptsPerStep: 64, cluster: { gpus: 64, colocated: true } });
// The "true" efficiencies the pilot ran at: MFU 0.28, decode bandwidth efficiency 0.5, 12 s fixed per step.
const TRUE: [number, number, number] = [Math.log(0.28), Math.log(0.5), 12];

type Measured = Exclude<keyof PilotRow, 'gpus'>;

/** A simulated pilot: the simulation's figures at the true parameters, each measurement with log-normal noise of σ = `noise`. */
function pilotRows(count: number, noise: number, kinds: Measured[], seed = 7): PilotRow[] {
  const truth = simulatePilot(withParameters(pilot, TRUE)).figures;
  const rng = new Rng(seed);
  return Array.from({ length: count }, () => {
    const row: PilotRow = { stepSeconds: null, rolloutSeconds: null, trainSeconds: null, tokensPerSecond: null, gpus: null };
    for (const k of kinds) row[k] = truth[k] * Math.exp(noise * rng.normal());
    return row;
  });
}

const ALL: Measured[] = ['stepSeconds', 'rolloutSeconds', 'trainSeconds', 'tokensPerSecond'];

describe('sim.calibrate: fit to the pilot and project the full-scale run', () => {
  it('recovers known parameters from a noisy simulated pilot within the stated error', () => {
    const fit = calibrate(pilot, pilotRows(40, 0.05, ALL), target);
    const { mfu, decodeBandwidthEfficiency: eff, overheadSeconds: ovh } = fit.parameters;
    expect(mfu.fitted && eff.fitted && ovh.fitted).toBe(true);
    // Stated error for 40 rows at 5 % noise (3 standard errors, whose coverage the next test
    // checks), including the sampling error of the simulated pilot that corrects the estimate:
    // MFU within 5 % and decode efficiency within 15 % (log units), the overhead within 10 s.
    expect(3 * mfu.se).toBeLessThan(0.05);
    expect(3 * eff.se).toBeLessThan(0.15);
    expect(3 * ovh.se).toBeLessThan(10);
    // The residual is the noise put in (σ = 5 %), within sampling error.
    expect(fit.residual.rms).toBeGreaterThan(0.035);
    expect(fit.residual.rms).toBeLessThan(0.065);
    expect(fit.residual.observations).toBe(160);
    // The projection at the fit is close to the full-scale run at the true parameters (simulated
    // over its first 64 steps); wall time and cost scale with the step. Whether its p10–p90 band
    // holds the truth as often as it should is the round trips' coverage test below (one case may
    // fall outside an 80 % band).
    const truth = runScenario({ ...withParameters(target, TRUE), steps: 64 }).step.meanSeconds;
    const p = fit.projection;
    expect(Math.abs(p.stepSeconds.mid / truth - 1)).toBeLessThan(0.1);
    expect(p.stepSeconds.p10).toBeLessThan(p.stepSeconds.mid);
    expect(p.stepSeconds.mid).toBeLessThan(p.stepSeconds.p90);
    expect(p.costUsd.p10).toBeLessThan(p.costUsd.p90);
    const est = estimateScenario(withParameters(target, TRUE));
    expect(p.costUsd.mid / p.stepSeconds.mid / (est.totals.costRun / est.step.meanSeconds)).toBeCloseTo(1, 1);
    expect(p).toMatchObject({ steps: 1000, gpus: 64, gpu: 'H100-SXM', paramsB: 7, archetype: 'managed' });
  });

  it('states standard errors that cover the true parameters over repeated noisy pilots', () => {
    // Ten pilots with independent noise (σ = 5 %, 40 rows each). With honest standard errors
    // |fit − truth| / se is about |N(0, 1)|: outside 3 se in 0.3 % of pilots, so at most one of
    // ten may miss, and the RMS of the ten z-scores lies in [0.51, 1.52] with 98 % probability
    // (√(χ²₁₀ / 10)); the test allows [0.4, 2] — an interval three times too wide or too narrow fails.
    // Each calibration simulates its pilot with another seed: the correction the simulation gives
    // the estimate is a random draw too, and its error is part of what the se must state.
    const truth = { mfu: TRUE[0], eff: TRUE[1], ovh: TRUE[2] };
    const z = { mfu: [] as number[], eff: [] as number[], ovh: [] as number[] };
    for (let seed = 1; seed <= 10; seed++) {
      const {
        mfu,
        decodeBandwidthEfficiency: eff,
        overheadSeconds: ovh,
      } = calibrate({ ...pilot, seed: 100 + seed }, pilotRows(40, 0.05, ALL, seed), target).parameters;
      z.mfu.push((Math.log(mfu.value) - truth.mfu) / mfu.se);
      z.eff.push((Math.log(eff.value) - truth.eff) / eff.se);
      z.ovh.push((ovh.value - truth.ovh) / ovh.se);
    }
    for (const [name, zs] of Object.entries(z)) {
      expect(zs.filter((v) => Math.abs(v) > 3).length, name).toBeLessThanOrEqual(1);
      const rms = Math.sqrt(zs.reduce((a, v) => a + v * v, 0) / zs.length);
      expect(rms, name).toBeGreaterThan(0.4);
      expect(rms, name).toBeLessThan(2);
    }
  });

  it('recovers the parameters from noise-free measurements within its stated error', () => {
    // The simulation is not smooth in the parameters (a small change reorders its events), so
    // the correction it gives the estimate moves by its sampling error: the fit is exact only to
    // within the standard errors it states.
    const fit = calibrate(pilot, pilotRows(3, 0, ALL), target);
    const { mfu, decodeBandwidthEfficiency: eff, overheadSeconds: ovh } = fit.parameters;
    expect(Math.abs(Math.log(mfu.value / 0.28))).toBeLessThan(Math.max(0.01, 3 * mfu.se));
    expect(Math.abs(Math.log(eff.value / 0.5))).toBeLessThan(3 * eff.se);
    expect(Math.abs(ovh.value - 12)).toBeLessThan(3 * ovh.se);
    expect(fit.residual.rms).toBeLessThan(0.03);
  });

  it('a band narrows as the pilot gives more rows', () => {
    const few = calibrate(pilot, pilotRows(4, 0.1, ALL, 3), target).projection.stepSeconds;
    const many = calibrate(pilot, pilotRows(100, 0.1, ALL, 3), target).projection.stepSeconds;
    expect((many.p90 - many.p10) / many.mid).toBeLessThan((few.p90 - few.p10) / few.mid);
  });

  it('keeps what no column informs: step seconds alone fit the decode efficiency, MFU and overhead stay the pilot scenario’s', () => {
    const fit = calibrate(pilot, pilotRows(10, 0.02, ['stepSeconds']), target);
    expect(fit.parameters.mfu).toMatchObject({ fitted: false, value: pilot.cluster.mfu, observations: 0 });
    expect(fit.parameters.overheadSeconds).toMatchObject({ fitted: false, value: pilot.overheads.engineSleepWakeSeconds });
    expect(fit.parameters.decodeBandwidthEfficiency).toMatchObject({ fitted: true, observations: 10 });
    expect(fit.overheadPath).toBe('overheads.engineSleepWakeSeconds');
    // The step time is matched.
    expect(Math.abs(fit.pilot.predicted.stepSeconds! / fit.pilot.measured.stepSeconds! - 1)).toBeLessThan(0.02);
  });

  it('refuses a pilot without measurements, or too few to fit and state uncertainty', () => {
    expect(() => calibrate(pilot, [{ stepSeconds: null, rolloutSeconds: null, trainSeconds: null, tokensPerSecond: null, gpus: null }], target)).toThrow(
      /no step/,
    );
    expect(() => calibrate(pilot, pilotRows(1, 0, ['stepSeconds']), target)).toThrow(/at least 2/);
  });
});

describe('sim.calibrate: a pilot whose rows ran on different GPU counts', () => {
  // A pilot that ran its first 20 steps on 8 H100 and the next 20 on 16 (the team scaled it up
  // half-way). Each row is the model's figures at the true parameters on that row's GPUs.
  const onGpus = (gpus: number) => SimScenarioSchema.parse({ ...pilot, cluster: { ...pilot.cluster, gpus } });
  const rowsOn = (gpus: number, count: number): PilotRow[] => {
    const truth = simulatePilot(withParameters(onGpus(gpus), TRUE)).figures;
    return Array.from({ length: count }, () => ({ ...truth, gpus }));
  };
  const rows = [...rowsOn(8, 20), ...rowsOn(16, 20)];

  it('fits each row with its own GPU count and recovers the parameters within its stated error', () => {
    // The pilot scenario says 16 GPUs (what a configuration taken from the last row holds).
    const fit = calibrate(onGpus(16), rows, target);
    const { mfu, decodeBandwidthEfficiency: eff, overheadSeconds: ovh } = fit.parameters;
    expect(Math.abs(Math.log(mfu.value / 0.28))).toBeLessThan(Math.max(0.01, 3 * mfu.se));
    expect(Math.abs(Math.log(eff.value / 0.5))).toBeLessThan(3 * eff.se);
    expect(Math.abs(ovh.value - 12)).toBeLessThan(3 * ovh.se);
    expect(fit.residual.rms).toBeLessThan(0.03);
    // The measured and predicted pilot figures are the means over both halves.
    expect(fit.pilot.measured.stepSeconds).toBeCloseTo((rows[0].stepSeconds! + rows[39].stepSeconds!) / 2, 6);
    expect(Math.abs(fit.pilot.predicted.stepSeconds! / fit.pilot.measured.stepSeconds! - 1)).toBeLessThan(0.03);
  });

  it('gives the same fit whichever GPU count the pilot scenario names, when every row names its own', () => {
    const a = calibrate(onGpus(16), rows, target).parameters;
    const b = calibrate(onGpus(8), rows, target).parameters;
    expect(b.mfu.value).toBeCloseTo(a.mfu.value, 6);
    expect(b.decodeBandwidthEfficiency.value).toBeCloseTo(a.decodeBandwidthEfficiency.value, 6);
  });

  it('refuses a row on fewer GPUs than one tensor-parallel engine needs', () => {
    const tp = SimScenarioSchema.parse({ ...pilot, cluster: { ...pilot.cluster, tensorParallel: 4 } });
    expect(() => calibrate(tp, [...rows.slice(0, 2), { ...rows[0], gpus: 2 }], target)).toThrow(/2 GPUs/);
  });
});

describe('sim.calibrate: round trips through the simulation', () => {
  // Pilots simulated by sim.run at MFU 0.35, decode efficiency 0.6 and 20 s per step, 19 rows
  // with 5 % noise, fitted and projected; the truth is the simulated full-scale run at those
  // parameters (another simulation seed). Measured before the band took the estimate's error in:
  // 2 of 8 covered (bands ±1–3 % around projections 3–11 % off). Pooled over three noise seeds
  // (COVERAGE_SEEDS, 24 round trips): one seed's figure moves by 1/8 from draw to draw.
  const { coverage, outcomes } = calibrationCoverage();

  it('pools several noise draws of every round trip', () => {
    expect(new Set(outcomes.map((o) => o.seed)).size).toBe(COVERAGE_SEEDS.length);
    expect(COVERAGE_SEEDS.length).toBeGreaterThanOrEqual(3);
    expect(outcomes.length).toBe(COVERAGE_SEEDS.length * ROUND_TRIPS.length);
  });

  it('projects a p10–p90 band that covers the simulated truth in at least 80 % of sync, async, colocated, TP, multi-turn and KV-pressure cases', () => {
    expect(coverage, JSON.stringify(outcomes)).toBeGreaterThanOrEqual(0.8);
    for (const o of outcomes) {
      expect(o.p10).toBeLessThan(o.mid);
      expect(o.mid).toBeLessThan(o.p90);
      // A band is evidence only while it is narrow enough to choose by: within ±25 % of its middle.
      expect(o.p90 / o.mid, o.name).toBeLessThan(1.25);
      expect(o.p10 / o.mid, o.name).toBeGreaterThan(0.8);
    }
  });

  it('does not take the simulation’s KV pressure for a slow decoder (H20, long multi-turn rollouts)', () => {
    const kv = outcomes.filter((o) => o.name.startsWith('KV pressure'));
    expect(kv.length).toBe(COVERAGE_SEEDS.length);
    for (const o of kv) expect(Math.abs(Math.log(o.decodeEfficiency / Math.exp(TRUE_PARAMETERS[1]))), `seed ${o.seed}`).toBeLessThan(0.15);
  });
});
