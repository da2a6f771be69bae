import { describe, expect, it } from 'vitest';
import { assumptionStatus, assumptionsBoard, INTERPLAY_WORDS, reviewDecision, worstStatus, type AssumptionId } from './assumptions';
import { createSampleWorkshop } from './create';
import { importCanary, setReviewTolerance, setWeightPoints, updateDecision } from './edits';
import type { DecisionSnapshot, MetricSeries, WorkshopDoc } from './schema';

const NOW = '2026-03-01T09:00:00.000Z';

/** A decided workshop whose snapshot is made by hand, so every band is known exactly. */
function decided(): WorkshopDoc {
  const doc = updateDecision(createSampleWorkshop('en', NOW, 'w1'), { candidateId: 'managed' }, NOW);
  const snapshot: DecisionSnapshot = {
    ...doc.decision.snapshot!,
    evidence: [
      {
        candidateId: 'managed',
        stepSeconds: { p10: 30, mid: 36, p90: 40 },
        wallHours: { p10: 4, mid: 5, p90: 6 },
        cost: { p10: 900, mid: 1000, p90: 1200 },
      },
    ],
    needs: { successTarget: 0.7, monthlyBudget: 50_000, currency: 'USD', rolloutSteps: 40, modelSizeB: 7 },
    pilot: [{ candidateId: 'managed', iterationSpeed: 100, success: 0.65, utilization: 0.6 }],
  };
  return { ...doc, decision: { ...doc.decision, snapshot } };
}

const canary = (metric: MetricSeries['metric'], ys: number[], candidateId = 'managed'): MetricSeries => ({
  candidateId,
  metric,
  bucket: '',
  points: ys.map((y, i) => [i + 1, y]),
});
const board = (doc: WorkshopDoc, series: MetricSeries[]) => assumptionsBoard(doc, series);
const one = (doc: WorkshopDoc, series: MetricSeries[], id: AssumptionId) => board(doc, series).find((a) => a.id === id)!;

describe('assumption status', () => {
  it('holds inside and on the edges, drifts up to the tolerance outside, breaks beyond', () => {
    const band = { min: 30, max: 40 };
    expect(assumptionStatus(35, band, 0.1)).toBe('holding');
    expect(assumptionStatus(30, band, 0.1)).toBe('holding');
    expect(assumptionStatus(40, band, 0.1)).toBe('holding');
    expect(assumptionStatus(44, band, 0.1)).toBe('drifting'); // 10 % above 40: the tolerance's edge
    expect(assumptionStatus(44.01, band, 0.1)).toBe('broken');
    expect(assumptionStatus(27, band, 0.1)).toBe('drifting'); // 10 % below 30
    expect(assumptionStatus(26.9, band, 0.1)).toBe('broken');
    expect(assumptionStatus(41, band, 0)).toBe('broken');
    expect(assumptionStatus(null, band, 0.1)).toBe('unobserved');
  });
});

