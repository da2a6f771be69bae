import { useMemo, useState, type ClipboardEvent, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName, type WorkshopDoc } from '../../../shared/model';
import { scoringGridView } from '../../../shared/model/blind';
import { gridKeyOf, moveInGrid, parseScore, type GridPos } from '../../../shared/model/edits/score-grid';
import { ratedCells, setScoreDetached } from '../../../shared/model/edits/ratings-edit';
import { isBlock, planPaste, type PastePlan } from '../../../shared/model/edits/score-paste';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { useRoom } from '../../store/room';

/**
 * What one participant's scoring grid keeps between renders, shared by its pieces: the (blind)
 * view, the focused cell, a typed value off the scale, a rated cell asking to be detached, a
 * planned paste and the cells the last paste filled, with the names and lookups they all use.
 */
export function useGridState(doc: WorkshopDoc, participantId: string, tableRef: RefObject<HTMLTableElement | null>) {
  const lang = currentLang();
  const blind = useRoom((s) => s.blind);
  const view = useMemo(() => scoringGridView(doc, participantId, blind), [doc, participantId, blind]);
  const [focus, setFocus] = useState<GridPos>({ row: 0, col: 0 });
  // Which focus point of the focused row has the focus (its index), or null: the row's own cell.
  const [focusLeaf, setFocusLeaf] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ pos: GridPos; reason: 'not-a-number' | 'out-of-scale' } | null>(null);
  // Cells whose score came from pairwise comparisons (RatingsPanel); typing another score there asks first.
  const rated = useMemo(() => (blind ? new Set<string>() : ratedCells(doc, participantId)), [doc, participantId, blind]);
  const [detaching, setDetaching] = useState<{ pos: GridPos; value: number; old: string } | null>(null);
  const [paste, setPaste] = useState<PastePlan | null>(null);
  const [copied, setCopied] = useState<'copied' | 'copyFailed' | null>(null);
  // The cells the last paste filled ("row|col"), marked until the next edit or undo: the document
  // the paste made is remembered on the first render after it, and any other document clears the marks.
  const [pasted, setPasted] = useState<{ cells: ReadonlySet<string>; doc: WorkshopDoc | null } | null>(null);
  if (pasted && pasted.doc === null) setPasted({ cells: pasted.cells, doc });
  else if (pasted && pasted.doc !== null && pasted.doc !== doc) setPasted(null);

  const criterionName = (r: number) => displayName(doc.criteria[r], lang, 'criterion', r);
  const candidateName = (c: number) => displayName(doc.candidates[c], lang, 'candidate', c);
  const inputAt = (pos: GridPos) => tableRef.current?.querySelector<HTMLInputElement>(`input[data-row="${pos.row}"][data-col="${pos.col}"]`) ?? null;
  /** Blind: a cell whose score (or rationale) is hidden is read-only until the reveal, so nothing changes unseen. */
  const hiddenAt = (pos: GridPos) => {
    const v = view.cells[pos.row]?.[pos.col];
    return v !== undefined && !v.revealed && (v.filled || v.hasRationale);
  };
  const rows = view.rows.length;
  const cols = view.cols.length;
  return {
    doc,
    participantId,
    blind,
    view,
    rows,
    cols,
    rated,
    focus,
    setFocus,
    focusLeaf,
    setFocusLeaf,
    problem,
    setProblem,
    detaching,
    setDetaching,
    paste,
    setPaste,
    copied,
    setCopied,
    pasted,
    setPasted,
    criterionName,
    candidateName,
    inputAt,
    hiddenAt,
  };
}

export type GridState = ReturnType<typeof useGridState>;

/** R (no modifier) in a score cell goes to its rationale. */
export const isRationaleKey = (e: KeyboardEvent<HTMLInputElement>): boolean => (e.key === 'r' || e.key === 'R') && !e.ctrlKey && !e.metaKey && !e.altKey;

/**
 * The grid's spreadsheet keys and paste: commit a typed score, move with Tab / Enter / arrows /
 * Home / End, Delete clears, R goes to the rationale, Esc undoes the typing; a pasted block is planned.
 */
export function useGridKeyboard(g: GridState, rationaleRef: RefObject<HTMLTextAreaElement | null>) {
  const { t } = useTranslation();
  const edit = useWorkshop((s) => s.edit);
  const { doc, participantId, view, rows, cols, rated, blind, hiddenAt, setProblem } = g;

  /** Commits what was typed in a cell; false (and a message) when it is not a score on the scale. */
  const commit = (input: HTMLInputElement, pos: GridPos): boolean => {
    if (input.value === input.defaultValue || hiddenAt(pos)) return true;
    const parsed = parseScore(input.value, doc.scale);
    if (!parsed.ok) {
      setProblem({ pos, reason: parsed.reason });
      return false;
    }
    setProblem(null);
    if (parsed.value !== null && rated.has(`${view.cols[pos.col]}|${view.rows[pos.row]}`)) {
      g.setDetaching({ pos, value: parsed.value, old: input.defaultValue });
      return false;
    }
    edit(t('room.undo.score'), (d) => setScoreDetached(d, participantId, view.cols[pos.col], view.rows[pos.row], parsed.value));
    // Blind: what was typed disappears once entered.
    if (blind) input.value = '';
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>, pos: GridPos) => {
    const input = e.currentTarget;
    if (e.key === 'Escape') {
      input.value = input.defaultValue;
      setProblem(null);
      return;
    }
    if (e.key === 'Delete' && input.value === '' && !hiddenAt(pos)) {
      e.preventDefault();
      setProblem(null);
      edit(t('room.undo.clearScore'), (d) => setScoreDetached(d, participantId, view.cols[pos.col], view.rows[pos.row], null));
      return;
    }
    if (isRationaleKey(e)) {
      e.preventDefault();
      if (commit(input, pos)) rationaleRef.current?.focus();
      return;
    }
    const key = gridKeyOf(e);
    if (!key) return;
    if (!commit(input, pos)) {
      e.preventDefault();
      return;
    }
    const next = moveInGrid(pos, key, rows, cols);
    if (!next) return; // Tab past the last cell: leave the grid the browser's way
    e.preventDefault();
    g.inputAt(next)?.focus();
  };

  /** A block from a spreadsheet (tabs / line breaks): planned and previewed; one value is typed into the cell as usual. */
  const onPaste = (e: ClipboardEvent<HTMLInputElement>, pos: GridPos) => {
    const text = e.clipboardData.getData('text/plain');
    if (!isBlock(text)) return;
    e.preventDefault();
    if (blind) return; // a block would write over hidden cells
    setProblem(null);
    g.setPaste(planPaste(text, pos, { rows, cols }, doc.scale));
  };
  return { commit, onKeyDown, onPaste, rationaleRef };
}

export type GridKeyboard = ReturnType<typeof useGridKeyboard>;
