import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ballot, RoundStatus, SessionEvent } from '../../../shared/contract/session';
import { createSampleWorkshop } from '../../../shared/model/create';
import { mergeBallot } from '../../../shared/model/edits/ballot';
import { judgmentMatrix } from '../../../shared/model/edits/ahp-edit';
import { undo, useWorkshop } from '../../store/workshop';
import { eventBatcher, mergeAcknowledged, type Arrival } from '../../store/roomVote';
import { roomVote } from '../../../shared/i18n/en/roomVote';

/**
 * Ballots arriving together are merged in one update of the screen, yet each stays its own
 * undo step named after its participant, and the document is exactly the one sequential
 * merges would give.
 */
const doc = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');
const round = {
  roundId: 'r1',
  workshopId: doc.id,
  criteria: doc.criteria.map((c) => c.id),
  candidates: doc.candidates.map((c) => c.id),
};
const ballotOf = (i: number, shift = 0): Ballot => ({
  cells: doc.criteria.flatMap((k, ki) =>
    doc.candidates.map((c, ci) => ({
      candidateId: c.id,
      criterionId: k.id,
      value: (i + ki + ci + shift) % (doc.scale.max + 1),
      rationale: `p${i} k${ki} c${ci}`,
    })),
  ),
  cleared: [],
  leafCells: [],
  clearedLeaves: [],
  ahp: [],
});

beforeAll(() => i18next.init({ lng: 'en', resources: { en: { translation: roomVote } } }));
beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  vi.stubGlobal('requestAnimationFrame', () => 0);
  useWorkshop.getState().open(doc);
});
afterEach(() => vi.unstubAllGlobals());

describe('merging acknowledged ballots in a batch', () => {
  const participants = doc.participants.slice(0, 3);
  // The second participant's ballot arrives twice: first version, then a changed one.
  const arrivals: Arrival[] = [
    ...participants.map((p, i) => ({ participantId: p.id, rev: 1, ballot: ballotOf(i) })),
    { participantId: participants[1].id, rev: 2, ballot: ballotOf(1, 3) },
  ];

  it('N ballots in one batch: N undo steps, one store update, the document of sequential merges', () => {
    expect(participants.length).toBe(3);
    const sequential = arrivals.reduce((d, a) => mergeBallot(d, a.participantId, round, a.ballot), doc);
    let updates = 0;
    const unsubscribe = useWorkshop.subscribe(() => updates++);
    mergeAcknowledged(round, arrivals);
    unsubscribe();
    expect(updates).toBe(1);
    expect(useWorkshop.getState().doc).toEqual(sequential);
    expect(useWorkshop.temporal.getState().pastStates).toHaveLength(arrivals.length);
    // The last edit is named after its participant (a changed ballot).
    expect(useWorkshop.getState().lastAction).toBe(`Changed ballot of ${participants[1].name}`);

    // Undo walks back one ballot at a time, through exactly the sequential intermediate documents.
    const steps = arrivals.map((_, n) => arrivals.slice(0, n).reduce((d, a) => mergeBallot(d, a.participantId, round, a.ballot), doc));
    for (let n = arrivals.length - 1; n >= 0; n--) {
      undo();
      expect(useWorkshop.getState().doc).toEqual(steps[n]);
    }
    expect(useWorkshop.getState().doc).toBe(doc);
  });

  it('a revision already merged is not merged again (a reconnect replays it): no step, no update', () => {
    mergeAcknowledged(round, arrivals);
    const after = useWorkshop.getState().doc;
    const steps = useWorkshop.temporal.getState().pastStates.length;
    mergeAcknowledged(round, [arrivals[0], { ...arrivals[1], rev: 1 }]);
    expect(useWorkshop.getState().doc).toBe(after);
    expect(useWorkshop.temporal.getState().pastStates).toHaveLength(steps);
  });

  it('a single ballot is a single named step', () => {
    mergeAcknowledged(round, [arrivals[0]]);
    expect(useWorkshop.temporal.getState().pastStates).toHaveLength(1);
    expect(useWorkshop.getState().lastAction).toBe(`Ballot of ${participants[0].name}`);
    undo();
    expect(useWorkshop.getState().doc).toBe(doc);
  });
});

describe('a pairwise-only round', () => {
  it("merges the participant's judgments as one named step and leaves every score as it was", () => {
    const [p] = doc.participants;
    const [a, b] = doc.criteria;
    mergeAcknowledged({ ...round, roundId: 'r2', candidates: [] }, [
      { participantId: p.id, rev: 1, ballot: { cells: [], cleared: [], leafCells: [], clearedLeaves: [], ahp: [{ a: a.id, b: b.id, value: 5 }] } },
    ]);
    const after = useWorkshop.getState().doc!;
    expect(after.scores).toBe(doc.scores);
    expect(judgmentMatrix(after, p.id)[0][1]).toBe(5);
    expect(useWorkshop.getState().lastAction).toBe(`Ballot of ${p.name}`);
    undo();
    expect(useWorkshop.getState().doc).toBe(doc);
  });
});

describe('the event batcher', () => {
  /** The frame: the batch scheduled, run when the test says a frame comes. */
  function frames() {
    let pending: (() => void) | null = null;
    const schedule = (fn: () => void) => {
      pending = fn;
      return () => (pending = null);
    };
    const next = () => {
      const fn = pending;
      pending = null;
      fn?.();
    };
    return { schedule, next, scheduled: () => pending !== null };
  }

  const status = (n: number) => ({ workshopId: doc.id, roundId: 'r1', participants: [{ filled: n }] }) as unknown as RoundStatus;
  const ballot = (pid: string, workshopId = doc.id): SessionEvent => ({
    type: 'ballot',
    roundId: 'r1',
    workshopId,
    participantId: pid,
    rev: 1,
    storedAt: '',
    ballot: ballotOf(0),
  });

  it('hands over everything that arrived before the next frame at once: the latest status and every ballot in order', () => {
    const apply = vi.fn();
    const frame = frames();
    const b = eventBatcher(doc.id, apply, frame.schedule);
    b.push({ type: 'status', status: status(1) });
    b.push(ballot('a'));
    b.push({ type: 'status', status: status(2) });
    b.push(ballot('b'));
    b.push(ballot('x', 'another-workshop'));
    b.push({ type: 'status', status: { ...status(9), workshopId: 'another-workshop' } });
    expect(apply).not.toHaveBeenCalled();
    frame.next();
    expect(apply).toHaveBeenCalledTimes(1);
    const [s, ballots] = apply.mock.calls[0] as [RoundStatus, { participantId: string }[]];
    expect(s).toEqual(status(2));
    expect(ballots.map((e) => e.participantId)).toEqual(['a', 'b']);
    // Nothing more is scheduled until the next event, which opens a new batch.
    expect(frame.scheduled()).toBe(false);
    b.push(ballot('x', 'another-workshop'));
    expect(frame.scheduled()).toBe(false);
    b.push(ballot('c'));
    frame.next();
    expect(apply).toHaveBeenCalledTimes(2);
    expect(apply.mock.calls[1][0]).toBeNull();
  });

  it('stop drops what is pending', () => {
    const apply = vi.fn();
    const frame = frames();
    const b = eventBatcher(doc.id, apply, frame.schedule);
    b.push(ballot('a'));
    b.stop();
    expect(frame.scheduled()).toBe(false);
    frame.next();
    expect(apply).not.toHaveBeenCalled();
  });
});
