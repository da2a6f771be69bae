import type { Ballot, BallotResponse } from '../../shared/contract/session';

/** The participant page's model, apart from the DOM: typed text → ballot, progress, hints. */

export interface CellInput {
  value: string;
  rationale: string;
}
export interface PageState {
  cells: Record<string, CellInput>;
  /** "a|b" → judgment that a is `value` times as important as b (absent: not answered or skipped). */
  pairs: Record<string, number>;
  /** Cells whose score the participant emptied on purpose (sent as `cleared`: the score is removed). */
  cleared?: Record<string, true>;
  /** Focus-point scores as typed (a dimension scored at its focus points), by `leafKey`. */
  leaves?: Record<string, string>;
  /** Focus points whose score the participant emptied on purpose (sent as `clearedLeaves`). */
  clearedLeaves?: Record<string, true>;
  /** Focus points' rationales as typed, by `leafKey`. */
  leafWhy?: Record<string, string>;
  /**
   * Focus points whose rationale is sent with their score: it came filled (a re-vote from previous
   * answers, a draft) or was typed in. Any other, left blank, is not sent: a blank field never
   * removes a rationale the participant was not shown.
   */
  leafWhySent?: Record<string, true>;
}

export const cellKey = (candidateId: string, criterionId: string) => `${candidateId}|${criterionId}`;
export const leafKey = (candidateId: string, criterionId: string, leafId: string) => `${candidateId}|${criterionId}|${leafId}`;

/** One answer the round asks: a cell's score, or one focus point's score of a cell (a dimension scored at its focus points). */
export interface Answer {
  candidateId: string;
  criterionId: string;
  leafId?: string;
}

const FULL_WIDTH = /[０-９．，－]/g;
/** Typed text → a score on the scale; `null` for empty; `undefined` when it is not a valid score. */
export function parseValue(text: string, scale: { min: number; max: number }): number | null | undefined {
  const t = text
    .replace(FULL_WIDTH, (ch) => (ch === '．' ? '.' : ch === '，' ? ',' : ch === '－' ? '-' : String.fromCharCode(ch.charCodeAt(0) - 0xfee0)))
    .trim()
    .replace(',', '.');
  if (t === '') return null;
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(t)) return undefined;
  const v = Number(t);
  return v >= scale.min && v <= scale.max ? v : undefined;
}

type RoundCells = Pick<BallotResponse, 'criteria' | 'candidates' | 'scale' | 'cells'>;

/** Whether the round asks this cell (a re-vote may ask only some). */
export function isAsked(round: Pick<BallotResponse, 'cells'>, candidateId: string, criterionId: string): boolean {
  return !round.cells || round.cells.some((c) => c.candidateId === candidateId && c.criterionId === criterionId);
}

/** The cells the round asks, in page order (criteria down, candidates across). */
export function askedCells(round: RoundCells): { candidateId: string; criterionId: string }[] {
  return round.criteria.flatMap((k) => round.candidates.filter((c) => isAsked(round, c.id, k.id)).map((c) => ({ candidateId: c.id, criterionId: k.id })));
}

/** Every answer the round asks, in page order: a cell, or each focus point of a cell of a dimension scored at its focus points. */
export function askedAnswers(round: RoundCells): Answer[] {
  return askedCells(round).flatMap((c) => {
    const leaves = round.criteria.find((k) => k.id === c.criterionId)?.leaves;
    return leaves ? leaves.map((l) => ({ ...c, leafId: l.id })) : [c];
  });
}

/** The typed text of an answer (a cell's score or a focus point's). */
const typed = (state: PageState, a: Answer): string =>
  (a.leafId ? state.leaves?.[leafKey(a.candidateId, a.criterionId, a.leafId)] : state.cells[cellKey(a.candidateId, a.criterionId)]?.value) ?? '';

/** The group's previous median and spread of a cell, when the round shows them. */
export function previousOf(round: Pick<BallotResponse, 'previous'>, candidateId: string, criterionId: string): { median: number; spread: number } | null {
  const p = round.previous?.find((c) => c.candidateId === candidateId && c.criterionId === criterionId);
  return p && Number.isFinite(p.median) && Number.isFinite(p.spread) ? { median: p.median, spread: p.spread } : null;
}

