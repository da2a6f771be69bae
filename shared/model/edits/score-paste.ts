import type { WorkshopDoc } from '../schema';
import { parseScore, setScore, type GridPos } from './score-grid';

/**
 * Scores in and out of a spreadsheet: a block copied from Excel, WPS or LibreOffice is text
 * with a tab between cells and a line break between rows. Pasted at a cell of the scoring
 * grid, it is first planned (what each cell of the block will do, shown as a preview), then
 * applied as one edit (one undo step). The grid copies itself out in the same form.
 */

/** What one cell of a pasted block does: fills its grid cell, is empty (the score stays as it is), or is refused and why. */
export type PasteStatus = 'fill' | 'empty' | 'not-a-number' | 'out-of-scale' | 'beyond-grid';

export interface PasteCell {
  /** Position in the grid (may lie outside it: `beyond-grid`). */
  row: number;
  col: number;
  /** The cell's text as pasted (trimmed). */
  text: string;
  status: PasteStatus;
  /** The score it sets (`fill` only). */
  value: number | null;
}

export interface PastePlan {
  /** Every cell of the block, row by row. */
  cells: PasteCell[];
  /** The block's size. */
  rows: number;
  cols: number;
  fill: number;
  empty: number;
  /** Cells refused: not a number, off the scale, or beyond the grid's last row or column. */
  refused: number;
}

/** The blocks people paste are small; anything bigger is cut here (the grid is never this large). */
const MAX_BLOCK_CELLS = 10_000;

/**
 * Tab-separated text → rows of cells. Line breaks of any platform; the final line break a
 * spreadsheet adds is not a row. Spreadsheet quoting ("a""b") is undone for quoted cells.
 */
export function parseTsv(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const unquote = (c: string) => {
    const t = c.trim();
    return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/""/g, '"').trim() : t;
  };
  return lines.map((line) => line.split('\t').map(unquote));
}

/** Whether pasted text is a block of cells (more than one cell) rather than one value typed into one cell. */
export function isBlock(text: string): boolean {
  return /[\t\n\r]/.test(text.replace(/(\r?\n|\r)$/, ''));
}

/**
 * What pasting `text` with its top-left cell at `at` does to a grid of `rows` × `cols`:
 * decimal commas ("7,5") and points ("7.5") and full-width digits are read; empty cells leave
 * the score as it is; text, values off the workshop's scale and cells beyond the grid are refused.
 */
export function planPaste(text: string, at: GridPos, size: { rows: number; cols: number }, scale: { min: number; max: number }): PastePlan {
  const block = parseTsv(text);
  const cells: PasteCell[] = [];
  let fill = 0;
  let empty = 0;
  let refused = 0;
  let cols = 0;
  for (let r = 0; r < block.length; r++) {
    cols = Math.max(cols, block[r].length);
    for (let c = 0; c < block[r].length; c++) {
      if (cells.length >= MAX_BLOCK_CELLS) break;
      const text = block[r][c];
      const row = at.row + r;
      const col = at.col + c;
      let status: PasteStatus;
      let value: number | null = null;
      if (text === '') status = 'empty';
      else if (row >= size.rows || col >= size.cols) status = 'beyond-grid';
      else {
        const parsed = parseScore(text, scale);
        if (parsed.ok) {
          status = 'fill';
          value = parsed.value;
        } else status = parsed.reason;
      }
      if (status === 'fill') fill++;
      else if (status === 'empty') empty++;
      else refused++;
      cells.push({ row, col, text, status, value });
    }
  }
  return { cells, rows: block.length, cols, fill, empty, refused };
}

/**
 * Applies a plan's `fill` cells to one participant's scores (rationales kept): `rowIds` are the
 * grid's criteria and `colIds` its candidates, in grid order. One document out, so one undo step.
 */
export function applyPaste(doc: WorkshopDoc, participantId: string, rowIds: readonly string[], colIds: readonly string[], plan: PastePlan): WorkshopDoc {
  let next = doc;
  for (const cell of plan.cells) {
    if (cell.status !== 'fill') continue;
    const criterionId = rowIds[cell.row];
    const candidateId = colIds[cell.col];
    if (criterionId === undefined || candidateId === undefined) continue;
    next = setScore(next, participantId, candidateId, criterionId, cell.value);
  }
  return next;
}

/**
 * The grid as tab-separated text (rows = criteria, columns = candidates, in grid order), the
 * form a spreadsheet pastes and `planPaste` reads back. Scores are written with a decimal point
 * (as both zh-CN and en spreadsheets read them); an empty cell stays empty.
 */
export function gridToTsv(values: readonly (readonly (number | null)[])[]): string {
  return values.map((row) => row.map((v) => (v === null ? '' : String(v))).join('\t')).join('\n') + '\n';
}
