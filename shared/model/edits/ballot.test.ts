import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../create';
import { WorkshopDocSchema } from '../schema';
import { mergeBallot } from './ballot';
import { judgmentMatrix } from './ahp-edit';
import { expandCriterion, setLeafRationale, setLeafScore, setScoreAt } from './hierarchy-edit';
import { derivedDimensionScores } from '../hierarchy';

const doc = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');
const [p, q] = doc.participants;
const round = { criteria: doc.criteria.slice(0, 2).map((c) => c.id), candidates: doc.candidates.slice(0, 2).map((c) => c.id) };
const cell = (ci: number, ki: number, value: number | null, rationale = '') => ({
  candidateId: round.candidates[ci],
  criterionId: round.criteria[ki],
  value,
  rationale,
});
const mine = (d: typeof doc, pid: string) =>
  d.scores
    .filter((s) => s.participantId === pid && round.criteria.includes(s.criterionId) && round.candidates.includes(s.candidateId))
    .map((s) => [s.candidateId, s.criterionId, s.value, s.rationale]);

describe('mergeBallot', () => {
  it("sets the cells a ballot answers; others' scores and cells outside the round stay", () => {
    const ballot = { cells: [cell(0, 0, 7, 'fast'), cell(0, 1, 3)], cleared: [] };
    const next = mergeBallot(doc, p.id, round, ballot);
    const before = new Map(mine(doc, p.id).map((r) => [`${r[0]}|${r[1]}`, r]));
    const after = new Map(mine(next, p.id).map((r) => [`${r[0]}|${r[1]}`, r]));
    expect(after.get(`${round.candidates[0]}|${round.criteria[0]}`)).toEqual([round.candidates[0], round.criteria[0], 7, 'fast']);
    expect(after.get(`${round.candidates[0]}|${round.criteria[1]}`)).toEqual([round.candidates[0], round.criteria[1], 3, '']);
    // The cells the ballot does not answer keep what they had.
    for (const k of [`${round.candidates[1]}|${round.criteria[0]}`, `${round.candidates[1]}|${round.criteria[1]}`]) expect(after.get(k)).toEqual(before.get(k));
    expect(mine(next, q.id)).toEqual(mine(doc, q.id));
    const outside = (d: typeof doc) => d.scores.filter((s) => !round.criteria.includes(s.criterionId) || !round.candidates.includes(s.candidateId));
    expect(outside(next)).toEqual(outside(doc));
    expect(WorkshopDocSchema.safeParse(next).success).toBe(true);
    // The same ballot again is no edit at all (a reconnect does not add an undo step).
    expect(mergeBallot(next, p.id, round, ballot)).toBe(next);
  });

  it('a later ballot of few cells keeps every score it does not answer (a second round starts devices empty)', () => {
    const all = { criteria: doc.criteria.map((c) => c.id), candidates: doc.candidates.map((c) => c.id) };
    const scored = doc.scores.filter((s) => s.participantId === p.id && s.value !== null);
    expect(scored.length).toBe(all.criteria.length * all.candidates.length);
    const two = scored.slice(0, 2).map((s) => ({
      candidateId: s.candidateId,
      criterionId: s.criterionId,
      value: s.value === doc.scale.max ? doc.scale.min : doc.scale.max,
      rationale: '',
    }));
    const next = mergeBallot(doc, p.id, all, { cells: two, cleared: [] });
    const after = next.scores.filter((s) => s.participantId === p.id && s.value !== null);
    expect(after.length).toBe(scored.length);
    for (const c of two) expect(after.find((s) => s.candidateId === c.candidateId && s.criterionId === c.criterionId)?.value).toBe(c.value);
    const untouched = scored.slice(2).map((s) => [s.candidateId, s.criterionId, s.value]);
    expect(untouched.every(([ca, cr, v]) => after.some((s) => s.candidateId === ca && s.criterionId === cr && s.value === v))).toBe(true);
  });

  it('clears a cell only when the ballot says it was cleared on purpose', () => {
    const target = { candidateId: round.candidates[1], criterionId: round.criteria[1] };
    const had = doc.scores.find((s) => s.participantId === p.id && s.candidateId === target.candidateId && s.criterionId === target.criterionId);
    expect(had?.value).not.toBeNull();
    // Sent empty but not marked cleared: not an answer, the score stays.
    const kept = mergeBallot(doc, p.id, round, { cells: [{ ...target, value: null, rationale: '' }], cleared: [] });
    expect(kept).toBe(doc);
    // Marked cleared: the score is gone.
    const cleared = mergeBallot(doc, p.id, round, { cells: [], cleared: [target] });
    expect(
      cleared.scores.find((s) => s.participantId === p.id && s.candidateId === target.candidateId && s.criterionId === target.criterionId),
    ).toBeUndefined();
    // Cleared with a rationale: no score, the rationale is kept.
    const why = mergeBallot(doc, p.id, round, { cells: [{ ...target, value: null, rationale: 'unsure' }], cleared: [target] });
    const cellAfter = why.scores.find((s) => s.participantId === p.id && s.candidateId === target.candidateId && s.criterionId === target.criterionId);
    expect([cellAfter?.value, cellAfter?.rationale]).toEqual([null, 'unsure']);
    expect(WorkshopDocSchema.safeParse(why).success).toBe(true);
  });

  it('keeps script in a rationale as text; a value off the scale does not overwrite the score', () => {
    const had = doc.scores.find((s) => s.participantId === p.id && s.candidateId === round.candidates[0] && s.criterionId === round.criteria[0])!;
    const next = mergeBallot(doc, p.id, round, { cells: [cell(0, 0, doc.scale.max + 5, '<script>x</script>')], cleared: [] });
    const c = next.scores.find((s) => s.participantId === p.id && s.candidateId === round.candidates[0] && s.criterionId === round.criteria[0])!;
    expect([c.value, c.rationale]).toEqual([had.value, '<script>x</script>']);
  });

  it('writes pairwise judgments as the participant’s AHP judgments', () => {
    const [a, b] = round.criteria;
    const next = mergeBallot(doc, p.id, round, { cells: [], cleared: [], ahp: [{ a, b, value: 5 }] });
    const m = judgmentMatrix(next, p.id);
    const ids = next.criteria.map((c) => c.id);
    expect(m[ids.indexOf(a)][ids.indexOf(b)]).toBe(5);
    expect(m[ids.indexOf(b)][ids.indexOf(a)]).toBeCloseTo(0.2, 12);
  });

  it('stores the pairs a participant skipped as not answered (null), never as "equal"', () => {
    const r3 = { ...round, criteria: doc.criteria.slice(0, 3).map((c) => c.id) };
    const [a, b, c] = r3.criteria;
    const ids = doc.criteria.map((k) => k.id);
    // Answered a–b and b–c, skipped a–c.
    const next = mergeBallot(doc, p.id, r3, {
      cells: [],
      cleared: [],
      ahp: [
        { a, b, value: 3 },
        { a: b, b: c, value: 1 },
      ],
    });
    const m = judgmentMatrix(next, p.id);
    expect(m[ids.indexOf(a)][ids.indexOf(c)]).toBeNull();
    expect(m[ids.indexOf(c)][ids.indexOf(a)]).toBeNull();
    expect(m[ids.indexOf(b)][ids.indexOf(c)]).toBe(1);
    const stored = next.weighting.ahp.find((x) => x.participantId === p.id)!;
    expect(stored.pairsTracked).toBe(true);
    expect(stored.matrix.flat().filter((v) => v !== null).length).toBe(ids.length + 4);
    expect(WorkshopDocSchema.safeParse(next).success).toBe(true);
  });

  it('a later pairwise ballot keeps every earlier judgment it does not answer', () => {
    const ids = doc.criteria.map((c) => c.id);
    const earlier = ids.slice(1).map((b, k) => ({ a: ids[0], b, value: 1 / (2 + (k % 3)) }));
    const judged = mergeBallot(doc, p.id, round, { cells: [], cleared: [], ahp: earlier });
    const next = mergeBallot(judged, p.id, round, { cells: [], cleared: [], ahp: [{ a: ids[0], b: ids[1], value: 3 }] });
    const m = judgmentMatrix(next, p.id);
    expect(m[0][1]).toBe(3);
    for (let j = 2; j < ids.length; j++) expect(m[0][j]).toBeCloseTo(earlier[j - 1].value, 12);
  });

  it('ignores an unknown participant', () => {
    expect(mergeBallot(doc, 'nobody', round, { cells: [cell(0, 0, 1)], cleared: [] })).toBe(doc);
  });
});

