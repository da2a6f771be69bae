import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSampleWorkshop } from '../../shared/model/create';
import { useRoom, type Evaluation } from './room';

const doc = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the room slice', () => {
  it('keeps blind scoring per workshop: entering again (a reload) does not reveal', () => {
    const room = useRoom.getState();
    room.enter('w1', 'p1');
    room.setBlind('w1', true);
    room.enter('w2', undefined);
    expect(useRoom.getState()).toMatchObject({ blind: false, participantId: 'group' });
    room.enter('w1', 'p1');
    expect(useRoom.getState()).toMatchObject({ blind: true, participantId: 'p1', view: 'scoring' });
    room.setBlind('w1', false);
    room.enter('w1', 'p1');
    expect(useRoom.getState().blind).toBe(false);
  });

  it('entering a workshop forgets the live evaluation, the drags and what was analysed', () => {
    const room = useRoom.getState();
    room.showEvaluation({ ranking: [0] } as unknown as Evaluation, [100]);
    room.weightDragged({ anchor: [100], k: 0, last: [100], fromDoc: true });
    room.setDraft({ units: [100] });
    room.analyse(doc, {});
    room.enter('w1', undefined);
    expect(useRoom.getState()).toMatchObject({ result: null, resultUnits: null, draftUnits: null, weightDrag: null, analysed: null });
  });

  it('ending a drag clears its draft and the drag itself, and only that one', () => {
    const room = useRoom.getState();
    room.resetLive();
    room.whatIfDragged({ a: 1 });
    room.setDraft({ units: [1], overrides: { a: 1 } });
    room.endDraft('units');
    expect(useRoom.getState()).toMatchObject({ draftUnits: null, draftOverrides: { a: 1 }, whatIfDrag: { a: 1 } });
    room.endDraft('overrides');
    expect(useRoom.getState()).toMatchObject({ draftOverrides: null, whatIfDrag: null });
  });

  it('moves the analysis on only when the document or the what-if scores changed', () => {
    const room = useRoom.getState();
    const overrides = {};
    room.analyse(doc, overrides);
    const first = useRoom.getState().analysed;
    room.analyse(doc, overrides);
    expect(useRoom.getState().analysed).toBe(first);
    room.analyse(doc, { x: 1 });
    expect(useRoom.getState().analysed).not.toBe(first);
  });

  it('a removed participant is no longer the one shown', () => {
    const room = useRoom.getState();
    room.selectParticipant('p2');
    room.participantRemoved('p1');
    expect(useRoom.getState().participantId).toBe('p2');
    room.participantRemoved('p2');
    expect(useRoom.getState().participantId).toBe('group');
  });
});
