import { describe, expect, it } from 'vitest';
import { createSampleWorkshop, createWorkshop, expandCriterion, setLeafWeight, WorkshopDocSchema, type WorkshopDoc } from '../../shared/model';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { slopedPriorities, withAhpJudges } from '../../test/fixtures/reportFigures';
import { consensus } from '../engine/ahp';
import { analyseWorkshop, FRAGILITY, scenarioOutcomes } from './analysis';

/** Two candidates, three criteria, one participant; `b` scores are the second candidate's. */
function duel(a: number[], b: number[], weights = [1, 1, 1]): WorkshopDoc {
  const base = createWorkshop({ title: 'duel', lang: 'en', id: 'duel', now: '2026-01-01T00:00:00.000Z' });
  const criteria = base.criteria.slice(0, 3).map((c, k) => ({ ...c, weight: weights[k] }));
  const candidates = base.candidates.slice(0, 2);
  return WorkshopDocSchema.parse({
    ...base,
    criteria,
    candidates,
    participants: [{ id: 'p', name: 'P' }],
    scores: [a, b].flatMap((row, ci) => row.map((value, k) => ({ participantId: 'p', candidateId: candidates[ci].id, criterionId: criteria[k].id, value }))),
  });
}

describe('analyseWorkshop', () => {
  it('ranks by the engine’s weighted sum and reports a clear winner as robust', () => {
    const an = analyseWorkshop(duel([10, 10, 10], [0, 0, 0]));
    expect(an.scored).toBe(true);
    expect(an.evaluation!.ranking).toEqual([0, 1]);
    expect(an.evaluation!.totals[0]).toBeCloseTo(1);
    expect(an.smaa!.rankAcceptability[0][0]).toBe(1);
    expect(an.verdict).toEqual({ fragile: false, reasons: [] });
    expect(an.topsis).toMatchObject({ ranking: [0, 1], agrees: true });
  });

  it('calls a near tie fragile, with the reasons', () => {
    const an = analyseWorkshop(duel([6, 5, 5], [5, 6, 5.1]));
    expect(an.verdict!.fragile).toBe(true);
    const kinds = an.verdict!.reasons.map((r) => r.kind);
    expect(kinds).toContain('narrow-margin');
    expect(kinds).toContain('small-weight-change');
    const margin = an.verdict!.reasons.find((r) => r.kind === 'narrow-margin');
    expect(margin && 'margin' in margin ? margin.margin : 1).toBeLessThan(FRAGILITY.minMargin);
  });

  it('flags a winner whose total rests on missing scores', () => {
    const doc = duel([10, 10, 10], [2, 2, 2], [1, 1, 8]);
    doc.scores = doc.scores.filter((s) => !(s.candidateId === doc.candidates[0].id && s.criterionId === doc.criteria[2].id));
    doc.scores.find((s) => s.candidateId === doc.candidates[1].id && s.criterionId === doc.criteria[2].id)!.value = 0;
    const an = analyseWorkshop(doc);
    // 0.2 of 1 from candidate 0 (two criteria at 10) vs 0 for candidate 1.
    expect(an.evaluation!.coverage[an.evaluation!.ranking[0]]).toBeCloseTo(0.2);
    expect(an.verdict!.reasons.map((r) => r.kind)).toContain('incomplete-scores');
  });

  it('has no ranking without scores, and explains engine refusals', () => {
    const none = analyseWorkshop({ ...duel([1, 1, 1], [1, 1, 1]), scores: [] });
    expect(none.scored).toBe(false);
    expect(none.verdict).toBeNull();
    const zeroWeights = analyseWorkshop(duel([1, 1, 1], [1, 1, 1], [0, 0, 0]));
    expect(zeroWeights.evaluation).toBeNull();
    expect(zeroWeights.problem).toMatch(/weights are zero/);
    const geometric = analyseWorkshop({ ...duel([0, 1, 1], [1, 1, 1]), aggregation: 'geometric' });
    expect(geometric.problem).toMatch(/geometric/);
  });

  it('is reproducible (fixed SMAA seed)', () => {
    const doc = fullWorkshop();
    expect(analyseWorkshop(doc).smaa).toEqual(analyseWorkshop(doc).smaa);
  });
});