describe('mergeBallot: focus-point answers (a dimension scored at its focus points)', () => {
  const dim = round.criteria[0];
  const flatDim = round.criteria[1];
  const leafScored = setScoreAt(expandCriterion(doc, dim), dim, 'leaves');
  const leafIds = leafScored.hierarchy.find((n) => n.criterionId === dim)!.leaves.map((l) => l.id);
  const [a, b] = round.candidates;
  const leaf = (candidateId: string, leafId: string, value: number) => ({ candidateId, criterionId: dim, leafId, value });
  const ref = (candidateId: string, leafId: string) => ({ candidateId, criterionId: dim, leafId });
  const leafOf = (d: typeof doc, pid: string) =>
    new Map(d.leafScores.filter((s) => s.participantId === pid).map((s) => [`${s.candidateId}|${s.criterionId}|${s.leafId}`, s.value]));
  // q already scored two focus points of candidate a; p one of b.
  const start = [
    [q.id, a, leafIds[0], 2],
    [q.id, a, leafIds[1], 8],
    [p.id, b, leafIds[0], 5],
  ].reduce(
    (d, [pid, cand, l, v]) =>
      setLeafScore(d, { participantId: pid as string, candidateId: cand as string, criterionId: dim, leafId: l as string }, v as number),
    leafScored,
  );

  it('sets the focus points answered, keeps those not answered, leaves other participants untouched; the same ballot twice is one edit', () => {
    const ballot = { cells: [], leafCells: [leaf(a, leafIds[0], 7), leaf(a, leafIds[1], 3)] };
    const next = mergeBallot(start, p.id, round, ballot);
    const mineNow = leafOf(next, p.id);
    expect(mineNow.get(`${a}|${dim}|${leafIds[0]}`)).toBe(7);
    expect(mineNow.get(`${a}|${dim}|${leafIds[1]}`)).toBe(3);
    expect(mineNow.get(`${b}|${dim}|${leafIds[0]}`)).toBe(5); // not answered: kept
    expect(leafOf(next, q.id)).toEqual(leafOf(start, q.id));
    expect(next.scores).toBe(start.scores);
    expect(WorkshopDocSchema.safeParse(next).success).toBe(true);
    expect(mergeBallot(next, p.id, round, ballot)).toBe(next);
    // The derived dimension value follows the focus points (equal local shares: their mean).
    const derived = derivedDimensionScores(next).find((x) => x.participantId === p.id && x.candidateId === a && x.criterionId === dim)!;
    expect(derived.value).toBeCloseTo((7 + 3) / 2, 12);
  });

  it('changes an earlier focus-point score, removes one only when cleared on purpose', () => {
    const next = mergeBallot(start, q.id, round, { cells: [], leafCells: [leaf(a, leafIds[0], 9)], clearedLeaves: [ref(a, leafIds[1])] });
    expect([...leafOf(next, q.id)]).toEqual([[`${a}|${dim}|${leafIds[0]}`, 9]]);
    expect(next.leafScores.filter((s) => s.participantId === q.id)).toHaveLength(1);
    expect(mergeBallot(next, q.id, round, { cells: [], clearedLeaves: [ref(a, leafIds[1])] })).toBe(next);
  });

  it('keeps the rationale of a focus point score unless the ballot gives one, through a new score and a clearing', () => {
    const at = { participantId: q.id, candidateId: a, criterionId: dim, leafId: leafIds[1] };
    const why = setLeafRationale(start, at, 'Measured on the pilot');
    const entry = (d: typeof doc) => d.leafScores.find((s) => s.participantId === q.id && s.candidateId === a && s.leafId === leafIds[1]);
    const changed = mergeBallot(why, q.id, round, { cells: [], leafCells: [leaf(a, leafIds[1], 4)] });
    expect(entry(changed)).toEqual({ ...at, value: 4, rationale: 'Measured on the pilot' });
    const cleared = mergeBallot(changed, q.id, round, { cells: [], clearedLeaves: [ref(a, leafIds[1])] });
    expect(entry(cleared)).toEqual({ ...at, value: null, rationale: 'Measured on the pilot' });
    expect(WorkshopDocSchema.safeParse(cleared).success).toBe(true);
    // A ballot that gives one replaces it; an empty one removes it; a new focus point score takes it.
    const given = mergeBallot(why, q.id, round, { cells: [], leafCells: [{ ...leaf(a, leafIds[1], 4), rationale: 'Seen in production' }] });
    expect(entry(given)).toEqual({ ...at, value: 4, rationale: 'Seen in production' });
    expect(entry(mergeBallot(given, q.id, round, { cells: [], leafCells: [{ ...leaf(a, leafIds[1], 4), rationale: '' }] }))).toEqual({
      ...at,
      value: 4,
      rationale: '',
    });
    const fresh = mergeBallot(start, p.id, round, { cells: [], leafCells: [{ ...leaf(b, leafIds[1], 2), rationale: 'New' }] });
    expect(fresh.leafScores.find((s) => s.participantId === p.id && s.candidateId === b && s.leafId === leafIds[1])).toMatchObject({
      value: 2,
      rationale: 'New',
    });
  });

  it('takes only focus points of dimensions scored at their focus points, cells of the round, values on the scale', () => {
    const refusedLeaves = [
      leaf(a, 'no-such-leaf', 4),
      { candidateId: a, criterionId: flatDim, leafId: leafIds[0], value: 4 }, // a dimension scored as a whole
      leaf('not-a-candidate', leafIds[0], 4),
      leaf(a, leafIds[2] ?? leafIds[0], start.scale.max + 1),
      leaf(a, leafIds[0], Number.NaN),
    ];
    expect(mergeBallot(start, p.id, round, { cells: [], leafCells: refusedLeaves })).toBe(start);
    // The dimension switched back to be scored as a whole: its focus points are not taken either.
    const whole = setScoreAt(start, dim, 'dimension');
    expect(mergeBallot(whole, p.id, round, { cells: [], leafCells: [leaf(a, leafIds[0], 4)] })).toBe(whole);
    // A candidate outside the round is not taken.
    const narrow = { ...round, candidates: [a] };
    expect(mergeBallot(start, p.id, narrow, { cells: [], leafCells: [leaf(b, leafIds[0], 4)] })).toBe(start);
  });

  it('merges cells, focus points and judgments of one ballot together', () => {
    const ballot = {
      cells: [cell(0, 1, 6)],
      leafCells: [leaf(b, leafIds[1], 1)],
      ahp: [{ a: round.criteria[0], b: round.criteria[1], value: 3 }],
    };
    const next = mergeBallot(start, p.id, round, ballot);
    expect(next.scores.find((s) => s.participantId === p.id && s.candidateId === a && s.criterionId === flatDim)?.value).toBe(6);
    expect(leafOf(next, p.id).get(`${b}|${dim}|${leafIds[1]}`)).toBe(1);
    expect(next.weighting.ahp.some((x) => x.participantId === p.id)).toBe(true);
  });
});
