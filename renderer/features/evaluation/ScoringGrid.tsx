import { useLayoutEffect, useMemo, useRef, useState, type ClipboardEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkshopDoc } from '../../../shared/model';
import { scoringGridView } from '../../../shared/model/blind';
import { gridKeyOf, moveInGrid, parseScore, setRationale, type GridPos } from '../../../shared/model/edits/score-grid';
import { ratedCells, setScoreDetached } from '../../../shared/model/edits/ratings-edit';
import { applyPaste, gridToTsv, isBlock, planPaste, type PastePlan } from '../../../shared/model/edits/score-paste';
import { Dialog } from '../../ui/Dialog';
import { PastePreview } from './PastePreview';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { useRoom } from '../../store/room';
import { displayName } from '../../../shared/model';

const fmt = (v: number | null) => (v === null ? '' : String(v));

/**
 * One participant's scores: criteria down, candidates across. Spreadsheet keys: type a
 * number, Tab / Shift+Tab across, Enter / Shift+Enter down / up, arrows, Home / End,
 * Delete clears, R writes the cell's rationale, Esc undoes the typing. A block pasted from a
 * spreadsheet fills from the focused cell after a preview; "Copy scores" copies the grid out
 * as tab-separated text. In blind mode the
 * grid renders from the blind projection: a filled cell shows only that it is filled.
 */
