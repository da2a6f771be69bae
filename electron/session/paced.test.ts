import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ParticipantRequestSchemas, RoundSpecSchema, sessionMethods, type Ballot, type RoundSpecInput, type SessionEvent } from '../../shared/contract/session';
import { createSampleWorkshop, derivedDimensionScores } from '../../shared/model';
import { mergeBallot } from '../../shared/model/edits/ballot';
import { expandCriterion, setScoreAt } from '../../shared/model/edits/hierarchy-edit';
import { participantPost } from '../../test/fixtures/participantPost';
import { SessionManager } from './manager';
import { answerIn, checkAnswer, leafAnswersIn, pacedQuestions, pacedView, withAnswer, withLeafAnswer, type PacedRound } from './paced';
import { pairOrder } from './pairs';
import { checkRecord, newRoundState } from './round';

// Listens only on 127.0.0.6 (loopback), port 0.
const ADDRESS = '127.0.0.6';
const SPEC: RoundSpecInput = {
  workshopId: 'ws-paced',
  title: 'Paced',
  lang: 'en',
  scale: { min: 0, max: 10 },
  criteria: [
    { id: 'k1', name: { 'zh-CN': '甲', en: 'K1' } },
    { id: 'k2', name: { 'zh-CN': '乙', en: 'K2' } },
    { id: 'k3', name: { 'zh-CN': '丙', en: 'K3' } },
  ],
  candidates: [{ id: 'a', name: { 'zh-CN': 'A', en: 'A' } }],
  participants: [
    { id: 'p1', name: 'Lin' },
    { id: 'p2', name: 'Sam' },
    { id: 'p3', name: 'Ana' },
  ],
  cells: [{ candidateId: 'a', criterionId: 'k2' }],
  ahp: true,
  paced: true,
};

let dir: string;
let manager: SessionManager;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sw-paced-'));
  manager = new SessionManager({ dataDir: dir, tls: null });
});
afterEach(async () => {
  await manager.shutdown();
  await rm(dir, { recursive: true, force: true });
});

const send = (port: number, method: string, body: unknown, token?: string) => participantPost(ADDRESS, port, method, body, token);

const tokenOf = (link: string) => link.split('#t=')[1];

describe('paced questions and answers (pure)', () => {
  it('asks the round’s cells, then its pairs in the order that links all criteria first', () => {
    const q = pacedQuestions(RoundSpecSchema.parse(SPEC));
    expect(q[0]).toEqual({ kind: 'cell', candidateId: 'a', criterionId: 'k2' });
    const pairs = pairOrder(['k1', 'k2', 'k3'], 0, 1);
    expect(q.slice(1)).toEqual(pairs.map(([a, b]) => ({ kind: 'pair', a, b })));
    // Without re-vote cells: every cell, criterion by criterion.
    const all = pacedQuestions(RoundSpecSchema.parse({ ...SPEC, cells: undefined, ahp: false }));
    expect(all).toEqual(['k1', 'k2', 'k3'].map((criterionId) => ({ kind: 'cell', candidateId: 'a', criterionId })));
  });

  it('an answer replaces only its own question’s earlier answer; a pair judged the other way round reads inverted', () => {
    const start = {
      cells: [{ candidateId: 'a', criterionId: 'k1', value: 2, rationale: 'kept' }],
      cleared: [{ candidateId: 'a', criterionId: 'k2' }],
      leafCells: [],
      clearedLeaves: [],
      ahp: [{ a: 'k2', b: 'k1', value: 4 }],
    };
    const cell = withAnswer(start, { kind: 'cell', candidateId: 'a', criterionId: 'k2' }, 7, 'why');
    expect(cell.cells).toEqual([start.cells[0], { candidateId: 'a', criterionId: 'k2', value: 7, rationale: 'why' }]);
    expect(cell.cleared).toEqual([]);
    expect(answerIn(start, { kind: 'pair', a: 'k1', b: 'k2' })?.value).toBeCloseTo(1 / 4, 12);
    const pair = withAnswer(start, { kind: 'pair', a: 'k1', b: 'k2' }, 3, '');
    expect(pair.ahp).toEqual([{ a: 'k1', b: 'k2', value: 3 }]);
    expect(pair.cells).toEqual(start.cells);
  });

  it('replays a pace record only for a paced round and one of its questions', () => {
    const open = (paced: boolean) =>
      newRoundState({
        t: 'open',
        roundId: 'r1',
        spec: RoundSpecSchema.parse({ ...SPEC, paced }),
        address: ADDRESS,
        port: 1,
        joinCode: 'ABCDEF',
        links: {},
        at: '2026-01-01T00:00:00Z',
      });
    const at = '2026-01-01T00:00:01Z';
    expect(checkRecord({ t: 'pace', index: 3, revealed: true, at }, 2, open(true))).toHaveProperty('rec');
    expect(checkRecord({ t: 'pace', index: 4, revealed: false, at }, 2, open(true))).toHaveProperty('problem.kind', 'bad-record');
    expect(checkRecord({ t: 'pace', index: 0, revealed: false, at }, 2, open(false))).toHaveProperty('problem.kind', 'bad-record');
    expect(checkRecord({ t: 'pace', index: -1, revealed: false, at }, 2, open(true))).toHaveProperty('problem.kind', 'bad-record');
  });

  it('refuses malformed answers and pace requests at the door', () => {
    const answer = ParticipantRequestSchemas.answer;
    expect(answer.safeParse({ index: 0, value: 5 }).success).toBe(true);
    expect(answer.safeParse({ index: -1, value: 5 }).success).toBe(false);
    expect(answer.safeParse({ index: 0.5, value: 5 }).success).toBe(false);
    expect(answer.safeParse({ index: 0, value: Number.NaN }).success).toBe(false);
    expect(answer.safeParse({ index: 0, value: 5, extra: 1 }).success).toBe(false);
    expect(answer.safeParse({ index: 0, value: 5, rationale: 'x'.repeat(1001) }).success).toBe(false);
    const pace = sessionMethods['session.pace'].request;
    expect(pace.safeParse({ workshopId: 'w', index: 2, revealed: true }).success).toBe(true);
    expect(pace.safeParse({ workshopId: 'w', index: 2 }).success).toBe(false);
    expect(pace.safeParse({ workshopId: 'w', index: '2', revealed: false }).success).toBe(false);
  });
});

