import { describe, expect, it } from 'vitest';
import {
  ballotOf,
  editLeaf,
  editLeafWhy,
  editValue,
  intransitiveTriple,
  invalidCells,
  isAsked,
  leafKey,
  missingCells,
  parseValue,
  previousOf,
  progress,
  sameBallot,
  startingBallot,
  stateOf,
} from './ballot';
import { initialLang } from './strings';

const round = {
  scale: { min: 0, max: 10 },
  criteria: [
    { id: 'k1', name: { 'zh-CN': '甲', en: 'K1' }, focusPoints: [] },
    { id: 'k2', name: { 'zh-CN': '乙', en: 'K2' }, focusPoints: [] },
  ],
  candidates: [{ id: 'a', name: { 'zh-CN': 'A', en: 'A' } }],
};

describe('participant ballot model', () => {
  it('parses scores on the scale, with a decimal comma and full-width digits', () => {
    expect(parseValue('7,5', round.scale)).toBe(7.5);
    expect(parseValue('８', round.scale)).toBe(8);
    expect(parseValue('', round.scale)).toBeNull();
    expect(parseValue('11', round.scale)).toBeUndefined();
    expect(parseValue('abc', round.scale)).toBeUndefined();
  });

  it('builds the ballot from what was typed: empty cells out, rationale-only cells kept, invalid cells flagged', () => {
    const state = { cells: { 'a|k1': { value: '6', rationale: 'ok' }, 'a|k2': { value: '', rationale: 'unsure' } }, pairs: { 'k1|k2': 3 } };
    expect(ballotOf(round, state)).toEqual({
      cells: [
        { candidateId: 'a', criterionId: 'k1', value: 6, rationale: 'ok' },
        { candidateId: 'a', criterionId: 'k2', value: null, rationale: 'unsure' },
      ],
      cleared: [],
      leafCells: [],
      clearedLeaves: [],
      ahp: [{ a: 'k1', b: 'k2', value: 3 }],
    });
    expect(progress(round, state)).toEqual({ done: 1, total: 2 });
    expect(invalidCells(round, { cells: { 'a|k1': { value: '12', rationale: '' } }, pairs: {} })).toEqual(['a|k1']);
    // Round trip through the server's form.
    expect(sameBallot(ballotOf(round, stateOf(ballotOf(round, state))), ballotOf(round, state))).toBe(true);
  });

  it('says which cells were emptied on purpose; a cell never touched is not an answer', () => {
    const state = stateOf(null);
    editValue(state, 'a|k1', '7');
    editValue(state, 'a|k1', '');
    expect(ballotOf(round, state)).toEqual({ cells: [], cleared: [{ candidateId: 'a', criterionId: 'k1' }], leafCells: [], clearedLeaves: [], ahp: [] });
    editValue(state, 'a|k1', '4');
    expect(ballotOf(round, state)).toEqual({
      cells: [{ candidateId: 'a', criterionId: 'k1', value: 4, rationale: '' }],
      cleared: [],
      leafCells: [],
      clearedLeaves: [],
      ahp: [],
    });
    // A submitted clear survives the round trip through the server (a reload of the device).
    editValue(state, 'a|k1', ' ');
    const again = stateOf(ballotOf(round, state));
    expect(ballotOf(round, again).cleared).toEqual([{ candidateId: 'a', criterionId: 'k1' }]);
    expect(sameBallot(ballotOf(round, state), ballotOf(round, stateOf(null)))).toBe(false);
  });

  it('names the cells still without a score, in page order', () => {
    const state = stateOf(null);
    expect(missingCells(round, state)).toEqual([
      { candidateId: 'a', criterionId: 'k1' },
      { candidateId: 'a', criterionId: 'k2' },
    ]);
    editValue(state, 'a|k1', '3');
    editValue(state, 'a|k2', 'x');
    expect(missingCells(round, state)).toEqual([{ candidateId: 'a', criterionId: 'k2' }]);
  });

  it('finds an intransitive triple of judgments (the consistency hint)', () => {
    expect(intransitiveTriple(['x', 'y', 'z'], { 'x|y': 3, 'y|z': 2, 'x|z': 1 / 2 })).toEqual(['x', 'y', 'z']);
    expect(intransitiveTriple(['x', 'y', 'z'], { 'x|y': 3, 'y|z': 2, 'x|z': 5 })).toBeNull();
  });

  it('takes the browser language unless one was chosen', () => {
    expect(initialLang(null, ['zh-TW', 'en'])).toBe('zh-CN');
    expect(initialLang(null, ['en-GB'])).toBe('en');
    expect(initialLang('en', ['zh-CN'])).toBe('en');
  });
  it('a pairwise-only round (no candidates) counts answered pairs of the round', () => {
    const three = { ...round, candidates: [], criteria: [...round.criteria, { id: 'k3', name: { 'zh-CN': '丙', en: 'K3' }, focusPoints: [] }] };
    expect(progress(three, { cells: {}, pairs: {} })).toEqual({ done: 0, total: 3 });
    expect(progress(three, { cells: {}, pairs: { 'k1|k2': 3, 'k3|k1': 1 / 2, 'k1|gone': 5 } })).toEqual({ done: 2, total: 3 });
  });
});

