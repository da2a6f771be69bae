import { describe, expect, it } from 'vitest';
import { ESTIMATE_REGION_MIN_ROLLOUTS_PER_ENGINE, type SimCalibration, type SimResult } from '../cost/schema';
import { attachCalibration, calibrationInput, setPilotValue } from './calibration';
import { costEvidence, evidenceEstimateRequest, outsideRegionText } from './cost-evidence';
import { CATALOGUE } from '../i18n';
import { createWorkshop } from './create';
import { importMetrics } from './edits';
import type { WorkshopDoc } from './schema';

const NOW = '2026-03-01T09:00:00.000Z';

/** A managed candidate's pilot of three timed steps, a budget of 20,000 USD a month, the workshop in CNY at 7 per USD. */
function workshop(): WorkshopDoc {
  let doc = createWorkshop({ title: 'E', lang: 'en', id: 'w1', now: NOW });
  doc = {
    ...doc,
    currency: { code: 'CNY', cnyPerUsd: 7 },
    needs: { ...doc.needs, answers: { budget: 20_000, budgetCurrency: 'USD', plannedTrainingSteps: 600 } },
  };
  const points = (ys: number[]) => ys.map((y, i): [number, number] => [i + 1, y]);
  return importMetrics(doc, [{ candidateId: 'managed', metric: 'iteration-speed', bucket: '', points: points([9, 9.1, 8.9]) }], {
    file: 'p.csv',
    importedAt: NOW,
    rows: 3,
  });
}

/** A calibration answer projecting 30,000 USD (p10 27,000, p90 36,000) over 730 h. */
const projection = (): SimCalibration => {
  const fp = { value: 0.3, fitted: true, se: 0.01, observations: 3 };
  const figures = { stepSeconds: 400, rolloutSeconds: null, trainSeconds: null, tokensPerSecond: null };
  return {
    parameters: { mfu: fp, decodeBandwidthEfficiency: fp, overheadSeconds: fp },
    overheadPath: 'overheads.engineSleepWakeSeconds',
    residual: { rms: 0.01, observations: 3, byKind: figures },
    pilot: { rows: 3, measured: figures, predicted: figures },
    projection: {
      steps: 600,
      gpus: 64,
      gpu: 'H100-SXM',
      paramsB: 7,
      archetype: 'managed',
      stepSeconds: { p10: 380, mid: 400, p90: 450 },
      wallHours: { p10: 700, mid: 730, p90: 800 },
      costUsd: { p10: 27_000, mid: 30_000, p90: 36_000 },
      gpuHours: 46_720,
      draws: 64,
    },
  };
};

/** The parts of `sim.estimate`'s answer the evidence reads: 200 s per step, 365 h, 5,000 USD for the run. */
const estimate = { step: { meanSeconds: 200 }, totals: { wallHours: 365, costRun: 5_000 } } as SimResult;

