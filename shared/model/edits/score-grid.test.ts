import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../create';
import { gridKeyOf, moveInGrid, parseScore, participantProgress, scoreOf, scoringProgress, setRationale, setScore, type GridKey } from './score-grid';

const doc = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');
const [p] = doc.participants;
const [c] = doc.candidates;
const [k] = doc.criteria;

describe('moveInGrid', () => {
  const move = (row: number, col: number, key: GridKey) => moveInGrid({ row, col }, key, 3, 4);
  it('arrows move one cell and stop at the edges', () => {
    expect(move(1, 1, 'ArrowUp')).toEqual({ row: 0, col: 1 });
    expect(move(0, 1, 'ArrowUp')).toEqual({ row: 0, col: 1 });
    expect(move(2, 3, 'ArrowDown')).toEqual({ row: 2, col: 3 });
    expect(move(1, 0, 'ArrowLeft')).toEqual({ row: 1, col: 0 });
    expect(move(1, 3, 'ArrowRight')).toEqual({ row: 1, col: 3 });
    expect(move(1, 2, 'ArrowRight')).toEqual({ row: 1, col: 3 });
  });
  it('Tab runs across and wraps to the next row; it leaves the grid after the last cell', () => {
    expect(move(0, 3, 'Tab')).toEqual({ row: 1, col: 0 });
    expect(move(1, 0, 'Shift+Tab')).toEqual({ row: 0, col: 3 });
    expect(move(2, 3, 'Tab')).toBeNull();
    expect(move(0, 0, 'Shift+Tab')).toBeNull();
  });
  it('Enter goes down the column, Shift+Enter up; Home/End and Ctrl+Home/End jump', () => {
    expect(move(0, 2, 'Enter')).toEqual({ row: 1, col: 2 });
    expect(move(1, 2, 'Shift+Enter')).toEqual({ row: 0, col: 2 });
    expect(move(1, 2, 'Home')).toEqual({ row: 1, col: 0 });
    expect(move(1, 0, 'End')).toEqual({ row: 1, col: 3 });
    expect(move(1, 2, 'Ctrl+Home')).toEqual({ row: 0, col: 0 });
    expect(move(0, 0, 'Ctrl+End')).toEqual({ row: 2, col: 3 });
  });
  it('maps keyboard events to grid keys and leaves the rest to the browser', () => {
    const ev = (key: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
      key,
      shiftKey: false,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      ...mods,
    });
    expect(gridKeyOf(ev('Tab', { shiftKey: true }))).toBe('Shift+Tab');
    expect(gridKeyOf(ev('Home', { metaKey: true }))).toBe('Ctrl+Home');
    expect(gridKeyOf(ev('z', { ctrlKey: true }))).toBeNull();
    expect(gridKeyOf(ev('ArrowLeft', { altKey: true }))).toBeNull();
    expect(gridKeyOf(ev('7'))).toBeNull();
  });
});

describe('parseScore', () => {
  const scale = { min: 0, max: 10 };
  it('reads numbers on the scale, a decimal comma and full-width digits; empty clears', () => {
    expect(parseScore('7', scale)).toEqual({ ok: true, value: 7 });
    expect(parseScore(' 7,5 ', scale)).toEqual({ ok: true, value: 7.5 });
    expect(parseScore('１０', scale)).toEqual({ ok: true, value: 10 });
    expect(parseScore('', scale)).toEqual({ ok: true, value: null });
  });
  it('refuses text and values off the scale', () => {
    expect(parseScore('11', scale)).toEqual({ ok: false, reason: 'out-of-scale' });
    expect(parseScore('-1', scale)).toEqual({ ok: false, reason: 'out-of-scale' });
    expect(parseScore('7a', scale)).toEqual({ ok: false, reason: 'not-a-number' });
    expect(parseScore('1e1', scale)).toEqual({ ok: false, reason: 'not-a-number' });
  });
});

describe('score edits', () => {
  it('sets a score keeping the rationale, clears it, and refuses values off the scale', () => {
    const withWhy = setRationale(doc, p.id, c.id, k.id, 'measured');
    const set = setScore(withWhy, p.id, c.id, k.id, 4);
    expect(scoreOf(set, p.id, c.id, k.id)).toMatchObject({ value: 4, rationale: 'measured' });
    expect(setScore(set, p.id, c.id, k.id, 4)).toBe(set);
    expect(setScore(set, p.id, c.id, k.id, 11)).toBe(set);
    const cleared = setScore(set, p.id, c.id, k.id, null);
    expect(scoreOf(cleared, p.id, c.id, k.id)).toMatchObject({ value: null, rationale: 'measured' });
    expect(cleared.scores.length).toBe(doc.scores.length);
  });
  it('a cleared cell without rationale leaves the document; a new cell is appended', () => {
    const cleared = setScore(doc, p.id, c.id, k.id, null);
    expect(cleared.scores.length).toBe(doc.scores.length - 1);
    expect(scoreOf(cleared, p.id, c.id, k.id)).toBeNull();
    const back = setScore(cleared, p.id, c.id, k.id, 9);
    expect(scoreOf(back, p.id, c.id, k.id)?.value).toBe(9);
    expect(participantProgress(cleared, p.id)).toEqual({
      scored: doc.criteria.length * doc.candidates.length - 1,
      cells: doc.criteria.length * doc.candidates.length,
    });
    const all = scoringProgress(cleared);
    expect([...all.keys()]).toEqual(doc.participants.map((x) => x.id));
    expect(all.get(doc.participants[1].id)).toEqual({ scored: 27, cells: 27 });
  });
  it('edits the entry that counts when a cell appears twice', () => {
    const dup = { ...doc, scores: [...doc.scores, { participantId: p.id, candidateId: c.id, criterionId: k.id, value: 1, rationale: '' }] };
    const next = setScore(dup, p.id, c.id, k.id, 2);
    expect(scoreOf(next, p.id, c.id, k.id)?.value).toBe(2);
    expect(next.scores.length).toBe(dup.scores.length);
  });
});