describe('participant ballot in a re-vote', () => {
  const revote = {
    ...round,
    cells: [{ candidateId: 'a', criterionId: 'k2' }],
    previous: [{ candidateId: 'a', criterionId: 'k2', median: 6, spread: 2.5 }],
    start: [
      { candidateId: 'a', criterionId: 'k1', value: 3, rationale: '' },
      { candidateId: 'a', criterionId: 'k2', value: 4, rationale: 'my first take' },
    ],
    draft: null,
    submitted: null,
  };

  it('starts from the participant’s previous answers, asks and counts only the re-voted cells', () => {
    const state = stateOf(startingBallot(revote));
    expect(state.cells['a|k2']).toEqual({ value: '4', rationale: 'my first take' });
    expect(progress(revote, state)).toEqual({ done: 1, total: 1 });
    expect(missingCells(revote, stateOf(null))).toEqual([{ candidateId: 'a', criterionId: 'k2' }]);
    // The cell not asked again is never sent (the listener would refuse it).
    expect(ballotOf(revote, state).cells).toEqual([{ candidateId: 'a', criterionId: 'k2', value: 4, rationale: 'my first take' }]);
    expect(isAsked(revote, 'a', 'k1')).toBe(false);
  });

  it('a draft or a submission wins over the previous answers; the previous median shows only where sent', () => {
    const draft = { cells: [{ candidateId: 'a', criterionId: 'k2', value: 7, rationale: '' }], cleared: [], leafCells: [], clearedLeaves: [], ahp: [] };
    expect(startingBallot({ ...revote, draft })).toBe(draft);
    expect(previousOf(revote, 'a', 'k2')).toEqual({ median: 6, spread: 2.5 });
    expect(previousOf(revote, 'a', 'k1')).toBeNull();
    expect(previousOf({}, 'a', 'k2')).toBeNull();
  });
});

