import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../create';
import { WorkshopDocSchema } from '../schema';
import { scoreOf, setRationale, setScore } from './score-grid';
import { applyPaste, gridToTsv, isBlock, parseTsv, planPaste } from './score-paste';

// The sample's own scores removed: every cell starts empty.
const doc = { ...createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1'), scores: [] };
const [p] = doc.participants;
const rowIds = doc.criteria.map((c) => c.id);
const colIds = doc.candidates.map((c) => c.id);
const size = { rows: rowIds.length, cols: colIds.length };
const scale = doc.scale;

describe('parseTsv', () => {
  it('splits rows at any line break and cells at tabs; the final line break is no row', () => {
    expect(parseTsv('1\t2\r\n3\t4\r\n')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseTsv('1\t\t3\n')).toEqual([['1', '', '3']]);
    expect(parseTsv('a\rb')).toEqual([['a'], ['b']]);
  });
  it('undoes spreadsheet quoting and trims cells', () => {
    expect(parseTsv('" 7,5 "\t"say ""hi"""')).toEqual([['7,5', 'say "hi"']]);
  });
  it('tells a block from one value', () => {
    expect(isBlock('7.5')).toBe(false);
    expect(isBlock('7.5\n')).toBe(false);
    expect(isBlock('7.5\t8')).toBe(true);
    expect(isBlock('7.5\n8')).toBe(true);
  });
});

describe('planPaste', () => {
  it('reads decimal points, decimal commas (zh/en spreadsheets alike) and full-width digits', () => {
    const plan = planPaste('7.5\t7,5\t８', { row: 0, col: 0 }, size, scale);
    expect(plan.cells.map((c) => [c.status, c.value])).toEqual([
      ['fill', 7.5],
      ['fill', 7.5],
      ['fill', 8],
    ]);
    expect(plan).toMatchObject({ rows: 1, cols: 3, fill: 3, empty: 0, refused: 0 });
  });
  it('places the block at the focused cell and refuses what is off the scale, not a number or beyond the grid', () => {
    const at = { row: size.rows - 2, col: size.cols - 2 };
    const plan = planPaste('4\t11\t5\nabc\t\t6\n7\t8\n', at, size, scale);
    expect(plan.cells.map((c) => `${c.row},${c.col}:${c.status}`)).toEqual([
      `${at.row},${at.col}:fill`,
      `${at.row},${at.col + 1}:out-of-scale`,
      `${at.row},${at.col + 2}:beyond-grid`,
      `${at.row + 1},${at.col}:not-a-number`,
      `${at.row + 1},${at.col + 1}:empty`,
      `${at.row + 1},${at.col + 2}:beyond-grid`,
      `${at.row + 2},${at.col}:beyond-grid`,
      `${at.row + 2},${at.col + 1}:beyond-grid`,
    ]);
    expect(plan).toMatchObject({ rows: 3, cols: 3, fill: 1, empty: 1, refused: 6 });
    expect(planPaste('-1', { row: 0, col: 0 }, size, scale).cells[0].status).toBe('out-of-scale');
  });
});

describe('applyPaste', () => {
  it('fills the planned cells in one document, keeps rationales and leaves empty and refused cells as they were', () => {
    let start = setScore(doc, p.id, colIds[1], rowIds[0], 3);
    start = setScore(start, p.id, colIds[0], rowIds[1], 9);
    start = setRationale(start, p.id, colIds[0], rowIds[0], 'from the pilot');
    const plan = planPaste('6,5\t\n\tx', { row: 0, col: 0 }, size, scale);
    const next = applyPaste(start, p.id, rowIds, colIds, plan);
    expect(scoreOf(next, p.id, colIds[0], rowIds[0])).toMatchObject({ value: 6.5, rationale: 'from the pilot' });
    expect(scoreOf(next, p.id, colIds[1], rowIds[0])?.value).toBe(3); // empty cell: unchanged
    expect(scoreOf(next, p.id, colIds[0], rowIds[1])?.value).toBe(9); // empty cell: unchanged
    expect(scoreOf(next, p.id, colIds[1], rowIds[1])).toBeNull(); // "x" refused
    expect(WorkshopDocSchema.safeParse(next).success).toBe(true);
  });
  it('returns the same document when nothing is filled', () => {
    expect(applyPaste(doc, p.id, rowIds, colIds, planPaste('x\t11', { row: 0, col: 0 }, size, scale))).toBe(doc);
  });
});

describe('gridToTsv', () => {
  it('writes rows of tab-separated scores that paste back to the same scores', () => {
    const tsv = gridToTsv([
      [7.5, null, 3],
      [0, 10, null],
    ]);
    expect(tsv).toBe('7.5\t\t3\n0\t10\t\n');
    const plan = planPaste(tsv, { row: 0, col: 0 }, size, scale);
    const back = applyPaste(doc, p.id, rowIds, colIds, plan);
    expect([0, 1, 2].map((c) => scoreOf(back, p.id, colIds[c], rowIds[0])?.value ?? null)).toEqual([7.5, null, 3]);
    expect([0, 1, 2].map((c) => scoreOf(back, p.id, colIds[c], rowIds[1])?.value ?? null)).toEqual([0, 10, null]);
  });
});
