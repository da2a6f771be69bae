import { describe, expect, it } from 'vitest';
import { standing } from './assumptions';
import { createSampleWorkshop } from './create';
import { confirmDecision, importCanary, importMetrics, setWeightPoints, updateDecision } from './edits';
import { REEVALUATION_PREFIX, confirmAfterReevaluation, lastReevaluation, reevaluate, saveReevaluation, whatItTakes } from './reevaluate';
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

describe('what it would take for the decision to win again', () => {
  /** The decided managed platform with a canary far slower and dearer than the pilot: it no longer ranks first. */
  function lost(): WorkshopDoc {
    return importCanary(decided(), [series('managed', 'iteration-speed', [20]), series('managed', 'monthly-cost', [75_000])], {
      file: 'c.csv',
      importedAt: NOW,
      rows: 1,
    });
  }

  it('the re-evaluation carries the engine request of its what-if: its weighted sums are the totals that lost the decision', () => {
    const doc = lost();
    const r = reevaluate(doc)!;
    expect(r.stillWins).toBe(false);
    const { values, weights } = r.sensitivity!;
    expect(values).toHaveLength(doc.candidates.length);
    const sum = weights.reduce((a, b) => a + b, 0);
    const totals = values.map((row) => row.reduce((a, v, j) => a + (v * weights[j]) / sum, 0));
    const d = doc.candidates.findIndex((c) => c.id === 'managed');
    expect(r.decided).toBe(d);
    const best = Math.max(...totals.filter((_, i) => i !== d));
    expect(totals[d] - best).toBeCloseTo(r.margin!, 12);
  });

  it('names the candidate just above the decision and the smallest weight change at which the decision ties it', () => {
    const reversals = [
      { leader: 2, challenger: 0, distance: 0.08, weights: [0.5, 0.3, 0.2] },
      { leader: 0, challenger: 1, distance: 0.3, weights: [0.2, 0.6, 0.2] },
    ];
    const answer = { winner: 2, smallestChange: { winner: 0, distance: 0.08, weights: [0.5, 0.3, 0.2] }, reversals };
    expect(whatItTakes(answer, 0)).toEqual({ above: 2, behind: 1, distance: 0.08, weights: [0.5, 0.3, 0.2], smallest: answer.smallestChange });
    // Third: it must first catch the one ranked just above it (and the leader beyond).
    expect(whatItTakes(answer, 1)).toEqual({ above: 0, behind: 2, distance: 0.3, weights: [0.2, 0.6, 0.2], smallest: answer.smallestChange });
    // No weights let it catch up.
    expect(whatItTakes({ ...answer, reversals: [{ leader: 2, challenger: 0, distance: null, weights: null }] }, 0)).toEqual({
      above: 2,
      behind: 1,
      distance: null,
      weights: null,
      smallest: answer.smallestChange,
    });
    // Still first: nothing to take.
    expect(whatItTakes(answer, 2)).toBeNull();
  });
});

describe('the re-evaluation the team kept, and what it did next', () => {
  const LATER = '2026-03-08T10:00:00.000Z';
  /** Decided for managed; a slow, dear canary: the re-evaluation loses the decision. */
  function reviewed(): WorkshopDoc {
    return importCanary(decided(), [series('managed', 'iteration-speed', [20]), series('managed', 'monthly-cost', [75_000])], {
      file: 'c.csv',
      importedAt: NOW,
      rows: 1,
    });
  }

  it('none before one is kept; a what-if saved by hand is not one', () => {
    const doc = reviewed();
    expect(lastReevaluation(doc)).toBeNull();
    const r = reevaluate(doc)!;
    const byHand = saveReevaluation(doc, r, { id: 'mine', name: 'My what-if', at: LATER });
    expect(lastReevaluation(byHand)).toBeNull();
  });

  it('a kept re-evaluation has the prefix and the standing of the decided candidate in its what-if; no outcome yet', () => {
    const doc = reviewed();
    const r = reevaluate(doc)!;
    const kept = saveReevaluation(doc, r, { name: 'Canary evidence', at: LATER });
    const last = lastReevaluation(kept)!;
    expect(last.scenario.id.startsWith(REEVALUATION_PREFIX)).toBe(true);
    expect(last.candidateId).toBe('managed');
    expect({ stillWins: last.stillWins, margin: last.margin }).toEqual({ stillWins: r.stillWins, margin: r.margin });
    expect(last.stillWins).toBe(false);
    expect(last.sensitivity).toEqual(r.sensitivity);
    expect(last.outcome).toEqual({ kind: 'open' });
  });

  it('confirming the old decision keeps the re-evaluation (once) and logs the note under its id', () => {
    const doc = reviewed();
    const r = reevaluate(doc)!;
    const saved = saveReevaluation(doc, r, { name: 'Canary evidence', at: LATER });
    const input = { name: 'Canary evidence', at: LATER, date: '2026-03-08', observation: 'Stands: the canary was a cold start.' };
    const confirmed = confirmAfterReevaluation(saved, r, input);
    // The what-if just saved is the one confirmed: no second copy.
    expect(confirmed.scenarios).toHaveLength(saved.scenarios.length);
    expect(lastReevaluation(confirmed)!.outcome).toEqual({ kind: 'confirmed', date: '2026-03-08', observation: input.observation });
    // Confirming without saving first keeps it too.
    const direct = confirmAfterReevaluation(doc, r, input);
    expect(direct.scenarios).toHaveLength(doc.scenarios.length + 1);
    expect(lastReevaluation(direct)!.outcome.kind).toBe('confirmed');
  });

  it('a decision recorded after it is its outcome: another candidate, or the same one anew', () => {
    const doc = saveReevaluation(reviewed(), reevaluate(reviewed())!, { name: 'Canary evidence', at: LATER });
    const other = updateDecision(doc, { candidateId: 'hybrid' }, '2026-03-09T08:00:00.000Z');
    expect(lastReevaluation(other)!.outcome).toEqual({ kind: 'new-decision', candidateId: 'hybrid', at: '2026-03-09T08:00:00.000Z', same: false });
    // The re-evaluation still speaks of the candidate decided when it was made.
    expect(lastReevaluation(other)!.candidateId).toBe('managed');
    // The team moves a weight in step 5 and confirms the decision on that analysis: a new snapshot.
    const moved = setWeightPoints(doc, doc.criteria[0].id, doc.criteria[0].weight + 5);
    const again = confirmDecision(moved, '2026-03-09T08:00:00.000Z');
    expect(lastReevaluation(again)!.outcome).toMatchObject({ kind: 'new-decision', candidateId: 'managed', same: true });
  });
});
