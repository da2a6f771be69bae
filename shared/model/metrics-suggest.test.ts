import { describe, expect, it } from 'vitest';
import { createWorkshop } from './create';
import { addParticipant, answerMetricScoreProposals, importMetrics, setScore, setValueFunction, takeSuggestedScores, writeScores } from './edits';
import { expandCriterion, setScoreAt } from './edits/hierarchy-edit';
import { metricScoreProposals, suggestScores, summarizeMetrics } from './metrics-suggest';
import { migrate } from './migrate';
import { WorkshopDocSchema, type MetricSeries } from './schema';

const NOW = '2026-03-01T09:00:00.000Z';
const series = (candidateId: string, metric: MetricSeries['metric'], bucket: MetricSeries['bucket'], ys: number[]): MetricSeries => ({
  candidateId,
  metric,
  bucket,
  points: ys.map((y, i) => [i + 1, y]),
});
const withMetrics = () =>
  importMetrics(
    createWorkshop({ title: 'S', lang: 'en', id: 'w1', now: NOW }),
    [
      series('managed', 'iteration-speed', '', [100, 140]), // mean 120
      series('self-built', 'iteration-speed', '', [60, 60]), // mean 60
      series('managed', 'success-rate', 'short', [0.8]),
      series('managed', 'success-rate', 'long', [0.2]),
      series('self-built', 'success-rate', 'short', [0.5]),
      series('self-built', 'success-rate', 'long', [0.25]),
      series('managed', 'utilization', '', [0.5, 0.7]),
      series(
        'managed',
        'reward',
        '',
        Array.from({ length: 20 }, (_, i) => i / 20),
      ),
    ],
    { file: 'x.csv', importedAt: NOW, rows: 10 },
  );

describe('summarizeMetrics', () => {
  it('gives mean speed, success per horizon, utilization and the mean of the last tenth of the reward curve', () => {
    const [managed, selfBuilt] = ['managed', 'self-built'].map((id) => summarizeMetrics(withMetrics()).find((m) => m.candidateId === id)!);
    expect(managed.iterationSpeed).toBe(120);
    expect(managed.success).toEqual({ short: 0.8, long: 0.2 });
    expect(managed.utilization).toBeCloseTo(0.6);
    expect(managed.finalReward).toBeCloseTo((18 / 20 + 19 / 20) / 2);
    expect(selfBuilt.finalReward).toBeUndefined();
    expect(summarizeMetrics(withMetrics()).map((m) => m.candidateId)).not.toContain('hybrid');
  });
});

