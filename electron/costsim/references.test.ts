import { beforeAll, describe, expect, it } from 'vitest';
import type { SimReferences, SimResult } from '../../shared/cost/schema';
import { dispatch } from '../service/dispatch';
import { createInlineRunner } from '../service/tasks/runner';
import { modelShape } from './decode';
import { fitTail, tailMean, tailVariance } from './distributions';
import {
  AREAL_7B_MIN_BANDWIDTH_EFFICIENCY,
  AREAL_FIG7_TOKENS_PER_SEQUENCE,
  compareReferences,
  DEEPSWE_SENSITIVITY,
  judge,
  lengthFromUpdate,
  RATIO_TOLERANCE,
  referenceScenarios,
  STEP_TOLERANCE,
  steadyStep,
  VERL_SAME_RUN_SPREAD,
} from './references';

/**
 * The reference runs: published figures beside the simulator's predictions. One run of the
 * whole library through the contract (`sim.references`, response checked against its schema).
 */
let refs: SimReferences;
beforeAll(async () => {
  const res = await dispatch('sim.references', {}, { host: 'test', tasks: createInlineRunner(), checkResponse: true });
  if (!res.ok) throw new Error(res.error.message);
  refs = res.result as SimReferences;
}, 120_000);

const byId = (id: string) => {
  const r = refs.references.find((x) => x.id === id);
  if (!r) throw new Error(`no reference ${id}`);
  return r;
};

