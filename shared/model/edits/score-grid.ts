import type { WorkshopDoc } from '../schema';

/**
 * The scoring grid of the evaluation room: rows are criteria, columns are candidates
 * (one participant at a time). Keyboard movement, score parsing and the document edits
 * of a cell live here, apart from React.
 */

export interface GridPos {
  row: number;
  col: number;
}

export type GridKey =
  'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Tab' | 'Shift+Tab' | 'Enter' | 'Shift+Enter' | 'Home' | 'End' | 'Ctrl+Home' | 'Ctrl+End';

/**
 * Where a key moves the focus: arrows by one cell (stopping at the edges), Tab / Shift+Tab
 * across then to the next / previous row like a spreadsheet, Enter / Shift+Enter down / up
 * the column, Home / End to the row's ends, Ctrl+Home / Ctrl+End to the grid's corners.
 * `null` means the key leaves the grid (Tab past the last cell, Shift+Tab before the first)
 * so the browser's own focus order takes over.
 */
export function moveInGrid(pos: GridPos, key: GridKey, rows: number, cols: number): GridPos | null {
  if (rows <= 0 || cols <= 0) return null;
  const { row, col } = pos;
  const clampRow = (r: number) => Math.max(0, Math.min(rows - 1, r));
  const clampCol = (c: number) => Math.max(0, Math.min(cols - 1, c));
  switch (key) {
    case 'ArrowUp':
    case 'Shift+Enter':
      return { row: clampRow(row - 1), col };
    case 'ArrowDown':
    case 'Enter':
      return { row: clampRow(row + 1), col };
    case 'ArrowLeft':
      return { row, col: clampCol(col - 1) };
    case 'ArrowRight':
      return { row, col: clampCol(col + 1) };
    case 'Home':
      return { row, col: 0 };
    case 'End':
      return { row, col: cols - 1 };
    case 'Ctrl+Home':
      return { row: 0, col: 0 };
    case 'Ctrl+End':
      return { row: rows - 1, col: cols - 1 };
    case 'Tab': {
      const i = row * cols + col + 1;
      return i >= rows * cols ? null : { row: Math.floor(i / cols), col: i % cols };
    }
    case 'Shift+Tab': {
      const i = row * cols + col - 1;
      return i < 0 ? null : { row: Math.floor(i / cols), col: i % cols };
    }
  }
}

/** A keyboard event's key in grid terms, or `null` when the grid does not handle it. */
export function gridKeyOf(e: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): GridKey | null {
  if (e.altKey) return null;
  const mod = e.ctrlKey || e.metaKey;
  switch (e.key) {
    case 'ArrowUp':
    case 'ArrowDown':
    case 'ArrowLeft':
    case 'ArrowRight':
      return mod ? null : e.key;
    case 'Tab':
      return mod ? null : e.shiftKey ? 'Shift+Tab' : 'Tab';
    case 'Enter':
      return mod ? null : e.shiftKey ? 'Shift+Enter' : 'Enter';
    case 'Home':
      return mod ? 'Ctrl+Home' : 'Home';
    case 'End':
      return mod ? 'Ctrl+End' : 'End';
    default:
      return null;
  }
}

export type ParsedScore = { ok: true; value: number | null } | { ok: false; reason: 'not-a-number' | 'out-of-scale' };

const FULL_WIDTH = /[０-９．，－]/g;

/** Full-width digits, point, comma and minus (typed with a Chinese input method on) as their ASCII forms. */
export function asciiDigits(text: string): string {
  return text.replace(FULL_WIDTH, (ch) => (ch === '．' ? '.' : ch === '，' ? ',' : ch === '－' ? '-' : String.fromCharCode(ch.charCodeAt(0) - 0xfee0)));
}

/**
 * Typed text → a score on the workshop's scale. Empty clears the cell. Accepts a decimal
 * comma and full-width digits (typed with a Chinese input method on).
 */