describe('a facilitator-paced round', () => {
  it('puts one question at a time, counts answers, reveals the geometric mean, and journals every answer', async () => {
    const events: SessionEvent[] = [];
    manager.subscribe((e) => events.push(e));
    const status = await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
    expect(status.paced).toMatchObject({ index: 0, total: 4, revealed: false, answered: 0, question: { kind: 'cell' } });
    const [t1, t2, t3] = status.participants.map((p) => tokenOf(p.link));
    const ballot = await send(status.port, 'ballot', {}, t1);
    expect(ballot.body.result.paced).toMatchObject({ index: 0, total: 4, answer: null });

    // The cell: two answers, then reveal shows the median.
    expect((await send(status.port, 'answer', { index: 0, value: 4, rationale: 'low' }, t1)).body.result.rev).toBe(1);
    expect((await send(status.port, 'answer', { index: 0, value: 8 }, t2)).body.ok).toBe(true);
    let s = (await manager.status(SPEC.workshopId)).round!;
    expect(s.paced).toMatchObject({ answered: 2 });
    expect(s.paced!.values).toBeUndefined(); // not before the reveal
    s = (await manager.pace(SPEC.workshopId, 0, true)).round!;
    expect(s.paced).toMatchObject({ revealed: true, values: [4, 8], group: 6 });
    // Revealed: answers to it are closed.
    expect((await send(status.port, 'answer', { index: 0, value: 5 }, t3)).status).toBe(403);

    // A device waiting on its status is told at once that the question moved on.
    const waiting = send(status.port, 'status', { wait: true }, t3);
    await new Promise((r) => setTimeout(r, 100));
    await manager.pace(SPEC.workshopId, 1, false);
    expect((await waiting).body.result.pace).toEqual({ index: 1, revealed: false });
    // An answer to a question no longer on the screen, off the scale, or a whole ballot: refused.
    expect((await send(status.port, 'answer', { index: 0, value: 5 }, t3)).status).toBe(400);
    expect((await send(status.port, 'answer', { index: 1, value: 10 }, t3)).status).toBe(400);
    expect((await send(status.port, 'submit', { ballot: { cells: [] } }, t3)).status).toBe(400);
    const q = (await manager.status(SPEC.workshopId)).round!.paced!.question;
    expect(q).toMatchObject({ kind: 'pair' });
    const judgments = [2, 1 / 3, 9];
    for (const [i, t] of [t1, t2, t3].entries()) expect((await send(status.port, 'answer', { index: 1, value: judgments[i] }, t)).body.ok).toBe(true);
    s = (await manager.pace(SPEC.workshopId, 1, true)).round!;
    const geo = Math.exp(judgments.reduce((acc, v) => acc + Math.log(v), 0) / judgments.length);
    expect(s.paced!.answered).toBe(3);
    expect(s.paced!.group).toBeCloseTo(geo, 12);

    // Each acknowledged answer went out as the participant's whole ballot so far (earlier answers kept).
    const lin = events.filter((e): e is Extract<SessionEvent, { type: 'ballot' }> => e.type === 'ballot' && e.participantId === 'p1').at(-1)!;
    expect(lin.rev).toBe(2);
    expect(lin.ballot.cells).toEqual([{ candidateId: 'a', criterionId: 'k2', value: 4, rationale: 'low' }]);
    expect(lin.ballot.ahp).toHaveLength(1);

    // A restart replays the journal: every answer and the pace are there.
    await manager.shutdown();
    manager = new SessionManager({ dataDir: dir, tls: null });
    const again = (await manager.status(SPEC.workshopId)).round!;
    expect(again.paced).toMatchObject({ index: 1, revealed: true, answered: 3 });
    const ballots = await manager.ballots(SPEC.workshopId);
    expect(ballots.find((b) => b.participantId === 'p1')!.ballot.cells[0].value).toBe(4);
    expect(ballots.find((b) => b.participantId === 'p3')!.ballot.ahp[0].value).toBe(9);
  });

  it('refuses pacing a round that is not paced, and a question past the last', async () => {
    await manager.open(RoundSpecSchema.parse({ ...SPEC, workshopId: 'ws-plain', paced: false }), ADDRESS, 0);
    await expect(manager.pace('ws-plain', 0, true)).rejects.toMatchObject({ code: 'invalid_request' });
    await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
    await expect(manager.pace(SPEC.workshopId, 4, false)).rejects.toMatchObject({ code: 'invalid_request' });
  });
});