/** Where the page starts: the server's draft or submission, else this participant's previous answers (a re-vote), else empty. */
export function startingBallot(round: Pick<BallotResponse, 'draft' | 'submitted' | 'start' | 'startLeaves'>): Ballot | null {
  return (
    round.draft ?? round.submitted ?? (round.start ? { cells: round.start, cleared: [], leafCells: round.startLeaves ?? [], clearedLeaves: [], ahp: [] } : null)
  );
}

/** The page's state from a ballot (server draft, submission, or nothing). */
export function stateOf(ballot: Ballot | null): PageState {
  const cells: Record<string, CellInput> = {};
  const pairs: Record<string, number> = {};
  for (const c of ballot?.cells ?? [])
    cells[cellKey(c.candidateId, c.criterionId)] = { value: c.value === null ? '' : String(c.value), rationale: c.rationale };
  for (const p of ballot?.ahp ?? []) pairs[`${p.a}|${p.b}`] = p.value;
  const cleared: Record<string, true> = {};
  for (const c of ballot?.cleared ?? []) {
    const key = cellKey(c.candidateId, c.criterionId);
    cleared[key] = true;
    cells[key] ??= { value: '', rationale: '' };
  }
  const leaves: Record<string, string> = {};
  const leafWhy: Record<string, string> = {};
  const leafWhySent: Record<string, true> = {};
  for (const c of ballot?.leafCells ?? []) {
    const key = leafKey(c.candidateId, c.criterionId, c.leafId);
    leaves[key] = String(c.value);
    if (c.rationale !== undefined) {
      leafWhy[key] = c.rationale;
      leafWhySent[key] = true;
    }
  }
  const clearedLeaves: Record<string, true> = {};
  for (const c of ballot?.clearedLeaves ?? []) {
    const key = leafKey(c.candidateId, c.criterionId, c.leafId);
    clearedLeaves[key] = true;
    leaves[key] ??= '';
  }
  return { cells, pairs, cleared, leaves, clearedLeaves, leafWhy, leafWhySent };
}

/** The participant typed in a focus point's rationale field: from now on it is sent with the score. */
export function editLeafWhy(state: PageState, key: string, text: string): void {
  (state.leafWhy ??= {})[key] = text;
  (state.leafWhySent ??= {})[key] = true;
}

/** The participant typed in a focus point's score field: emptying it is clearing that score on purpose. */
export function editLeaf(state: PageState, key: string, text: string): void {
  (state.leaves ??= {})[key] = text;
  const cleared = (state.clearedLeaves ??= {});
  if (text.trim() === '') cleared[key] = true;
  else delete cleared[key];
}

/** The participant typed in a score field: emptying a field is clearing that score on purpose. */
export function editValue(state: PageState, key: string, text: string): void {
  state.cells[key] = { value: text, rationale: state.cells[key]?.rationale ?? '' };
  const cleared = (state.cleared ??= {});
  if (text.trim() === '') cleared[key] = true;
  else delete cleared[key];
}