describe('analyseWorkshop: what the reports add to the ranking', () => {
  it('carries the SMAA standard errors and the runner-up’s reversal', () => {
    const an = analyseWorkshop(fullWorkshop());
    const sm = an.smaa!;
    expect(sm.standardError.map((row) => row.length)).toEqual(sm.rankAcceptability.map((row) => row.length));
    const [winner, second] = an.evaluation!.ranking;
    expect(an.sensitivity!.reversals[0]).toMatchObject({ leader: winner, challenger: second });
  });

  it('summarises the group AHP only for AHP weights: n/a below two connected judges, S* from two', () => {
    const doc = fullWorkshop();
    expect(analyseWorkshop(doc).ahp).toBeNull();
    const K = doc.criteria.length;
    // The fixture's one judgment covers three of the nine criteria: it does not count.
    expect(analyseWorkshop({ ...doc, weighting: { ...doc.weighting, method: 'ahp' } }).ahp).toEqual({ consensus: null, judges: 0 });
    expect(analyseWorkshop(withAhpJudges(doc, [slopedPriorities(K, 0.5)])).ahp).toEqual({ consensus: null, judges: 1 });
    const p = [slopedPriorities(K, 0.5), slopedPriorities(K, -0.05)];
    const two = analyseWorkshop(withAhpJudges(doc, p)).ahp!;
    expect(two.judges).toBe(2);
    expect(two.consensus!.sStar).toBeCloseTo(consensus(p, [doc.participants[0].influence, doc.participants[1].influence]).sStar, 9);
  });
});

describe('scenarioOutcomes', () => {
  it('names the winner under each what-if scenario (weights and score overrides applied)', () => {
    const doc = duel([10, 0, 0], [0, 10, 0]);
    const [k0, k1] = doc.criteria.map((c) => c.id);
    doc.scenarios = [
      { id: 'a', name: 'first criterion matters', createdAt: '2026-01-01T00:00:00.000Z', weights: { [k0]: 10, [k1]: 1 }, scoreOverrides: {} },
      { id: 'b', name: 'second criterion matters', createdAt: '2026-01-01T00:00:00.000Z', weights: { [k0]: 1, [k1]: 10 }, scoreOverrides: {} },
      {
        id: 'c',
        name: 'override',
        createdAt: '2026-01-01T00:00:00.000Z',
        weights: { [k0]: 10, [k1]: 1 },
        scoreOverrides: { [`p|${doc.candidates[1].id}|${k0}`]: 10 },
      },
      {
        id: 'd',
        name: 'nothing weighs',
        createdAt: '2026-01-01T00:00:00.000Z',
        weights: Object.fromEntries(doc.criteria.map((c) => [c.id, 0])),
        scoreOverrides: {},
      },
    ];
    const out = scenarioOutcomes(doc);
    expect(out.map((o) => o.winner)).toEqual([0, 1, 1, null]);
    // The third criterion keeps its weight (1): 10 of 12 points, all on a criterion scored 10 of 10.
    expect(out[0].total).toBeCloseTo(10 / 12);
    expect(out[3].problem).toMatch(/weights are zero/);
  });
});

describe('analyseWorkshop with a criteria hierarchy', () => {
  it('ranks on the global weights: each focus point carries dimension share × local share of the dimension’s score', () => {
    let doc = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'h');
    doc = expandCriterion(expandCriterion(doc, 'mismatch-control'), 'cost-structure');
    const local: Record<string, number[]> = { 'mismatch-control': [5, 3, 2], 'cost-structure': [1, 0, 2, 1] };
    for (const [id, points] of Object.entries(local)) {
      const node = doc.hierarchy.find((n) => n.criterionId === id)!;
      node.leaves.forEach((l, j) => (doc = setLeafWeight(doc, id, l.id, points[j])));
    }
    // By hand: global weight of every leaf (a flat dimension is its own leaf), then the weighted
    // mean of the participants' scores (influence-weighted) on the 0…1 scale, summed over leaves.
    const total = doc.criteria.reduce((s, c) => s + c.weight, 0);
    const leaves = doc.criteria.flatMap((c) => {
      const pts = local[c.id];
      if (!pts) return [{ criterionId: c.id, global: c.weight / total }];
      const sum = pts.reduce((a, b) => a + b, 0);
      return pts.map((p) => ({ criterionId: c.id, global: (c.weight / total) * (p / sum) }));
    });
    expect(leaves.reduce((s, l) => s + l.global, 0)).toBeCloseTo(1, 12);
    const influence = new Map(doc.participants.map((p) => [p.id, p.influence]));
    const score = (candidateId: string, criterionId: string) => {
      let num = 0;
      let den = 0;
      for (const s of doc.scores)
        if (s.candidateId === candidateId && s.criterionId === criterionId && s.value !== null) {
          const w = influence.get(s.participantId) ?? 0;
          num += w * s.value;
          den += w;
        }
      return den > 0 ? (num / den - doc.scale.min) / (doc.scale.max - doc.scale.min) : 0;
    };
    const expected = doc.candidates.map((c) => leaves.reduce((s, l) => s + l.global * score(c.id, l.criterionId), 0));
    const an = analyseWorkshop(doc);
    expect(doc.aggregation).toBe('mean');
    an.evaluation!.totals.forEach((t, i) => expect(t).toBeCloseTo(expected[i], 9));
    // The weights every engine (sensitivity, SMAA, TOPSIS) is given are the global weights summed per dimension.
    doc.criteria.forEach((c, k) =>
      expect(an.weights[k]).toBeCloseTo(
        leaves.filter((l) => l.criterionId === c.id).reduce((s, l) => s + l.global, 0),
        12,
      ),
    );
  });
});