describe('suggestScores', () => {
  it('scores each measure relative to the best candidate on the workshop scale', () => {
    const s = suggestScores(withMetrics());
    const of = (criterionId: string, candidateId: string) => s.find((x) => x.criterionId === criterionId && x.candidateId === candidateId);
    expect(of('throughput-efficiency', 'managed')).toMatchObject({ value: 10, measured: 120, best: 120, measure: 'iteration-speed' });
    expect(of('throughput-efficiency', 'self-built')).toMatchObject({ value: 5, measured: 60 });
    expect(of('credit-assignment', 'self-built')!.value).toBe(10);
    expect(of('credit-assignment', 'managed')!.value).toBe(8);
    // Long ÷ short: managed 0.25, self-built 0.5.
    expect(of('context-management', 'managed')!.value).toBe(5);
    expect(of('cost-structure', 'managed')!.value).toBe(10);
    expect(of('cost-structure', 'self-built')).toBeUndefined();
    expect(s.some((x) => x.candidateId === 'hybrid')).toBe(false);
  });
  it('follows the scale and skips criteria the workshop removed', () => {
    const doc = { ...withMetrics(), scale: { min: 1, max: 5 } };
    expect(suggestScores(doc).find((x) => x.criterionId === 'throughput-efficiency' && x.candidateId === 'self-built')!.value).toBe(3);
    const without = { ...doc, criteria: doc.criteria.filter((c) => c.id !== 'cost-structure') };
    expect(suggestScores(without).some((x) => x.criterionId === 'cost-structure')).toBe(false);
  });
  it('scores a measure by the team’s value function: linear, piecewise with breakpoints, threshold', () => {
    const base = withMetrics();
    const speed = (d: typeof base, id: string) => suggestScores(d).find((x) => x.criterionId === 'throughput-efficiency' && x.candidateId === id)!;
    // Linear from 50 (worth 0) to 150 (worth 10): 120 → 7, 60 → 1.
    const linear = setValueFunction(base, 'iteration-speed', { kind: 'linear', worst: 50, best: 150 });
    expect(speed(linear, 'managed')).toMatchObject({ value: 7, custom: true, fn: { kind: 'linear', worst: 50, best: 150 } });
    expect(speed(linear, 'self-built').value).toBe(1);
    // Piecewise: 0 → 0, 80 → 0.8, 200 → 1; 60 lies 3/4 of the way to 80: 0.6 → 6; 120: 0.8 + 0.2 × 40/120 → 8.7 (rounded to 0.1).
    const piecewise = setValueFunction(base, 'iteration-speed', {
      kind: 'piecewise',
      points: [
        [0, 0],
        [80, 0.8],
        [200, 1],
      ],
    });
    expect(speed(piecewise, 'self-built').value).toBe(6);
    expect(speed(piecewise, 'managed').value).toBe(8.7);
    // Threshold: at least 100 iterations per hour passes (10), below fails (2).
    const threshold = setValueFunction(base, 'iteration-speed', { kind: 'threshold', threshold: 100, direction: 'atLeast', pass: 1, fail: 0.2 });
    expect([speed(threshold, 'managed').value, speed(threshold, 'self-built').value]).toEqual([10, 2]);
    expect(WorkshopDocSchema.safeParse(threshold).success).toBe(true);
    // Other measures keep the default, in proportion to the best.
    expect(suggestScores(threshold).find((x) => x.criterionId === 'credit-assignment' && x.candidateId === 'managed')).toMatchObject({
      value: 8,
      custom: false,
    });
    // Back to the default, and a malformed function is refused.
    expect(speed(setValueFunction(threshold, 'iteration-speed', null), 'self-built').value).toBe(5);
    expect(setValueFunction(base, 'iteration-speed', { kind: 'linear', worst: 3, best: 3 })).toBe(base);
    expect(
      setValueFunction(base, 'iteration-speed', {
        kind: 'piecewise',
        points: [
          [10, 0],
          [5, 1],
        ],
      }),
    ).toBe(base);
  });

  it('the schema refuses a stored value function that is not well formed', () => {
    const doc = withMetrics();
    const bad = { ...doc, metrics: { ...doc.metrics, valueFunctions: { 'iteration-speed': { kind: 'linear' as const, worst: 1, best: 1 } } } };
    const res = WorkshopDocSchema.safeParse(bad);
    expect(res.success).toBe(false);
    expect(res.error!.issues[0].message).toBe('worst and best must differ');
    expect(res.error!.issues[0].path).toEqual(['metrics', 'valueFunctions', 'iteration-speed']);
  });

  it('suggests nothing without measurements', () => {
    expect(suggestScores(createWorkshop({ title: 'S', lang: 'en', id: 'w2', now: NOW }))).toEqual([]);
  });
});

describe('taking suggestions into the evaluation', () => {
  it('writes a participant’s scores with the measurement as rationale, keeping existing ones unless asked', () => {
    let doc = addParticipant(withMetrics(), { id: 'pilot', name: 'Pilot data' });
    const scores = suggestScores(doc).map((s) => ({
      candidateId: s.candidateId,
      criterionId: s.criterionId,
      value: s.value,
      rationale: `measured ${s.measured}`,
    }));
    doc = writeScores(doc, 'pilot', scores);
    expect(doc.scores).toHaveLength(scores.length);
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
    const changed = scores.map((s) => ({ ...s, value: 1 }));
    expect(writeScores(doc, 'pilot', changed)).toBe(doc);
    const replaced = writeScores(doc, 'pilot', changed, { replace: true });
    expect(replaced.scores.every((s) => s.value === 1)).toBe(true);
    expect(writeScores(doc, 'nobody', scores)).toBe(doc);
    // Values outside the scale are clamped.
    expect(writeScores(doc, 'pilot', [{ ...scores[0], value: 99 }], { replace: true }).scores[0].value).toBe(10);
  });
});

