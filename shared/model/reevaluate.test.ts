import { describe, expect, it } from 'vitest';
import { standing } from './assumptions';
import { createSampleWorkshop } from './create';
import { importCanary, importMetrics, updateDecision } from './edits';
import { reevaluate } from './reevaluate';
import type { MetricSeries, WorkshopDoc } from './schema';

const NOW = '2026-03-01T09:00:00.000Z';
const series = (candidateId: string, metric: MetricSeries['metric'], ys: number[]): MetricSeries => ({
  candidateId,
  metric,
  bucket: '',
  points: ys.map((y, i) => [i + 1, y]),
});

/** The sample decided for the managed platform, every candidate piloted at 100 iterations per hour. */
function decided(): WorkshopDoc {
  const pilots = ['managed', 'hybrid', 'self-built'].map((id) => series(id, 'iteration-speed', [100]));
  return updateDecision(
    importMetrics(createSampleWorkshop('en', NOW, 'w1'), pilots, { file: 'p.csv', importedAt: NOW, rows: 3 }),
    { candidateId: 'managed' },
    NOW,
  );
}

describe('re-evaluating with the observed evidence', () => {
  it('nothing to apply before a canary; none without a snapshot', () => {
    const doc = decided();
    const r = reevaluate(doc)!;
    expect(r.cells).toEqual([]);
    expect(r.overrides).toEqual({});
    expect({ stillWins: r.stillWins, margin: r.margin }).toEqual(standing(doc));
    expect(reevaluate({ ...doc, decision: { ...doc.decision, snapshot: null } })).toBeNull();
  });

  it('the observed throughput and monthly cost replace the pilot’s in the decided candidate’s scores, for every participant', () => {
    let doc = decided();
    doc = importCanary(doc, [series('managed', 'iteration-speed', [20]), series('managed', 'monthly-cost', [75_000])], {
      file: 'c.csv',
      importedAt: NOW,
      rows: 1,
    });
    const r = reevaluate(doc)!;
    const { min, max } = doc.scale;
    // 20 of the best 100 iterations per hour: a fifth of the scale. 75,000 / 50,000 = 1.5 × the budget: the bottom of the default budget-share function.
    expect(r.cells).toEqual([
      { criterionId: 'throughput-efficiency', measure: 'iteration-speed', measured: 20, score: min + (max - min) * 0.2 },
      { criterionId: 'cost-structure', measure: 'budget-share', measured: 1.5, score: min },
    ]);
    const voters = doc.participants.filter((p) => p.influence > 0);
    expect(Object.keys(r.overrides)).toHaveLength(voters.length * 2);
    expect(r.overrides[`${voters[0].id}|managed|throughput-efficiency`]).toBe(min + (max - min) * 0.2);
    const before = standing(doc);
    expect(r.margin!).toBeLessThan(before.margin!);
    expect(r.stillWins).toBe(r.margin! >= 0);
  });
});