describe('the assumptions board', () => {
  const doc = decided();

  it('lists every assumption the snapshot expects something of, unobserved before any canary', () => {
    const b = board(doc, []);
    expect(b.map((a) => [a.id, a.source, a.metric, a.expected])).toEqual([
      ['step-time', 'cost-evidence', 'step-seconds', { min: 30, max: 40 }],
      ['monthly-cost', 'needs', 'monthly-cost', { min: null, max: 50_000 }],
      ['success-rate', 'needs', 'success-rate', { min: 0.7, max: null }],
      ['throughput', 'pilot', 'iteration-speed', { min: 100, max: null }],
      ['rollout-length', 'needs', 'rollout-steps', { min: null, max: 40 }],
      ['throughput-demand', 'pilot', 'throughput-demand', { min: null, max: 100 }],
    ]);
    expect(b.every((a) => a.status === 'unobserved' && a.observed === null)).toBe(true);
    expect(worstStatus(b)).toBeNull();
  });

  it('step time: 3600 ÷ the canary’s iterations per hour against the calibrated p10–p90', () => {
    // 3600/100 = 36 s: inside; 3600/90 = 40 s: the edge; 3600/84 ≈ 42.9 s: drifting; 3600/80 = 45 s: broken.
    expect(one(doc, [canary('iteration-speed', [100])], 'step-time')).toMatchObject({ observed: 36, status: 'holding' });
    expect(one(doc, [canary('iteration-speed', [90])], 'step-time')).toMatchObject({ observed: 40, status: 'holding' });
    expect(one(doc, [canary('iteration-speed', [84])], 'step-time').status).toBe('drifting');
    expect(one(doc, [canary('iteration-speed', [80])], 'step-time')).toMatchObject({ observed: 45, status: 'broken' });
    // The mean of each row's step time, not 3600 ÷ the mean speed.
    expect(one(doc, [canary('iteration-speed', [60, 180])], 'step-time').observed).toBeCloseTo((60 + 20) / 2, 12);
  });

  it('monthly cost against the budget', () => {
    expect(one(doc, [canary('monthly-cost', [40_000, 50_000])], 'monthly-cost').status).toBe('holding');
    expect(one(doc, [canary('monthly-cost', [50_000])], 'monthly-cost').status).toBe('holding');
    expect(one(doc, [canary('monthly-cost', [55_000])], 'monthly-cost').status).toBe('drifting');
    expect(one(doc, [canary('monthly-cost', [56_000])], 'monthly-cost').status).toBe('broken');
  });

  it('success rate against the KPI (every horizon’s points together), else against the pilot', () => {
    expect(one(doc, [canary('success-rate', [0.8])], 'success-rate').status).toBe('holding');
    expect(one(doc, [canary('success-rate', [0.7])], 'success-rate').status).toBe('holding');
    expect(one(doc, [canary('success-rate', [0.64])], 'success-rate').status).toBe('drifting');
    expect(one(doc, [canary('success-rate', [0.5])], 'success-rate').status).toBe('broken');
    const horizons: MetricSeries[] = [
      { ...canary('success-rate', [0.9]), bucket: 'short' },
      { ...canary('success-rate', [0.5]), bucket: 'long' },
    ];
    expect(one(doc, horizons, 'success-rate').observed).toBeCloseTo(0.7, 12);
    const noKpi: WorkshopDoc = {
      ...doc,
      decision: { ...doc.decision, snapshot: { ...doc.decision.snapshot!, needs: { ...doc.decision.snapshot!.needs, successTarget: null } } },
    };
    expect(one(noKpi, [], 'success-rate')).toMatchObject({ source: 'pilot', expected: { min: 0.65, max: null } });
  });

  it('throughput at least the pilot’s; another candidate’s canary is not the decision’s', () => {
    expect(one(doc, [canary('iteration-speed', [100])], 'throughput').status).toBe('holding');
    expect(one(doc, [canary('iteration-speed', [91])], 'throughput').status).toBe('drifting');
    expect(one(doc, [canary('iteration-speed', [89])], 'throughput').status).toBe('broken');
    expect(one(doc, [canary('iteration-speed', [10], 'hybrid')], 'throughput').status).toBe('unobserved');
  });

  it('the team’s tolerance decides between drifting and broken', () => {
    const wide = setReviewTolerance(doc, 0.25);
    expect(one(wide, [canary('iteration-speed', [80])], 'throughput').status).toBe('drifting');
    expect(one(wide, [canary('iteration-speed', [74])], 'throughput').status).toBe('broken');
    expect(setReviewTolerance(doc, -1)).toBe(doc);
  });
});

describe('§九 interplay', () => {
  const doc = decided();

  it('a longer rollout than assumed flags mismatch control with its weight, in the seed’s words', () => {
    const within = one(doc, [canary('rollout-steps', [40])], 'rollout-length');
    expect(within).toMatchObject({ status: 'holding', interplay: null });
    const longer = one(doc, [canary('rollout-steps', [43])], 'rollout-length');
    expect(longer.status).toBe('drifting');
    expect(longer.interplay).toEqual({
      dimension: 'mismatch-control',
      weight: doc.criteria.find((c) => c.id === 'mismatch-control')!.weight,
      words: INTERPLAY_WORDS.context,
    });
    expect(longer.interplay!.words['zh-CN']).toBe('更长的上下文会加剧失配风险');
  });

  it('a higher throughput demand than the pilot ran flags credit assignment', () => {
    expect(one(doc, [canary('throughput-demand', [100])], 'throughput-demand').interplay).toBeNull();
    const more = one(doc, [canary('throughput-demand', [150])], 'throughput-demand');
    expect(more.status).toBe('broken');
    expect(more.interplay).toMatchObject({ dimension: 'credit-assignment', words: { 'zh-CN': '更高的吞吐需求会放大信用分配的计算压力' } });
    // The weight is the one in force now.
    const reweighted = setWeightPoints(doc, 'credit-assignment', 33);
    expect(one(reweighted, [canary('throughput-demand', [150])], 'throughput-demand').interplay!.weight).toBe(33);
  });
});

describe('the review', () => {
  it('keeps the canary of the decided candidate, and says whether it still wins and by what margin', () => {
    let doc = decided();
    doc = importCanary(doc, [canary('iteration-speed', [70]), canary('iteration-speed', [500], 'hybrid')], { file: 'canary.csv', importedAt: NOW, rows: 2 });
    expect(doc.review.canary).toHaveLength(1);
    const r = reviewDecision(doc);
    expect(worstStatus(r.assumptions)).toBe('broken');
    const totals = r.changes!.totals;
    const mine = totals.find((t) => t.candidateId === 'managed')!.after!;
    const best = Math.max(...totals.filter((t) => t.candidateId !== 'managed').map((t) => t.after!));
    expect(r.margin).toBeCloseTo(mine - best, 12);
    expect(r.stillWins).toBe(mine >= best);
    // The hand-made snapshot states a KPI and a cost band the sample workshop does not have now.
    expect(r.changedSinceDecision).toBe(true);
    expect(r.changes!.needs).toEqual([{ target: 'successTarget', before: 0.7, after: null }]);
    expect(r.changes!.evidence.map((e) => e.figure)).toEqual(['stepSeconds', 'wallHours', 'cost']);
  });
});