describe('sim.references', () => {
  it('holds the issue’s publications, each cited and with its assumptions explained', () => {
    expect(refs.references.map((r) => r.id)).toEqual(['verl-fully-async-scaling', 'verl-fully-async-staleness', 'verl-one-step-off', 'areal-v0.3', 'deepswe']);
    for (const r of refs.references) {
      expect(r.source.citation.length).toBeGreaterThan(20);
      expect(r.source.url).toMatch(/^https:\/\//);
      expect(r.assumptions.length).toBeGreaterThan(0);
      for (const a of r.assumptions) expect(a.why.en.length * a.why.zh.length).toBeGreaterThan(0);
    }
    // Published figures as printed in the sources (seconds per step; AReaL and DeepSWE from hours/days).
    const pub = (ref: string, fig: string) => byId(ref).figures.find((f) => f.id === fig)!.published;
    expect(pub('verl-fully-async-scaling', 'sync32')).toBe(790.1);
    expect(pub('verl-fully-async-scaling', 'async128')).toBe(150.63);
    expect(pub('verl-fully-async-staleness', 's01')).toBe(171.3);
    expect(pub('verl-one-step-off', 'async')).toBe(520);
    expect(pub('areal-v0.3', 'sync15')).toBeCloseTo(147.6, 6);
    expect(pub('areal-v0.3', 'sync7')).toBeCloseTo(207.72, 6);
    expect(pub('deepswe', 'step')).toBe(2592);
  });

  it('judges a point estimate by its tolerance and an upper bound as a bound (step ±25 %, ratio ±30 %)', () => {
    for (const r of refs.references) {
      for (const f of r.figures) {
        expect(f.tolerance).toBe(f.kind === 'ratio' ? RATIO_TOLERANCE : STEP_TOLERANCE);
        expect(f.error).toBeCloseTo(f.predicted / f.published - 1, 12);
        if (f.bound === 'upper') {
          expect(f.within).toBe(f.predicted <= f.published);
          expect(f.otherShare).toBeCloseTo(1 - f.predicted / f.published, 12);
        } else {
          expect(f.bound).toBe('point');
          expect(f.within).toBe(Math.abs(f.error) <= f.tolerance);
        }
      }
      const within = r.figures.every((f) => f.within);
      expect(r.status).toBe(!within ? 'not-reproduced' : r.figures.some((f) => f.bound === 'upper') ? 'within-bound' : 'reproduced');
      // A reference the model misses says why, in both languages.
      if (r.status === 'not-reproduced') expect((r.reason?.en.length ?? 0) * (r.reason?.zh.length ?? 0)).toBeGreaterThan(0);
      else expect(r.reason).toBeNull();
      for (const c of r.caveats ?? []) expect(c.en.length * c.zh.length).toBeGreaterThan(0);
    }
  });

  it('an upper bound is met by any prediction at or below it, however far; a point estimate only near it', () => {
    // 955 s against 2,592 s: far below, so as a point estimate a miss (−63 %), as an upper bound
    // met, with 63 % of the published figure left to what is not a step.
    expect(judge('step', 'point', 955, 2592).within).toBe(false);
    const upper = judge('step', 'upper', 955, 2592);
    expect(upper.within).toBe(true);
    expect(upper.otherShare).toBeCloseTo(1 - 955 / 2592, 12);
    expect(judge('step', 'upper', 2600, 2592).within).toBe(false);
    expect(judge('ratio', 'point', 1.29 * 2, 2).within).toBe(true);
    expect(judge('ratio', 'point', 1.31 * 2, 2).within).toBe(false);
  });

  it('labels DeepSWE’s 6 days as an upper bound on the step, within it, and says why the step is throughput-bound', () => {
    const r = byId('deepswe');
    const f = r.figures[0];
    expect(f.bound).toBe('upper');
    expect(f.label.en).toMatch(/upper bound/);
    expect(f.label.zh).toMatch(/上限/);
    expect(r.status).toBe('within-bound');
    expect(f.predicted).toBeLessThanOrEqual(f.published);
    expect(f.otherShare).toBeGreaterThan(0);
    // Tool latency 0.09 s → 1 s moves the estimated step by under 2 %; plausible settings reach more.
    expect(Math.abs(DEEPSWE_SENSITIVITY.tool1s / DEEPSWE_SENSITIVITY.base - 1)).toBeLessThan(0.02);
    expect(DEEPSWE_SENSITIVITY.plausible).toBeGreaterThan(DEEPSWE_SENSITIVITY.base);
    const text = r.caveats!;
    expect(text[0].en).toContain(`${Math.round(DEEPSWE_SENSITIVITY.base)} s to ${Math.round(DEEPSWE_SENSITIVITY.tool1s)} s`);
    expect(text[0].zh).toContain(`${Math.round(DEEPSWE_SENSITIVITY.base)} 秒变为 ${Math.round(DEEPSWE_SENSITIVITY.tool1s)} 秒`);
    for (const c of text) expect(c.en + c.zh).not.toMatch(/550/);
  });

  it('prints verl’s caveats: lengths back-solved from update_actor, and the source’s own 21 % noise', () => {
    // 150.63 s and 124.64 s for the same run (staleness 0.5, require_batches 4, 128 GPUs): 20.9 %.
    expect(VERL_SAME_RUN_SPREAD).toBeCloseTo(150.63 / 124.64 - 1, 12);
    expect(Math.round(VERL_SAME_RUN_SPREAD * 100)).toBe(21);
    for (const id of ['verl-fully-async-scaling', 'verl-fully-async-staleness', 'verl-one-step-off']) {
      const c = byId(id).caveats!;
      expect(c.map((x) => x.en).join(' ')).toMatch(/update_actor.*input here, not a prediction/);
      expect(c.map((x) => x.en).join(' ')).toContain('about 21 %');
      expect(c.map((x) => x.zh).join(' ')).toContain('约有 21% 的噪声');
    }
  });

  it('states AReaL’s 7B miss as infeasibility below a bandwidth efficiency, and the 1.5B match as compensating errors', () => {
    // Fig. 7: 128.7k tokens/s × 147.6 s (41.0 h / 1000) / 8,192 sequences = 2,319 tokens each.
    expect(Math.round((128_700 * 147.6) / 8192)).toBe(2319);
    expect(Math.round(AREAL_FIG7_TOKENS_PER_SEQUENCE)).toBe(2319);
    const r = byId('areal-v0.3');
    expect(r.status).toBe('not-reproduced');
    const e = AREAL_7B_MIN_BANDWIDTH_EFFICIENCY.toFixed(2);
    expect(AREAL_7B_MIN_BANDWIDTH_EFFICIENCY).toBeGreaterThan(0.7);
    expect(AREAL_7B_MIN_BANDWIDTH_EFFICIENCY).toBeLessThan(1);
    expect(r.reason!.en).toContain(`infeasible below about ${e} decode bandwidth efficiency`);
    expect(r.reason!.zh).toContain(`低于约 ${e} 时 7B 同步步时不可行`);
    expect(r.reason!.en).not.toMatch(/cannot be as short|impossible/);
    expect(r.reason!.en).toMatch(/different experiment/);
    expect(r.caveats![0].en).toMatch(/compensating errors/);
    expect(r.caveats![0].en).toContain('2,319');
    expect(r.caveats![0].zh).toContain('相互抵消的误差');
    expect(r.caveats![0].zh).toContain('2319');
  });

  it('reproduces every verl publication within bounds, each run in its published configuration (achieved state, no tuning per row)', () => {
    for (const id of ['verl-fully-async-scaling', 'verl-fully-async-staleness', 'verl-one-step-off']) {
      const r = byId(id);
      for (const f of r.figures) expect(Math.abs(f.error), `${id}/${f.id}`).toBeLessThanOrEqual(f.tolerance);
      expect(r.status).toBe('reproduced');
    }
    // AReaL: the 1.5B runs and its speed-up are within bounds; the 7B runs are not (the reason gives
    // the bandwidth efficiency a 27K-token response needs for the synchronous step). DeepSWE: the
    // published 6 days are wall time, an upper bound the simulated step, validation included, stays
    // below. Achieved: 3 of 5 publications reproduced, 1 within its bound, 23 of 26 figures.
    const areal = byId('areal-v0.3').figures;
    for (const id of ['sync15', 'async15', 'speedup15']) expect(areal.find((f) => f.id === id)!.within, id).toBe(true);
    expect(refs.summary.reproduced).toBeGreaterThanOrEqual(3);
    expect(refs.summary.within).toBeGreaterThanOrEqual(22);
    const swe = byId('deepswe').figures[0];
    expect(swe.predicted).toBeLessThan(swe.published);
  });

  it('derives each verl run’s lengths from its own published update_actor time (hand calculation)', () => {
    // 313.81 s × 32 H20 × 148 TFLOPS × 0.5 = 7.43e17 FLOPs a step over 512 × 16 responses. Dense
    // alone (8 · 7.6e9 FLOPs per token) that would be 1,492 tokens each, less the 256-token prompt
    // = 1,236 generated; attention (4 passes × 4 · 28 layers · d FLOPs per causal pair, E[L²]/2
    // pairs a sequence) takes its share of the update, so the responses are somewhat shorter.
    const budget = 313.81 * 32 * 148e12 * 0.5;
    const denseOnly = budget / (8 * 7.6e9) / (512 * 16) - 256;
    expect(denseOnly).toBeCloseTo(1236.4, 0);
    const t = lengthFromUpdate({ updateSeconds: 313.81, trainGpus: 32, responses: 512 * 16, maxResponse: 28672 });
    expect(t.p99).toBe(10 * t.median);
    expect(t.max).toBe(28672);
    const d = modelShape({ paramsB: 7.6, activeParamsB: null, precision: 'bf16', layers: 28, kvHeads: 4, headDim: 128 }).dModel;
    const flopsOf = (lengths: typeof t) => {
      const tail = fitTail(lengths);
      const L = 256 + tailMean(tail);
      return 512 * 16 * (8 * 7.6e9 * L + 4 * 4 * 28 * d * ((L * L + tailVariance(tail)) / 2));
    };
    // The lengths spend the update's FLOPs (the median is rounded to a token).
    expect(flopsOf(t) / budget).toBeCloseTo(1, 2);
    const mean = tailMean(fitTail(t));
    expect(mean).toBeLessThan(denseOnly);
    expect(mean).toBeGreaterThan(0.85 * denseOnly);
    // Twice the update time on the same GPUs: twice the FLOPs, so the mean grows, but less than
    // the dense-only doubling (2 · mean + prompt): attention grows with the square of the length.
    const t2 = lengthFromUpdate({ updateSeconds: 2 * 313.81, trainGpus: 32, responses: 512 * 16, maxResponse: 28672 });
    expect(flopsOf(t2) / (2 * budget)).toBeCloseTo(1, 2);
    const mean2 = tailMean(fitTail(t2));
    expect(mean2).toBeGreaterThan(1.5 * mean);
    expect(mean2).toBeLessThan(2 * mean + 256);
  });

  it('states the unpublished quantities each miss needs, with its bounds computed as by hand', () => {
    // AReaL: 27,648 tokens × 15.2 GB (7.6 B × 2 bytes) / 3.35 TB/s = 125 s for the longest response alone.
    const tail = (27648 * 7.6e9 * 2) / 3.35e12;
    expect(Math.round(tail)).toBe(125);
    const areal = byId('areal-v0.3').reason!;
    for (const text of [areal.en, areal.zh]) expect(text).toContain(String(Math.round(tail)));
    expect(areal.en).toMatch(/response lengths per step/);
    expect(byId('deepswe').caveats![0].en).toContain('wandb');
  });

  it('keeps the physics’ direction: async beats sync where generation dominates (AReaL), more staleness never slows verl down', () => {
    const areal = byId('areal-v0.3').figures;
    for (const id of ['speedup15', 'speedup7']) expect(areal.find((f) => f.id === id)!.predicted).toBeGreaterThan(1);
    const st = byId('verl-fully-async-staleness').figures;
    const step = (id: string) => st.find((f) => f.id === id)!.predicted;
    expect(step('s0')).toBeGreaterThan(step('s01'));
    expect(step('s01')).toBeGreaterThan(step('s05') * 0.99);
  });
});

describe('compareReferences', () => {
  const fake = (steps: number[]): SimResult =>
    ({
      stepSeconds: steps,
      step: { meanSeconds: steps.reduce((a, b) => a + b, 0) / steps.length },
      overheads: { checkpointWriteSeconds: 0 },
    }) as unknown as SimResult;

  it('takes the steady state: the mean step after the pipeline’s first, without the run-end checkpoint', () => {
    expect(steadyStep(fake([900, 100, 110, 90]))).toBeCloseTo(100, 12);
    expect(steadyStep(fake([120]))).toBe(120);
    // The last step also wrote the run's final checkpoint (30 s): it is left out.
    const withCheckpoint = { ...fake([900, 100, 130]), overheads: { checkpointWriteSeconds: 30 } } as unknown as SimResult;
    expect(steadyStep(withCheckpoint)).toBeCloseTo(100, 12);
  });

  it('computes each figure from the runs by hand', () => {
    const keys = referenceScenarios();
    // Every run steps 100 s, except the verl staleness-0 run at 150 s.
    const results = keys.map((k) => fake(k.ref === 'verl-fully-async-staleness' && k.run === 's0' ? [999, 150, 150] : [999, 100, 100]));
    const out = compareReferences(results);
    const st = out.references.find((r) => r.id === 'verl-fully-async-staleness')!;
    const s0 = st.figures.find((f) => f.id === 's0')!;
    expect(s0.predicted).toBe(150);
    expect(s0.error).toBeCloseTo(150 / 231.34 - 1, 12);
    const gain = st.figures.find((f) => f.id === 'gain05')!;
    expect(gain.predicted).toBeCloseTo(1.5, 12);
    expect(gain.within).toBe(Math.abs(1.5 / (231.34 / 150.63) - 1) <= 0.3);
    expect(() => compareReferences(results.slice(1))).toThrow(/expected/);
  });
});
