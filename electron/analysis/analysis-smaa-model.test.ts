import { describe, expect, it } from 'vitest';
import { createWorkshop, WorkshopDocSchema, type WorkshopDoc } from '../../shared/model';
import { withAhpJudges } from '../../test/fixtures/reportFigures';
import { smaa } from '../engine/smaa';
import { analyseWorkshop, REPORT_SMAA } from './analysis';

/** Two candidates strong on different criteria, three criteria, two participants. */
function duel(): WorkshopDoc {
  const base = createWorkshop({ title: 'duel', lang: 'en', id: 'duel', now: '2026-01-01T00:00:00.000Z' });
  const criteria = base.criteria.slice(0, 3).map((c) => ({ ...c, weight: 1 }));
  const candidates = base.candidates.slice(0, 2);
  const rows = [
    [9, 2, 5],
    [2, 9, 5],
  ];
  return WorkshopDocSchema.parse({
    ...base,
    criteria,
    candidates,
    participants: [
      { id: 'p', name: 'P' },
      { id: 'q', name: 'Q' },
    ],
    scores: ['p', 'q'].flatMap((participantId) =>
      rows.flatMap((row, ci) => row.map((value, k) => ({ participantId, candidateId: candidates[ci].id, criterionId: criteria[k].id, value }))),
    ),
  });
}

describe('analyseWorkshop with the room’s SMAA weights', () => {
  it('uses weights around the team’s by default and says so', () => {
    const an = analyseWorkshop(duel());
    expect(an.smaaSettings).toMatchObject({ model: 'around', constraints: [] });
    expect(an.smaaSettings!.spread).toBeGreaterThan(0);
    expect(an.smaaProblem).toBeNull();
  });

  it('under "first criterion ≥ 3 × second" the first candidate leads, as the engine computes on the same values', () => {
    const doc = duel();
    const [a, b] = doc.criteria.map((c) => c.id);
    const an = analyseWorkshop(doc, { kind: 'constraints', constraints: [{ greater: a, lesser: b, ratio: 3 }] });
    expect(an.smaaSettings).toMatchObject({ model: 'constraints', spread: null, constraints: [{ greater: 0, lesser: 1, ratio: 3 }] });
    const around = analyseWorkshop(doc);
    expect(an.smaa!.rankAcceptability[0][0]).toBeGreaterThan(around.smaa!.rankAcceptability[0][0]);
    // The same run straight through the engine (values on 0…1, spread from the disagreement, here 0).
    const values = an.evaluation!.aggregated.map((row) => row.map((v) => ((v ?? doc.scale.min) - doc.scale.min) / (doc.scale.max - doc.scale.min)));
    const direct = smaa({
      values,
      weights: { kind: 'constraints', constraints: [{ greater: 0, lesser: 1, ratio: 3 }] },
      samples: REPORT_SMAA.samples,
      seed: REPORT_SMAA.seed,
    });
    expect(an.smaa!.rankAcceptability).toEqual(direct.rankAcceptability);
  });

  it('names the contradicting constraints by their place in the request, skipping unknown criteria', () => {
    const doc = duel();
    const [a, b] = doc.criteria.map((c) => c.id);
    const an = analyseWorkshop(doc, {
      kind: 'constraints',
      constraints: [
        { greater: 'gone', lesser: a, ratio: 2 },
        { greater: a, lesser: b, ratio: 2 },
        { greater: b, lesser: a, ratio: 1 },
      ],
    });
    expect(an.smaa).toBeNull();
    expect(an.smaaProblem).toEqual({ kind: 'conflict', constraints: [1, 2] });
  });

  it('draws the weights from the judges: judges who disagree leave the winner uncertain; no judges, a problem', () => {
    const doc = duel();
    expect(analyseWorkshop(doc, { kind: 'judgments', mode: 'bootstrap' }).smaaProblem).toEqual({ kind: 'no-judgments' });
    const judged = withAhpJudges(doc, [
      [0.7, 0.1, 0.2],
      [0.1, 0.7, 0.2],
    ]);
    for (const mode of ['bootstrap', 'perturb'] as const) {
      const an = analyseWorkshop(judged, { kind: 'judgments', mode });
      expect(an.smaaSettings?.model).toBe(`judgments-${mode}`);
      expect(an.smaaProblem).toBeNull();
      const first = an.smaa!.rankAcceptability[0][0];
      expect(first).toBeGreaterThan(0.05);
      expect(first).toBeLessThan(0.95);
    }
  });

  it('the judges count with the participants’ influence: the more influential judge’s favourite wins more often', () => {
    const judged = withAhpJudges(duel(), [
      [0.7, 0.1, 0.2],
      [0.1, 0.7, 0.2],
    ]);
    const influence = (p: number, q: number) => ({ ...judged, participants: judged.participants.map((x, i) => ({ ...x, influence: i === 0 ? p : q })) });
    for (const mode of ['bootstrap', 'perturb'] as const) {
      const first = (doc: WorkshopDoc) => analyseWorkshop(doc, { kind: 'judgments', mode }).smaa!.rankAcceptability[0][0];
      expect(first(influence(4, 1))).toBeGreaterThan(first(influence(1, 1)));
      expect(first(influence(1, 1))).toBeGreaterThan(first(influence(1, 4)));
    }
  });
});