/** The ballot to send (invalid cells are left out, see `invalidCells`). */
export function ballotOf(round: RoundCells, state: PageState): Ballot {
  const cells: Ballot['cells'] = [];
  const cleared: Ballot['cleared'] = [];
  const leafCells: Ballot['leafCells'] = [];
  const clearedLeaves: Ballot['clearedLeaves'] = [];
  for (const k of round.criteria)
    for (const c of round.candidates) {
      if (!isAsked(round, c.id, k.id)) continue;
      if (k.leaves) {
        // A dimension scored at its focus points: one answer per focus point, never the dimension's score.
        for (const l of k.leaves) {
          const key = leafKey(c.id, k.id, l.id);
          const value = parseValue(state.leaves?.[key] ?? '', round.scale);
          const rationale = state.leafWhySent?.[key] ? { rationale: (state.leafWhy?.[key] ?? '').slice(0, 1000) } : {};
          if (typeof value === 'number') leafCells.push({ candidateId: c.id, criterionId: k.id, leafId: l.id, value, ...rationale });
          else if (value === null && state.clearedLeaves?.[key]) clearedLeaves.push({ candidateId: c.id, criterionId: k.id, leafId: l.id });
        }
        continue;
      }
      const key = cellKey(c.id, k.id);
      const input = state.cells[key];
      if (!input) continue;
      const value = parseValue(input.value, round.scale);
      if (value === null && state.cleared?.[key]) cleared.push({ candidateId: c.id, criterionId: k.id });
      const rationale = input.rationale.slice(0, 1000);
      if ((value === null || value === undefined) && rationale === '') continue;
      cells.push({ candidateId: c.id, criterionId: k.id, value: value ?? null, rationale });
    }
  const ahp = Object.entries(state.pairs).map(([key, value]) => {
    const [a, b] = key.split('|');
    return { a, b, value };
  });
  return { cells, cleared, leafCells, clearedLeaves, ahp };
}

export function invalidCells(round: Pick<BallotResponse, 'scale'>, state: PageState): string[] {
  return [
    ...Object.entries(state.cells)
      .filter(([, c]) => parseValue(c.value, round.scale) === undefined)
      .map(([k]) => k),
    ...Object.entries(state.leaves ?? {})
      .filter(([, v]) => parseValue(v, round.scale) === undefined)
      .map(([k]) => k),
  ];
}

/** Answers scored of all answers asked (a focus point counts as one); in a pairwise-only round (no candidates), pairs answered of all pairs. */
export function progress(round: RoundCells, state: PageState): { done: number; total: number } {
  if (round.candidates.length === 0) {
    const ids = new Set(round.criteria.map((c) => c.id));
    const n = ids.size;
    const done = Object.keys(state.pairs).filter((key) => key.split('|').every((id) => ids.has(id))).length;
    return { done, total: (n * (n - 1)) / 2 };
  }
  const asked = askedAnswers(round);
  const done = asked.filter((a) => typeof parseValue(typed(state, a), round.scale) === 'number').length;
  return { done, total: asked.length };
}

/** The answers without a score (cells, or focus points of cells), in page order (criteria down, candidates across). */
export function missingCells(round: RoundCells, state: PageState): Answer[] {
  return askedAnswers(round).filter((a) => typeof parseValue(typed(state, a), round.scale) !== 'number');
}

/** Same answers? (Order-insensitive: drafts and submissions are compared to show "changed".) */
export function sameBallot(a: Ballot | null, b: Ballot | null): boolean {
  const norm = (x: Ballot | null) =>
    JSON.stringify([
      (x?.cells ?? []).map((c) => `${c.candidateId}|${c.criterionId}|${c.value}|${c.rationale}`).sort(),
      (x?.ahp ?? []).map((p) => `${p.a}|${p.b}|${p.value}`).sort(),
      (x?.cleared ?? []).map((c) => `${c.candidateId}|${c.criterionId}`).sort(),
      (x?.leafCells ?? []).map((c) => `${leafKey(c.candidateId, c.criterionId, c.leafId)}|${c.value}|${c.rationale ?? '\u0000'}`).sort(),
      (x?.clearedLeaves ?? []).map((c) => leafKey(c.candidateId, c.criterionId, c.leafId)).sort(),
    ]);
  return norm(a) === norm(b);
}

/**
 * A consistency hint for pairwise judgments: the first intransitive triple among the answered
 * pairs (a over b, b over c, yet c over a), or null.
 */
export function intransitiveTriple(ids: string[], pairs: Record<string, number>): [string, string, string] | null {
  const over = (x: string, y: string): boolean => {
    const v = pairs[`${x}|${y}`] ?? (pairs[`${y}|${x}`] !== undefined ? 1 / pairs[`${y}|${x}`] : undefined);
    return v !== undefined && v > 1 + 1e-9;
  };
  for (const a of ids) for (const b of ids) for (const c of ids) if (a !== b && b !== c && a !== c && over(a, b) && over(b, c) && over(c, a)) return [a, b, c];
  return null;
}
