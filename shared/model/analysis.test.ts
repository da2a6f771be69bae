import { describe, expect, it } from 'vitest';
import { createWorkshop, WorkshopDocSchema, type WorkshopDoc } from './index';
import { criterionWeights, normalisedCriterionWeights, participantWeights, rankOrderIndices, scoreCube, scoreKey } from './analysis';

function tiny(): WorkshopDoc {
  const base = createWorkshop({ title: 't', lang: 'en', id: 'w', now: '2026-01-01T00:00:00.000Z' });
  return WorkshopDocSchema.parse({
    ...base,
    criteria: base.criteria.slice(0, 3).map((c, k) => ({ ...c, weight: [2, 0, 6][k] })),
    candidates: base.candidates.slice(0, 2),
    participants: [
      { id: 'a', name: 'A', influence: 2 },
      { id: 'b', name: 'B', influence: 0 },
    ],
    scores: [
      // Entered out of order, one cell twice (the later one wins), one explicitly null.
      { participantId: 'b', candidateId: 'managed', criterionId: 'context-management', value: 4 },
      { participantId: 'a', candidateId: 'self-built', criterionId: 'mismatch-control', value: 1 },
      { participantId: 'a', candidateId: 'self-built', criterionId: 'mismatch-control', value: 3 },
      { participantId: 'a', candidateId: 'managed', criterionId: 'throughput-efficiency', value: null },
    ],
    weighting: { method: 'rank', ahp: [], rankOrder: ['context-management', 'nope', 'mismatch-control'] },
  });
}

describe('scoreCube', () => {
  it('is participant × candidate × criterion in document order, null where unscored, the later entry winning', () => {
    const cube = scoreCube(tiny());
    expect(cube).toEqual([
      [
        [3, null, null],
        [null, null, null],
      ],
      [
        [null, null, null],
        [null, null, 4],
      ],
    ]);
  });

  it('applies what-if overrides by score key and ignores keys that name nothing', () => {
    const cube = scoreCube(tiny(), { [scoreKey('b', 'self-built', 'throughput-efficiency')]: 9, 'x|y|z': 1 });
    expect(cube[1][0][1]).toBe(9);
    expect(cube.flat(2).filter((v) => v !== null)).toHaveLength(3);
  });

  it('is empty-shaped for a workshop without participants', () => {
    expect(scoreCube({ ...tiny(), participants: [], scores: [] })).toEqual([]);
  });
});

describe('weights and participants', () => {
  it('reads criterion weights in order, and normalises them', () => {
    const doc = tiny();
    expect(criterionWeights(doc)).toEqual([2, 0, 6]);
    expect(normalisedCriterionWeights(doc)).toEqual([0.25, 0, 0.75]);
    expect(normalisedCriterionWeights({ ...doc, criteria: doc.criteria.map((c) => ({ ...c, weight: 0 })) })).toEqual([0, 0, 0]);
  });

  it('reads participant influence in order', () => {
    expect(participantWeights(tiny())).toEqual([2, 0]);
  });

  it('turns the rank order into indices, dropping unknown ids and appending missing criteria', () => {
    expect(rankOrderIndices(tiny())).toEqual([2, 0, 1]);
  });
});