export function ScoringGrid({ doc, participantId }: { doc: WorkshopDoc; participantId: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const edit = useWorkshop((s) => s.edit);
  const blind = useRoom((s) => s.blind);
  const view = useMemo(() => scoringGridView(doc, participantId, blind), [doc, participantId, blind]);
  const [focus, setFocus] = useState<GridPos>({ row: 0, col: 0 });
  const [problem, setProblem] = useState<{ pos: GridPos; reason: 'not-a-number' | 'out-of-scale' } | null>(null);
  // Cells whose score came from pairwise comparisons (RatingsPanel); typing another score there asks first.
  const rated = useMemo(() => (blind ? new Set<string>() : ratedCells(doc, participantId)), [doc, participantId, blind]);
  const [detaching, setDetaching] = useState<{ pos: GridPos; value: number; old: string } | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const rationaleRef = useRef<HTMLTextAreaElement>(null);
  const [paste, setPaste] = useState<PastePlan | null>(null);
  const [copied, setCopied] = useState<'copied' | 'copyFailed' | null>(null);
  // The cells the last paste filled ("row|col"), marked until the next edit or undo: the document
  // the paste made is remembered on the first render after it, and any other document clears the marks.
  const [pasted, setPasted] = useState<{ cells: ReadonlySet<string>; doc: WorkshopDoc | null } | null>(null);
  if (pasted && pasted.doc === null) setPasted({ cells: pasted.cells, doc });
  else if (pasted && pasted.doc !== null && pasted.doc !== doc) setPasted(null);
  const rows = view.rows.length;
  const cols = view.cols.length;
  if (rows === 0 || cols === 0) return <p className="empty">{t('room.scoring.nothing')}</p>;

  const criterionName = (r: number) => displayName(doc.criteria[r], lang, 'criterion', r);
  const candidateName = (c: number) => displayName(doc.candidates[c], lang, 'candidate', c);
  const inputAt = (pos: GridPos) => tableRef.current?.querySelector<HTMLInputElement>(`input[data-row="${pos.row}"][data-col="${pos.col}"]`) ?? null;
  const participant = doc.participants.find((p) => p.id === participantId);
  /** Blind: a cell whose score (or rationale) is hidden is read-only until the reveal, so nothing changes unseen. */
  const hiddenAt = (pos: GridPos) => {
    const v = view.cells[pos.row]?.[pos.col];
    return v !== undefined && !v.revealed && (v.filled || v.hasRationale);
  };

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
      setDetaching({ pos, value: parsed.value, old: input.defaultValue });
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
    if ((e.key === 'r' || e.key === 'R') && !e.ctrlKey && !e.metaKey && !e.altKey) {
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
    inputAt(next)?.focus();
  };

  /** A block from a spreadsheet (tabs / line breaks): planned and previewed; one value is typed into the cell as usual. */
  const onPaste = (e: ClipboardEvent<HTMLInputElement>, pos: GridPos) => {
    const text = e.clipboardData.getData('text/plain');
    if (!isBlock(text)) return;
    e.preventDefault();
    if (blind) return; // a block would write over hidden cells
    setProblem(null);
    setPaste(planPaste(text, pos, { rows, cols }, doc.scale));
  };
  const closePaste = (plan: PastePlan) => {
    setPaste(null);
    inputAt({ row: plan.cells[0].row, col: plan.cells[0].col })?.focus();
  };
  const copyGrid = async () => {
    setPasted(null);
    const tsv = gridToTsv(view.cells.map((row) => row.map((v) => (v.revealed ? v.value : null))));
    try {
      await navigator.clipboard.writeText(tsv);
      setCopied('copied');
    } catch {
      setCopied('copyFailed');
    }
  };

  const cell = view.cells[focus.row]?.[focus.col];
  const focusLabel = `${criterionName(Math.min(focus.row, rows - 1))} · ${candidateName(Math.min(focus.col, cols - 1))}`;
  return (
    <div className="scoring">
      <div className="grid-tools">
        <p className="muted small keys-hint">
          {t('room.scoring.keys')} · {t('room.paste.hint')}
        </p>
        <button type="button" className="btn small" onClick={() => void copyGrid()} title={t('room.paste.copyHint')}>
          {t('room.paste.copy')}
        </button>
        <span className="small muted" role="status">
          {copied && t(`room.paste.${copied}`)}
          {pasted && !copied && t('room.paste.pastedNote', { count: pasted.cells.size })}
        </span>
      </div>
      <div className="score-grid-wrap">
        <table className="score-grid" ref={tableRef} aria-describedby="score-grid-scale">
          <caption className="sr-only">{t('room.scoring.caption', { name: participant?.name ?? '' })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('room.scoring.criterion')}</th>
              {view.cols.map((_, c) => (
                <th key={c} scope="col">
                  {candidateName(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.cells.map((row, r) => (
              <tr key={view.rows[r]}>
                <th scope="row">{criterionName(r)}</th>
                {row.map((v, c) => {
                  const pos = { row: r, col: c };
                  const invalid = problem?.pos.row === r && problem.pos.col === c;
                  const fromPairs = rated.has(`${view.cols[c]}|${view.rows[r]}`);
                  const wasPasted = pasted?.cells.has(`${r}|${c}`) ?? false;
                  const label = `${criterionName(r)} · ${candidateName(c)}${fromPairs ? ` (${t('room.ratings.mark')})` : ''}${wasPasted ? ` (${t('room.paste.pastedMark')})` : ''}`;
                  const why = v.revealed ? (v.rationale ? 'has-why' : '') : v.hasRationale ? 'has-why' : '';
                  return (
                    <td key={c} className={[why, fromPairs && 'rated', wasPasted && 'pasted'].filter(Boolean).join(' ')}>
                      {fromPairs && (
                        <span className="rated-mark" aria-hidden="true">
                          ⇄
                        </span>
                      )}
                      <ScoreCell
                        text={v.revealed ? fmt(v.value) : ''}
                        row={r}
                        col={c}
                        masked={!v.revealed}
                        readOnly={!v.revealed && (v.filled || v.hasRationale)}
                        placeholder={!v.revealed && v.filled ? '●' : ''}
                        label={v.revealed ? label : `${label} (${v.filled ? t('room.blind.cellHidden') : t('room.blind.cellEmpty')})`}
                        invalid={invalid}
                        title={v.revealed && v.rationale ? v.rationale : undefined}
                        onFocus={(e) => {
                          e.currentTarget.select();
                          setFocus(pos);
                        }}
                        onBlur={(e) => commit(e.currentTarget, pos)}
                        onKeyDown={(e) => onKeyDown(e, pos)}
                        onPaste={(e) => onPaste(e, pos)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p id="score-grid-scale" className="muted small">
        {t('room.scoring.scale', { min: doc.scale.min, max: doc.scale.max })}
        {rated.size > 0 && ` ${t('room.ratings.legend')}`}
      </p>
      <Dialog
        title={t('room.ratings.detachTitle')}
        open={detaching !== null}
        onClose={() => {
          if (!detaching) return;
          const el = inputAt(detaching.pos);
          setDetaching(null);
          if (el) {
            el.value = el.defaultValue;
            el.focus();
          }
        }}
      >
        {detaching && (
          <div className="form">
            <p>
              {t('room.ratings.detachBody', {
                cell: `${criterionName(detaching.pos.row)} · ${candidateName(detaching.pos.col)}`,
                old: detaching.old,
                value: detaching.value,
              })}
            </p>
            <div className="form-actions">
              <button
                type="button"
                className="btn"
                autoFocus
                onClick={() => {
                  const el = inputAt(detaching.pos);
                  setDetaching(null);
                  if (el) {
                    el.value = el.defaultValue;
                    el.focus();
                  }
                }}
              >
                {t('room.ratings.keep', { old: detaching.old })}
              </button>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  const { pos, value } = detaching;
                  setDetaching(null);
                  edit(t('room.undo.detachScore'), (d) => setScoreDetached(d, participantId, view.cols[pos.col], view.rows[pos.row], value));
                  inputAt(pos)?.focus();
                }}
              >
                {t('room.ratings.detach', { value: detaching.value })}
              </button>
            </div>
          </div>
        )}
      </Dialog>
      {paste && (
        <PastePreview
          plan={paste}
          rowName={(r) => (r < rows ? criterionName(r) : null)}
          colName={(c) => (c < cols ? candidateName(c) : null)}
          scale={doc.scale}
          onCancel={() => closePaste(paste)}
          onApply={() => {
            edit(t('room.undo.paste', { count: paste.fill }), (d) => applyPaste(d, participantId, view.rows, view.cols, paste));
            setCopied(null);
            setPasted({ cells: new Set(paste.cells.filter((c) => c.status === 'fill').map((c) => `${c.row}|${c.col}`)), doc: null });
            closePaste(paste);
          }}
        />
      )}
      {problem && (
        <p className="alert small" role="alert">
          {t(`room.scoring.${problem.reason}`, { min: doc.scale.min, max: doc.scale.max })}
        </p>
      )}
      {cell && (
        <div className="field rationale">
          <label htmlFor="cell-rationale">{t('room.scoring.rationale', { cell: focusLabel })}</label>
          <textarea
            id="cell-rationale"
            ref={rationaleRef}
            key={`${participantId}:${focus.row}:${focus.col}:${cell.revealed ? cell.rationale : ''}`}
            className="input"
            rows={2}
            maxLength={10_000}
            defaultValue={cell.revealed ? cell.rationale : ''}
            readOnly={!cell.revealed && (cell.filled || cell.hasRationale)}
            placeholder={
              !cell.revealed && (cell.filled || cell.hasRationale)
                ? t(cell.hasRationale ? 'room.blind.rationaleHidden' : 'room.blind.cellReadOnly')
                : t('room.scoring.rationalePlaceholder')
            }
            onBlur={(e) => {
              const text = e.currentTarget.value;
              if (text === e.currentTarget.defaultValue) return;
              edit(t('room.undo.rationale'), (d) => setRationale(d, participantId, view.cols[focus.col], view.rows[focus.row], text.trim()));
              if (blind) e.currentTarget.value = '';
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape' || (e.key === 'Enter' && (e.ctrlKey || e.metaKey))) {
                e.preventDefault();
                inputAt(focus)?.focus();
              }
            }}
          />
        </div>
      )}
    </div>
  );
}

/**
 * One cell: an uncontrolled input (typing stays local until committed) that follows the
 * document when its score changes elsewhere (undo, another window) without losing focus.
 */
function ScoreCell({
  text,
  row,
  col,
  masked,
  placeholder,
  label,
  invalid,
  readOnly,
  title,
  onFocus,
  onBlur,
  onKeyDown,
  onPaste,
}: {
  text: string;
  row: number;
  col: number;
  masked: boolean;
  placeholder: string;
  label: string;
  invalid: boolean;
  readOnly?: boolean;
  title?: string;
  onFocus: (e: FocusEvent<HTMLInputElement>) => void;
  onBlur: (e: FocusEvent<HTMLInputElement>) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  onPaste: (e: ClipboardEvent<HTMLInputElement>) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const shown = useRef<string | null>(null);
  // The input is uncontrolled (React never sets its value), so the document's value is put
  // in here — also as the `value` attribute — unless the user is typing in this very cell.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || shown.current === text) return;
    const typing = shown.current !== null && el.value !== shown.current && document.activeElement === el;
    shown.current = text;
    el.defaultValue = text;
    if (!typing) el.value = text;
  }, [text]);
  return (
    <input
      ref={ref}
      className={masked ? 'score-input masked' : 'score-input'}
      data-row={row}
      data-col={col}
      placeholder={placeholder}
      inputMode="decimal"
      autoComplete="off"
      aria-label={label}
      aria-invalid={invalid || undefined}
      readOnly={readOnly}
      title={title}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
    />
  );
}
