import { describe, expect, it } from 'vitest';
import { scoreCube, scoreKey } from '../analysis';
import { createSampleWorkshop } from '../create';
import {
  addScenario,
  applyWhatIf,
  compareScenarios,
  groupOverride,
  outcomeOf,
  removeScenario,
  renameScenario,
  scenarioWeights,
  validOverrides,
  withoutCell,
} from './scenarios';

const doc = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');
const [p0, p1] = doc.participants;
const [c0, c1] = doc.candidates;
const [k0] = doc.criteria;
const weights = doc.criteria.map((_, i) => (i === 0 ? 3 : 1));

describe('scenarios', () => {
  it('saves weights as shares of 100 % and only valid overrides', () => {
    const next = addScenario(doc, {
      id: 's1',
      name: '  Cost first ',
      createdAt: '2026-01-02T00:00:00.000Z',
      weights,
      scoreOverrides: { [scoreKey(p0.id, c0.id, k0.id)]: 9, [scoreKey('ghost', c0.id, k0.id)]: 9, [scoreKey(p1.id, c0.id, k0.id)]: 42 },
    });
    const s = next.scenarios[0];
    expect(s.name).toBe('Cost first');
    expect(Object.values(s.weights).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 9);
    // 3/11 = 27.27…%: the one unit left over goes to the largest remainder.
    expect(s.weights[k0.id]).toBe(27.28);
    expect(s.scoreOverrides).toEqual({ [scoreKey(p0.id, c0.id, k0.id)]: 9 });
    expect(scenarioWeights(next, s)[0]).toBe(27.28);
    expect(addScenario(doc, { id: 's2', name: '   ', createdAt: s.createdAt, weights, scoreOverrides: {} })).toBe(doc);
    expect(renameScenario(next, 's1', 'Renamed').scenarios[0].name).toBe('Renamed');
    expect(removeScenario(next, 's1').scenarios).toEqual([]);
    expect(removeScenario(next, 'nope')).toBe(next);
  });

  it('a criterion added after saving weighs 0 in the scenario', () => {
    const next = addScenario(doc, { id: 's1', name: 'A', createdAt: '2026-01-02T00:00:00.000Z', weights, scoreOverrides: {} });
    const grown = { ...next, criteria: [...next.criteria, { ...k0, id: 'new-one' }] };
    expect(scenarioWeights(grown, grown.scenarios[0]).at(-1)).toBe(0);
  });

  it('group overrides set a cell for every counted participant and can be removed', () => {
    const observer = { ...doc, participants: doc.participants.map((p, i) => (i === 3 ? { ...p, influence: 0 } : p)) };
    const o = groupOverride(observer, c1.id, k0.id, 2);
    expect(Object.keys(o)).toHaveLength(3);
    expect(withoutCell({ ...o, [scoreKey(p0.id, c0.id, k0.id)]: 1 }, c1.id, k0.id)).toEqual({ [scoreKey(p0.id, c0.id, k0.id)]: 1 });
    expect(validOverrides(doc, { bad: 1 })).toEqual({});
  });

  it('applyWhatIf gives the document whose score cube and weights are the scenario’s', () => {
    const overrides = { [scoreKey(p0.id, c1.id, k0.id)]: 1.5 };
    const whatIf = applyWhatIf(doc, { [k0.id]: 50 }, overrides);
    expect(whatIf.criteria[0].weight).toBe(50);
    expect(whatIf.criteria.slice(1)).toEqual(doc.criteria.slice(1));
    expect(scoreCube(whatIf)).toEqual(scoreCube(doc, overrides));
    // A cell nobody scored gets a new entry.
    const sparse = { ...doc, scores: doc.scores.filter((s) => !(s.participantId === p1.id && s.candidateId === c0.id && s.criterionId === k0.id)) };
    const o2 = { [scoreKey(p1.id, c0.id, k0.id)]: 4 };
    expect(scoreCube(applyWhatIf(sparse, undefined, o2))).toEqual(scoreCube(sparse, o2));
    expect(applyWhatIf(doc)).toBe(doc);
  });

  it('compares side by side: winner, margin, whether the winner changed and where the baseline winner went', () => {
    expect(outcomeOf([0.5, 0.7, 0.6], [1, 2, 0])).toEqual({ winner: 1, runnerUp: 2, margin: 0.7 - 0.6 });
    expect(outcomeOf([0.5], [0])).toEqual({ winner: 0, runnerUp: null, margin: 0 });
    const cols = compareScenarios([
      { id: 'now', name: 'Current', totals: [0.5, 0.7, 0.6], ranking: [1, 2, 0] },
      { id: 's1', name: 'Cost first', totals: [0.8, 0.6, 0.65], ranking: [0, 2, 1] },
      { id: 's2', name: 'Same', totals: [0.5, 0.9, 0.6], ranking: [1, 2, 0] },
    ]);
    expect(cols.map((c) => [c.outcome.winner, c.winnerChanged, c.baselineWinnerRank])).toEqual([
      [1, false, 1],
      [0, true, 3],
      [1, false, 1],
    ]);
    expect(cols[1].outcome.margin).toBeCloseTo(0.15, 12);
  });
});