describe('scores taken from the metrics stay the team’s', () => {
  const take = () => {
    const doc = addParticipant(withMetrics(), { id: 'pilot', name: 'Pilot data' });
    const scores = suggestScores(doc).map((s) => ({ candidateId: s.candidateId, criterionId: s.criterionId, value: s.value, rationale: 'measured' }));
    return takeSuggestedScores(doc, 'pilot', scores, NOW);
  };
  const valueOf = (doc: ReturnType<typeof take>, candidateId: string, criterionId: string) =>
    doc.scores.find((s) => s.participantId === 'pilot' && s.candidateId === candidateId && s.criterionId === criterionId)?.value;
  // Self-built's iteration speed doubles (60 → 120): it would now be the best (10), managed half (5.5 instead of 10).
  const faster = (doc: ReturnType<typeof take>) =>
    importMetrics(doc, [series('self-built', 'iteration-speed', '', [240, 240])], { file: 'y.csv', importedAt: NOW, rows: 2 });

  it('records what was taken; a change of the metrics does not rewrite it but becomes a proposal', () => {
    const doc = take();
    expect(doc.metrics.written.length).toBe(suggestScores(doc).length);
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
    expect(metricScoreProposals(doc)).toEqual([]);
    expect(valueOf(doc, 'managed', 'throughput-efficiency')).toBe(10);
    expect(valueOf(doc, 'self-built', 'throughput-efficiency')).toBe(5);

    const changed = faster(doc);
    // The team's scores are untouched …
    expect(valueOf(changed, 'managed', 'throughput-efficiency')).toBe(10);
    expect(valueOf(changed, 'self-built', 'throughput-efficiency')).toBe(5);
    // … and the new suggestions are proposed, with the difference.
    expect(metricScoreProposals(changed)).toEqual([
      { participantId: 'pilot', candidateId: 'self-built', criterionId: 'throughput-efficiency', current: 5, proposed: 10 },
      { participantId: 'pilot', candidateId: 'managed', criterionId: 'throughput-efficiency', current: 10, proposed: 5 },
    ]);
  });

  it('writes and proposes nothing for a dimension scored at its focus points (its dimension scores would not count)', () => {
    const doc = setScoreAt(
      expandCriterion(addParticipant(withMetrics(), { id: 'pilot', name: 'Pilot data' }), 'throughput-efficiency'),
      'throughput-efficiency',
      'leaves',
    );
    const scores = suggestScores(doc).map((s) => ({ candidateId: s.candidateId, criterionId: s.criterionId, value: s.value, rationale: 'measured' }));
    expect(scores.some((s) => s.criterionId === 'throughput-efficiency')).toBe(true);
    const taken = takeSuggestedScores(doc, 'pilot', scores, NOW);
    expect(valueOf(taken, 'managed', 'throughput-efficiency')).toBeUndefined();
    expect(taken.metrics.written.some((w) => w.criterionId === 'throughput-efficiency')).toBe(false);
    // Taken while scored at the dimension, then switched to its focus points: the metrics propose nothing for it.
    const switched = setScoreAt(expandCriterion(faster(take()), 'throughput-efficiency'), 'throughput-efficiency', 'leaves');
    expect(metricScoreProposals(switched).filter((p) => p.criterionId === 'throughput-efficiency')).toEqual([]);
  });

  it('accepting writes the new scores (one edit); keeping leaves them and the proposal goes until the metrics change again', () => {
    const changed = faster(take());
    const proposals = metricScoreProposals(changed);
    const accepted = answerMetricScoreProposals(changed, proposals, 'accept');
    expect(valueOf(accepted, 'managed', 'throughput-efficiency')).toBe(5);
    expect(valueOf(accepted, 'self-built', 'throughput-efficiency')).toBe(10);
    expect(metricScoreProposals(accepted)).toEqual([]);
    expect(WorkshopDocSchema.safeParse(accepted).success).toBe(true);

    const kept = answerMetricScoreProposals(changed, proposals, 'keep');
    expect(valueOf(kept, 'managed', 'throughput-efficiency')).toBe(10);
    expect(metricScoreProposals(kept)).toEqual([]);
    // Another change of the metrics proposes again.
    const again = importMetrics(kept, [series('self-built', 'iteration-speed', '', [30, 30])], { file: 'z.csv', importedAt: NOW, rows: 2 });
    expect(metricScoreProposals(again).map((p) => [p.candidateId, p.current, p.proposed])).toEqual([['self-built', 5, 2.5]]);
  });

  it('a score the team changed by hand is its own: no proposal for it', () => {
    const doc = setScore(take(), 'pilot', 'managed', 'throughput-efficiency', 8);
    expect(metricScoreProposals(faster(doc)).map((p) => p.candidateId)).toEqual(['self-built']);
  });

  it('an older file (no record) migrates with an empty record: its scores count as the team’s own', () => {
    const old = JSON.parse(JSON.stringify(take())) as { metrics: Record<string, unknown>; schemaVersion: number };
    delete old.metrics.written;
    old.schemaVersion -= 1;
    const res = migrate(old);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.doc.metrics.written).toEqual([]);
    expect(res.doc.scores).toEqual(take().scores);
    expect(metricScoreProposals(faster(res.doc))).toEqual([]);
  });
});