export function parseScore(text: string, scale: { min: number; max: number }): ParsedScore {
  const t = asciiDigits(text).trim().replace(',', '.');
  if (t === '') return { ok: true, value: null };
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(t)) return { ok: false, reason: 'not-a-number' };
  const value = Number(t);
  if (value < scale.min || value > scale.max) return { ok: false, reason: 'out-of-scale' };
  return { ok: true, value };
}

/** Index of the score entry of a cell (the last one, which is the one that counts), or −1. */
function cellIndex(doc: WorkshopDoc, participantId: string, candidateId: string, criterionId: string): number {
  for (let i = doc.scores.length - 1; i >= 0; i--) {
    const s = doc.scores[i];
    if (s.participantId === participantId && s.candidateId === candidateId && s.criterionId === criterionId) return i;
  }
  return -1;
}

/** The score entry of a cell, if any. */
export function scoreOf(doc: WorkshopDoc, participantId: string, candidateId: string, criterionId: string) {
  const i = cellIndex(doc, participantId, candidateId, criterionId);
  return i < 0 ? null : doc.scores[i];
}

/**
 * Sets (or clears, with `null`) one participant's score of a candidate on a criterion,
 * keeping its rationale. A cleared cell without a rationale leaves the document. Values
 * outside the scale are refused (the same document comes back).
 */
export function setScore(doc: WorkshopDoc, participantId: string, candidateId: string, criterionId: string, value: number | null): WorkshopDoc {
  if (value !== null && (!Number.isFinite(value) || value < doc.scale.min || value > doc.scale.max)) return doc;
  const i = cellIndex(doc, participantId, candidateId, criterionId);
  if (i < 0) {
    if (value === null) return doc;
    return { ...doc, scores: [...doc.scores, { participantId, candidateId, criterionId, value, rationale: '' }] };
  }
  const current = doc.scores[i];
  if (current.value === value) return doc;
  const scores = doc.scores.slice();
  if (value === null && current.rationale === '') scores.splice(i, 1);
  else scores[i] = { ...current, value };
  return { ...doc, scores };
}

/** Sets the short rationale of a cell (kept even when the cell has no score yet). */
export function setRationale(doc: WorkshopDoc, participantId: string, candidateId: string, criterionId: string, text: string): WorkshopDoc {
  const rationale = text.slice(0, 10_000);
  const i = cellIndex(doc, participantId, candidateId, criterionId);
  if (i < 0) {
    if (rationale === '') return doc;
    return { ...doc, scores: [...doc.scores, { participantId, candidateId, criterionId, value: null, rationale }] };
  }
  const current = doc.scores[i];
  if (current.rationale === rationale) return doc;
  const scores = doc.scores.slice();
  if (rationale === '' && current.value === null) scores.splice(i, 1);
  else scores[i] = { ...current, rationale };
  return { ...doc, scores };
}

/** How many of a participant's cells hold a score. */
export function participantProgress(doc: WorkshopDoc, participantId: string): { scored: number; cells: number } {
  return scoringProgress(doc).get(participantId) ?? { scored: 0, cells: doc.candidates.length * doc.criteria.length };
}

/** Every participant's progress in one pass over the scores (the later entry of a cell counts). */
export function scoringProgress(doc: WorkshopDoc): Map<string, { scored: number; cells: number }> {
  const candidates = new Set(doc.candidates.map((c) => c.id));
  const criteria = new Set(doc.criteria.map((c) => c.id));
  const cells = candidates.size * criteria.size;
  const last = new Map<string, boolean>();
  for (const s of doc.scores) {
    if (!candidates.has(s.candidateId) || !criteria.has(s.criterionId)) continue;
    last.set(`${s.participantId}|${s.candidateId}|${s.criterionId}`, s.value !== null);
  }
  const out = new Map(doc.participants.map((p) => [p.id, { scored: 0, cells }]));
  for (const [key, filled] of last) {
    if (!filled) continue;
    const entry = out.get(key.slice(0, key.indexOf('|')));
    if (entry) entry.scored++;
  }
  return out;
}