describe('a dimension scored at its focus points on the device', () => {
  const leaves = [
    { id: 'fp-1', name: { 'zh-CN': '采样', en: 'Sampling' } },
    { id: 'fp-2', name: { 'zh-CN': '截断', en: 'Truncation' } },
  ];
  const leafRound = {
    ...round,
    criteria: [{ ...round.criteria[0], leaves }, round.criteria[1]],
    candidates: [...round.candidates, { id: 'b', name: { 'zh-CN': 'B', en: 'B' } }],
  };

  it('asks one score per focus point per candidate instead of the dimension, and counts each as an answer', () => {
    const state = stateOf(null);
    const total = leafRound.candidates.length * (leaves.length + 1);
    expect(progress(leafRound, state)).toEqual({ done: 0, total });
    editLeaf(state, leafKey('a', 'k1', 'fp-1'), '7');
    editLeaf(state, leafKey('a', 'k1', 'fp-2'), '３');
    editValue(state, 'a|k2', '5');
    // A dimension score typed for k1 (an older draft) is never sent.
    state.cells['b|k1'] = { value: '9', rationale: '' };
    expect(ballotOf(leafRound, state)).toEqual({
      cells: [{ candidateId: 'a', criterionId: 'k2', value: 5, rationale: '' }],
      cleared: [],
      leafCells: [
        { candidateId: 'a', criterionId: 'k1', leafId: 'fp-1', value: 7 },
        { candidateId: 'a', criterionId: 'k1', leafId: 'fp-2', value: 3 },
      ],
      clearedLeaves: [],
      ahp: [],
    });
    expect(progress(leafRound, state)).toEqual({ done: 3, total });
    expect(missingCells(leafRound, state)).toEqual([
      { candidateId: 'b', criterionId: 'k1', leafId: 'fp-1' },
      { candidateId: 'b', criterionId: 'k1', leafId: 'fp-2' },
      { candidateId: 'b', criterionId: 'k2' },
    ]);
  });

  it('a focus point emptied on purpose is cleared; an invalid one is flagged and not sent', () => {
    const state = stateOf({
      cells: [],
      cleared: [],
      leafCells: [{ candidateId: 'b', criterionId: 'k1', leafId: 'fp-2', value: 6 }],
      clearedLeaves: [],
      ahp: [],
    });
    expect(state.leaves?.[leafKey('b', 'k1', 'fp-2')]).toBe('6');
    editLeaf(state, leafKey('b', 'k1', 'fp-2'), '');
    editLeaf(state, leafKey('a', 'k1', 'fp-1'), '12');
    const ballot = ballotOf(leafRound, state);
    expect(ballot.leafCells).toEqual([]);
    expect(ballot.clearedLeaves).toEqual([{ candidateId: 'b', criterionId: 'k1', leafId: 'fp-2' }]);
    expect(invalidCells(leafRound, state)).toEqual([leafKey('a', 'k1', 'fp-1')]);
    // Round-trips through the page state (a draft reloaded shows the same answers).
    expect(sameBallot(ballotOf(leafRound, stateOf(ballot)), ballot)).toBe(true);
    expect(sameBallot(ballot, { ...ballot, clearedLeaves: [] })).toBe(false);
  });

  it('sends a focus point’s rationale once typed or shown filled; a blank field never shown filled is not sent', () => {
    // A re-vote from previous answers: fp-1 came with its rationale, fp-2 without one.
    const startLeaves = [
      { candidateId: 'a', criterionId: 'k1', leafId: 'fp-1', value: 4, rationale: 'from the pilot' },
      { candidateId: 'a', criterionId: 'k1', leafId: 'fp-2', value: 6 },
    ];
    const state = stateOf(startingBallot({ draft: null, submitted: null, start: [], startLeaves }));
    expect(state.leafWhy?.[leafKey('a', 'k1', 'fp-1')]).toBe('from the pilot');
    // Untouched: the shown rationale is sent as it was, the blank one not at all (it stays as it is).
    expect(ballotOf(leafRound, state).leafCells).toEqual(startLeaves);
    // Emptied on purpose: sent empty (it is removed); typed: sent.
    editLeafWhy(state, leafKey('a', 'k1', 'fp-1'), '');
    editLeafWhy(state, leafKey('a', 'k1', 'fp-2'), 'truncation bites at 32k');
    editLeaf(state, leafKey('b', 'k1', 'fp-1'), '5');
    const ballot = ballotOf(leafRound, state);
    expect(ballot.leafCells).toEqual([
      { candidateId: 'a', criterionId: 'k1', leafId: 'fp-1', value: 4, rationale: '' },
      { candidateId: 'a', criterionId: 'k1', leafId: 'fp-2', value: 6, rationale: 'truncation bites at 32k' },
      { candidateId: 'b', criterionId: 'k1', leafId: 'fp-1', value: 5 },
    ]);
    // A draft reloaded shows the same; a changed rationale is a changed ballot.
    expect(sameBallot(ballotOf(leafRound, stateOf(ballot)), ballot)).toBe(true);
    expect(sameBallot(ballot, { ...ballot, leafCells: ballot.leafCells.map((c) => ({ ...c, rationale: 'other' })) })).toBe(false);
  });

  it('a re-vote starts from the participant’s previous focus-point scores', () => {
    const startLeaves = [{ candidateId: 'a', criterionId: 'k1', leafId: 'fp-2', value: 4 }];
    const start = startingBallot({ draft: null, submitted: null, start: [], startLeaves });
    expect(start?.leafCells).toEqual(startLeaves);
    expect(ballotOf(leafRound, stateOf(start)).leafCells).toEqual(startLeaves);
  });
});