describe('cost evidence: what step 5 and the report show per candidate', () => {
  it('takes the pilot’s projection with its band for a calibrated candidate, in the workshop’s currency against the budget', () => {
    let doc = workshop();
    doc = attachCalibration(doc, 'managed', calibrationInput(doc, 'managed')!, projection(), NOW);
    const asked: string[] = [];
    const rows = costEvidence(doc, (id) => (asked.push(id), evidenceEstimateRequest(doc, id) ? estimate : null));
    const managed = rows.find((r) => r.candidateId === 'managed')!;
    expect(managed).toMatchObject({ source: 'calibrated', stale: false, at: NOW, run: { steps: 600, gpus: 64, archetype: 'managed' } });
    expect(managed.stepSeconds).toEqual({ p10: 380, mid: 400, p90: 450 });
    expect(managed.cost).toEqual({ p10: 189_000, mid: 210_000, p90: 252_000 });
    // One month (730 h) at 20,000 USD = 140,000 CNY for the run; 210,000 CNY is 1.5 × that.
    expect(managed.budget!.budgetForRun).toBeCloseTo(140_000, 6);
    expect(managed.budget!.share).toBeCloseTo(1.5, 9);
    // No estimate is asked for the calibrated candidate.
    expect(evidenceEstimateRequest(doc, 'managed')).toBeNull();
    expect(rows.map((r) => r.candidateId)).toEqual(doc.candidates.map((c) => c.id));
    // A changed pilot configuration keeps the projection, marked stale.
    const stale = costEvidence(setPilotValue(doc, 'managed', 'cluster.gpus', 32), () => null).find((r) => r.candidateId === 'managed')!;
    expect(stale).toMatchObject({ source: 'calibrated', stale: true });
  });

  it('shows the uncalibrated estimate of the same full-scale run for a candidate without a pilot, with no band', () => {
    const doc = workshop();
    const request = evidenceEstimateRequest(doc, 'self-built');
    // The full-scale run: the candidate's scenario with the needs' planned steps.
    expect(request).toMatchObject({ steps: 600, cost: { archetype: 'self-built' } });
    const row = costEvidence(doc, () => estimate).find((r) => r.candidateId === 'self-built')!;
    expect(row).toMatchObject({ source: 'estimate', stale: false, at: null, run: { steps: 600, archetype: 'self-built' } });
    expect(row.stepSeconds).toEqual({ p10: null, mid: 200, p90: null });
    expect(row.cost).toEqual({ p10: null, mid: 35_000, p90: null });
    // Half a month → a budget of 70,000 CNY for the run; 35,000 is half of it.
    expect(row.budget!.share).toBeCloseTo(0.5, 9);
    // Before the estimate is in: no figures, and why.
    expect(costEvidence(doc, () => null).find((r) => r.candidateId === 'self-built')).toMatchObject({ source: 'none', reason: 'pending', cost: null });
  });

  it('carries the estimate-region flag of an uncalibrated estimate, with its reasons in either language', () => {
    const doc = workshop();
    const outside = { ...estimate, estimateRegion: { inside: false, reasons: ['kvPressure', 'fewRolloutsPerEngine'] } } as SimResult;
    const row = costEvidence(doc, () => outside).find((r) => r.candidateId === 'self-built')!;
    expect(row.outsideRegion).toEqual(['kvPressure', 'fewRolloutsPerEngine']);
    // Inside the region, or no region stated: no flag.
    const inside = { ...estimate, estimateRegion: { inside: true, reasons: [] } } as SimResult;
    expect(costEvidence(doc, () => inside).find((r) => r.candidateId === 'self-built')!.outsideRegion).toBeNull();
    expect(costEvidence(doc, () => estimate).find((r) => r.candidateId === 'self-built')!.outsideRegion).toBeNull();
    for (const lang of ['en', 'zh-CN'] as const) {
      const words = CATALOGUE[lang].costEvidence;
      const text = outsideRegionText(words, 'Self-built', row.outsideRegion!);
      expect(text).toContain('Self-built');
      expect(text).toContain(words.region.kvPressure);
      // The engine threshold is filled in, no placeholder is left.
      expect(text).toContain(String(ESTIMATE_REGION_MIN_ROLLOUTS_PER_ENGINE));
      expect(text).not.toMatch(/\{\{/);
    }
  });

  it('says so when a candidate’s full-scale scenario is not valid, and asks no estimate for it', () => {
    // A billion planned training steps is beyond what the simulator takes.
    const base = workshop();
    const doc = { ...base, needs: { ...base.needs, answers: { ...base.needs.answers, plannedTrainingSteps: 1e9 } } };
    expect(evidenceEstimateRequest(doc, 'self-built')).toBeNull();
    expect(costEvidence(doc, () => estimate).find((r) => r.candidateId === 'self-built')).toMatchObject({ source: 'none', reason: 'invalid-scenario' });
  });
});