describe('a paced question on a dimension scored at its focus points', () => {
  const LEAVES = [
    { id: 'fp-1', name: { 'zh-CN': '重要性采样', en: 'Importance sampling' } },
    { id: 'fp-2', name: { 'zh-CN': '截断', en: 'Truncation' } },
  ];
  const LEAF_SPEC: RoundSpecInput = {
    ...SPEC,
    workshopId: 'ws-paced-leaves',
    criteria: [{ ...SPEC.criteria[0], leaves: LEAVES }, SPEC.criteria[1], SPEC.criteria[2]],
    candidates: [
      { id: 'a', name: { 'zh-CN': 'A', en: 'A' } },
      { id: 'b', name: { 'zh-CN': 'B', en: 'B' } },
    ],
    cells: undefined,
    ahp: false,
  };
  // The questions: k1 × a (its focus points), k1 × b, k2 × a (one score), …
  const spec = RoundSpecSchema.parse(LEAF_SPEC);
  const at = (index: number, submitted: PacedRound['submitted'] = new Map()): PacedRound => ({ spec, pace: { index, revealed: false }, submitted });
  const leaf = (leafId: string, value: number, x: object = {}) => ({ candidateId: 'a', criterionId: 'k1', leafId, value, ...x });
  const both = [leaf('fp-1', 3), leaf('fp-2', 9)];
  const refusal = (answer: Parameters<typeof checkAnswer>[1], index = 0) => {
    try {
      checkAnswer(at(index), answer);
    } catch (err) {
      return (err as Error).message;
    }
    return '';
  };

  it('a paced round may ask focus points; the question is the cell, answered per focus point', () => {
    expect(pacedQuestions(spec).slice(0, 3)).toEqual([
      { kind: 'cell', candidateId: 'a', criterionId: 'k1' },
      { kind: 'cell', candidateId: 'b', criterionId: 'k1' },
      { kind: 'cell', candidateId: 'a', criterionId: 'k2' },
    ]);
    expect(checkAnswer(at(0), { index: 0, leafCells: both })).toEqual({ kind: 'cell', candidateId: 'a', criterionId: 'k1' });
    // In any order.
    expect(refusal({ index: 0, leafCells: [both[1], both[0]] })).toBe('');
  });

  it('refuses each fault with its own reason: another candidate or criterion, an unknown or missing focus point, twice, off the scale', () => {
    expect(refusal({ index: 0, leafCells: [leaf('fp-1', 3), leaf('fp-2', 9, { candidateId: 'b' })] })).toMatch(
      /^Invalid answer: leafCells\[1\]\.candidateId: candidate "b" is not the one asked \("a"\)/,
    );
    expect(refusal({ index: 0, leafCells: [leaf('fp-1', 3, { criterionId: 'k2' }), leaf('fp-2', 9)] })).toMatch(
      /^Invalid answer: leafCells\[0\]\.criterionId: criterion "k2" is not the one asked \("k1"\)/,
    );
    expect(refusal({ index: 0, leafCells: [...both, leaf('fp-9', 4)] })).toMatch(
      /^Invalid answer: leafCells\[2\]\.leafId: unknown focus point "fp-9" of criterion "k1"/,
    );
    expect(refusal({ index: 0, leafCells: [leaf('fp-1', 3)] })).toMatch(/^Invalid answer: leafCells: focus point "fp-2" is not answered/);
    expect(refusal({ index: 0, leafCells: [...both, leaf('fp-1', 4)] })).toMatch(/^Invalid answer: leafCells\[2\]: the same focus point twice/);
    expect(refusal({ index: 0, leafCells: [leaf('fp-1', 11), leaf('fp-2', 9)] })).toMatch(
      /^Invalid answer: leafCells\[0\]\.value: must be within the scale 0\.\.10/,
    );
    // One value for the cell, or a rationale: not what this question takes.
    expect(refusal({ index: 0, value: 5 })).toMatch(/^Invalid answer: value: criterion "k1" is scored at its focus points: answer them in leafCells/);
    expect(refusal({ index: 0, leafCells: both, rationale: 'why' })).toMatch(
      /^Invalid answer: rationale: a question scored at its focus points takes no rationale/,
    );
    // Focus points for a question that asks one value; a question no longer on the screen.
    expect(refusal({ index: 2, leafCells: [leaf('fp-1', 3, { criterionId: 'k2' })] }, 2)).toMatch(/leafCells: this question asks one value, not focus points/);
    expect(refusal({ index: 2, leafCells: both })).toMatch(/no longer on the screen/);
    // At the door: a value or focus points, not both, not neither.
    const answer = ParticipantRequestSchemas.answer;
    expect(answer.safeParse({ index: 0, leafCells: both }).success).toBe(true);
    expect(answer.safeParse({ index: 0 }).success).toBe(false);
    expect(answer.safeParse({ index: 0, value: 3, leafCells: both }).success).toBe(false);
    expect(answer.safeParse({ index: 0, leafCells: [] }).success).toBe(false);
  });

  it('an answer replaces only its own cell’s focus points; the device sees its own', () => {
    const start: Ballot = {
      cells: [{ candidateId: 'a', criterionId: 'k2', value: 4, rationale: '' }],
      cleared: [],
      leafCells: [leaf('fp-1', 1), leaf('fp-1', 6, { candidateId: 'b' })],
      clearedLeaves: [{ candidateId: 'a', criterionId: 'k1', leafId: 'fp-2' }],
      ahp: [],
    };
    const q = { kind: 'cell' as const, candidateId: 'a', criterionId: 'k1' };
    const next = withLeafAnswer(start, q, both);
    expect(next.leafCells).toEqual([start.leafCells[1], ...both]);
    expect(next.clearedLeaves).toEqual([]);
    expect(next.cells).toEqual(start.cells);
    expect(leafAnswersIn(next, q)).toEqual(both);
    expect(answerIn(next, q)).toBeNull();
    const view = pacedView(at(0, new Map([['p1', { ballot: next }]])), 'p1')!;
    expect(view).toMatchObject({
      answer: null,
      leaves: [
        { leafId: 'fp-1', value: 3 },
        { leafId: 'fp-2', value: 9 },
      ],
    });
    expect(pacedView(at(0), 'p2')!.leaves).toEqual([]);
    // A question with one value has no focus points.
    expect(pacedView(at(2), 'p2')!.leaves).toBeUndefined();
  });

  it('merges into the participant’s focus-point scores as a free round’s ballot does; a changed answer replaces them', () => {
    const sample = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');
    const dim = sample.criteria[0].id;
    const doc = setScoreAt(expandCriterion(sample, dim), dim, 'leaves');
    const leafIds = doc.hierarchy.find((n) => n.criterionId === dim)!.leaves.map((l) => l.id);
    const pid = doc.participants[0].id;
    const cand = doc.candidates[0].id;
    const round = { criteria: doc.criteria.map((c) => c.id), candidates: doc.candidates.map((c) => c.id) };
    const q = { kind: 'cell' as const, candidateId: cand, criterionId: dim };
    const answer = (values: number[]) => leafIds.map((leafId, j) => ({ candidateId: cand, criterionId: dim, leafId, value: values[j] }));
    const first = withLeafAnswer(undefined, q, answer(leafIds.map((_, j) => j + 2)));
    const merged = mergeBallot(doc, pid, round, first);
    const mine = (d: typeof doc) =>
      d.leafScores.filter((s) => s.participantId === pid && s.candidateId === cand && s.criterionId === dim).map((s) => [s.leafId, s.value]);
    expect(mine(merged)).toEqual(leafIds.map((l, j) => [l, j + 2]));
    const derived = (d: typeof doc) => derivedDimensionScores(d).find((x) => x.participantId === pid && x.candidateId === cand && x.criterionId === dim)!.value;
    // Equal local shares: the derived value is the focus points' mean.
    expect(derived(merged)).toBeCloseTo(leafIds.reduce((n, _, j) => n + j + 2, 0) / leafIds.length, 12);
    expect(mergeBallot(merged, pid, round, first)).toBe(merged);
    const changed = withLeafAnswer(first, q, answer(leafIds.map(() => 7)));
    expect(mine(mergeBallot(merged, pid, round, changed))).toEqual(leafIds.map((l) => [l, 7]));
  });

  it('over the wire: answered on devices, counted on the board, each focus point’s median on the reveal, journaled', async () => {
    const events: SessionEvent[] = [];
    manager.subscribe((e) => events.push(e));
    const status = await manager.open(spec, ADDRESS, 0);
    expect(status.paced).toMatchObject({ index: 0, answered: 0, leafIds: ['fp-1', 'fp-2'], question: { kind: 'cell', criterionId: 'k1' } });
    const [t1, t2, t3] = status.participants.map((p) => tokenOf(p.link));
    expect((await send(status.port, 'ballot', {}, t1)).body.result.paced).toMatchObject({ answer: null, leaves: [] });

    expect((await send(status.port, 'answer', { index: 0, leafCells: both }, t1)).body.result.rev).toBe(1);
    // With a rationale for one focus point: stored with it, shown back to that device, merged with the ballot.
    const withWhy = [leaf('fp-1', 5, { rationale: 'Calibrated last quarter' }), leaf('fp-2', 4)];
    expect((await send(status.port, 'answer', { index: 0, leafCells: withWhy }, t2)).body.ok).toBe(true);
    expect((await send(status.port, 'ballot', {}, t2)).body.result.paced.leaves).toEqual([
      { leafId: 'fp-1', value: 5, rationale: 'Calibrated last quarter' },
      { leafId: 'fp-2', value: 4 },
    ]);
    const wrong = await send(status.port, 'answer', { index: 0, leafCells: [leaf('fp-1', 5, { candidateId: 'b' }), leaf('fp-2', 4)] }, t3);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error!.message).toMatch(/leafCells\[0\]\.candidateId: candidate "b" is not the one asked/);
    expect((await send(status.port, 'answer', { index: 0, value: 5 }, t3)).body.error!.message).toMatch(/scored at its focus points: answer them in leafCells/);

    let s = (await manager.status(spec.workshopId)).round!;
    expect(s.paced).toMatchObject({ answered: 2 });
    expect(s.paced!.leaves).toBeUndefined(); // not before the reveal
    expect(s.participants.map((p) => p.filled)).toEqual([2, 2, 0]);
    expect((await send(status.port, 'ballot', {}, t1)).body.result.paced.leaves).toEqual([
      { leafId: 'fp-1', value: 3 },
      { leafId: 'fp-2', value: 9 },
    ]);
    s = (await manager.pace(spec.workshopId, 0, true)).round!;
    expect(s.paced!.leaves).toEqual([
      { leafId: 'fp-1', values: [3, 5], group: 4 },
      { leafId: 'fp-2', values: [4, 9], group: 6.5 },
    ]);
    expect(s.paced!.values).toBeUndefined();
    // Each answer's row of focus point scores (leafIds order), rows sorted: p1 (3, 9) and p2 (5, 4),
    // so the board derives the dimension's value from each answer as the grid derives it.
    expect(s.paced!.leafRows).toEqual([
      [3, 9],
      [5, 4],
    ]);
    const lin = events.filter((e): e is Extract<SessionEvent, { type: 'ballot' }> => e.type === 'ballot' && e.participantId === 'p1').at(-1)!;
    expect(lin.ballot.leafCells).toEqual(both);
    expect(lin.ballot.cells).toEqual([]);

    // A restart replays the journal: the answers and the count are there.
    await manager.shutdown();
    manager = new SessionManager({ dataDir: dir, tls: null });
    expect((await manager.status(spec.workshopId)).round!.paced).toMatchObject({ revealed: true, answered: 2, leafIds: ['fp-1', 'fp-2'] });
    expect((await manager.ballots(spec.workshopId)).find((b) => b.participantId === 'p2')!.ballot.leafCells).toEqual(withWhy);
  });
});
